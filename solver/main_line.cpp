#include "main_line.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "movegen.h"
#include "usi_move.h"

namespace kanju {

namespace {

// Walks down the proven minimax line, asking the table-backed search for exact child values.
// Among equally good choices it prefers a line that ends with the attacker's hand empty
// (docs/RULES.md §3.3: the defender avoids leaving the attacker spare pieces); a remaining tie goes
// to the first move in generation order. Sub-lines are memoised per position and length, so
// each alternative is extracted once.
class LineExtractor {
 public:
  // `preferred`: a line to follow wherever its move is as good as any other (a published
  // 作意): on it, its move is tried first, so that a tie goes to the composer's choice.
  LineExtractor(Dfpn& dfpn, const ProofTable& table, Color attacker, std::vector<Move> preferred,
                HelperThreads* helpers)
      : dfpn_(dfpn),
        table_(table),
        attacker_(attacker),
        preferred_(std::move(preferred)),
        helpers_(helpers) {}

  // Two passes. The first takes, at every node, the first move that keeps the value, trying
  // the moves the table already vouches for first: cheap, and usually the answer. If its line
  // leaves the attacker pieces in hand, the second looks for an empty-handed line (docs/RULES.md
  // §3.3), also among the attacker's unproven checks, with a budget as large as the search so
  // far: the alternatives multiply at every defender node. If it runs out, the first line stands
  // and tie_break_unfinished() says so.
  std::vector<Move> extract(Position& pos, int value) {
    Line first = line_from(pos, value, preferred_.empty() ? -1 : 0);
    if (failed_ || first.empty_hand_at_mate) return first.moves;
    memo_.clear();
    explore_ = true;
    phase_limit_ = 2 * dfpn_.nodes() + 100000;
    Line second = line_from(pos, value, preferred_.empty() ? -1 : 0);
    phase_limit_ = UINT64_MAX;
    const bool second_ok = !failed_;
    tie_break_unfinished_ = failed_;
    failed_ = false;
    return second_ok && second.empty_hand_at_mate ? second.moves : first.moves;
  }
  bool tie_break_unfinished() const { return tie_break_unfinished_; }
  bool failed() const { return failed_; }

 private:
  struct Line {
    std::vector<Move> moves;
    bool empty_hand_at_mate = false;
  };

  // Mate within `len` for the node at pos (either side to move); false also on a limit.
  bool mates_within(Position& pos, int len) {
    if (len < 0) return false;
    NodeOutcome o = prove(pos, MateLen(len), budget());
    if (!o.proven() && !o.disproven()) failed_ = true;
    return o.proven();
  }

  // A move to consider, with what the table already says about it: +1 keeps the value,
  // -1 does not, 0 unknown (a bounded search will tell).
  struct Candidate {
    Move move;
    int known;
  };

  // The moves to consider at this node, in order of preference, not yet checked against the
  // value. Moves the table already knows to keep the value come first: checking any other move
  // costs a bounded search, and a failing one often a large disproof. Then, for the attacker,
  // the most forcing check (fewest replies) first, since among equally short mates it keeps
  // the printed line free of detours whose interpositions are only futile (a rook dropped one
  // square further away than needed); for the defender, the reply that refuted the longest
  // bounded mate while the length was proven. Futile interpositions are not the defender's
  // choices at all; a reply the table knows to mate sooner is dropped before its futility is
  // tested, since it is no choice either way and the test is a search of its own (将棋図巧99:
  // three rook drops at ply 67, 38.6M nodes of tests that decided nothing, the line the same).
  std::vector<Candidate> preference_order(Position& pos, int value, Move preferred) {
    std::vector<std::pair<int, Candidate>> ranked;
    const bool attacker_moves = pos.side_to_move() == attacker_;
    const Move refutation = attacker_moves
                                ? MOVE_NONE
                                : table_.refutation_hint(dfpn_.table_key(pos), pos.hand(attacker_));
    auto classify = [&](Move m, int rank) {
      pos.do_move(m);
      const TableResult t =
          dfpn_.probe(pos, MateLen(std::max(attacker_moves ? value - 1 : value - 3, 0)));
      int known = 0;
      if (attacker_moves) {
        known = t.pn == 0 ? 1 : 0;
        rank += MoveList<EVASIONS>(pos).size();
      } else if (value >= 3) {
        known = t.dn == 0 ? 1 : t.pn == 0 ? -1 : 0;
      }
      pos.undo_move();
      if (known < 0) return;
      if (!attacker_moves && dfpn_.is_futile(pos, attacker_, m, MateLen(value), budget())) return;
      ranked.emplace_back(m == preferred ? -1 : rank + (known > 0 ? 0 : 2 * MAX_MOVES),
                          Candidate{m, known});
    };
    if (attacker_moves) {
      for (Move m : MoveList<CHECKS>(pos)) classify(m, 0);
    } else {
      for (Move e : MoveList<EVASIONS>(pos)) classify(e, e == refutation ? 0 : MAX_MOVES);
      // Drops on one square are tried together, cheapest piece first, where the best of them
      // ranks: interpositions on one square mostly last equally long, and which of them the
      // table vouches for is an accident of the search's history, not a choice the line
      // should show.
      for (auto& [rank, c] : ranked) {
        if (!c.move.is_drop() || rank < 0) continue;
        int group = rank - rank % MAX_MOVES;
        for (const auto& [r2, c2] : ranked)
          if (c2.move.is_drop() && c2.move.to() == c.move.to())
            group = std::min(group, r2 - r2 % MAX_MOVES);
        rank = group + c.move.drop_type();
      }
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Candidate> out;
    for (const auto& r : ranked) out.push_back(r.second);
    return out;
  }

  // At a defender node worth exactly `value` plies (every node line_from visits is: the root's
  // length is proven shortest, and each chosen move keeps the value), some reply is worth
  // value - 1 and none more. So when all replies but one are known to mate sooner, that one
  // keeps the value without the bounded disproof that would otherwise show it, the costliest
  // question of the extraction (将棋図巧83: the 267-ply line was not extracted in 880M nodes).
  // Replies not yet known get a small search for a shorter mate, most likely ones last: a
  // proof is cheap, and a reply that does keep the value costs at most the small budget.
  void eliminate_shorter(Position& pos, int value, std::vector<Candidate>& candidates) {
    if (value < 3 || candidates.size() < 2) {
      if (candidates.size() == 1) candidates[0].known = 1;
      return;
    }
    for (const Candidate& c : candidates)
      if (c.known > 0) return;
    for (size_t i = candidates.size(); i-- > 1 && candidates.size() > 1;)
      if (mates_cheaply(pos, candidates[i].move, value, value - 3))
        candidates.erase(candidates.begin() + i);
    if (candidates.size() == 1) candidates[0].known = 1;
  }
  static constexpr uint64_t ELIMINATION_NODES = 50'000;

  // Whether a small search proves a mate within `len` after move m at a node worth `value`.
  bool mates_cheaply(Position& pos, Move m, int value, int len) {
    pos.do_move(m);
    // A search that ran out here before (the second pass revisits the first's nodes) would run
    // out again.
    const uint64_t key = pos.key() ^ (uint64_t(value) * 0x9e3779b97f4a7c15ULL);
    bool proven = false;
    if (!unanswered_.count(key)) {
      proven = prove(pos, MateLen(len), budget(ELIMINATION_NODES)).proven();
      if (!proven) unanswered_.insert(key);
    }
    pos.undo_move();
    return proven;
  }

  // At an attacker node where the table vouches for no check, each check would cost a bounded
  // search, and one that does not keep the value a large disproof. That happens where the line
  // leaves the last proofs of the length (two threads: 将棋図巧32's 31-ply line took 8.5-9.7M
  // nodes to extract in 3 runs of 8, a check at ply 7 refuted before the mating one was tried,
  // against 40-1,100 nodes in the others and on one thread). So each check first gets a small
  // search for its mate within the value, in order, and the first that mates goes first (after
  // the published move, which keeps its place): a mate within a known length is cheap to find,
  // a check that fails costs at most the small budget here.
  void confirm_cheaply(Position& pos, int value, std::vector<Candidate>& candidates,
                       Move preferred) {
    for (const Candidate& c : candidates)
      if (c.known > 0) return;
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (candidates[i].move == preferred ||
          !mates_cheaply(pos, candidates[i].move, value, value - 1))
        continue;
      const Candidate mating{candidates[i].move, 1};
      candidates.erase(candidates.begin() + long(i));
      const bool published_first = !candidates.empty() && candidates[0].move == preferred;
      candidates.insert(candidates.begin() + (published_first ? 1 : 0), mating);
      return;
    }
  }

  // Whether move m (already played on pos) keeps to the value: for the attacker, mate within
  // value - 1 remains; for the defender, no mate sooner than value - 1.
  bool keeps_value(Position& pos, bool attacker_moved, int value) {
    return attacker_moved ? mates_within(pos, value - 1) : !mates_within(pos, value - 3);
  }

  // `on_preferred`: the index in preferred_ of this node's move when the path so far is the
  // preferred line's, else -1.
  Line line_from(Position& pos, int value, int on_preferred) {
    if (value == 0 || failed_) return Line{{}, pos.hand(attacker_).empty()};
    const uint64_t memo_key = pos.key() ^ (uint64_t(value) * 0x9e3779b97f4a7c15ULL);
    if (on_preferred >= int(preferred_.size())) on_preferred = -1;
    const Move preferred = on_preferred >= 0 ? preferred_[on_preferred] : MOVE_NONE;
    if (auto it = memo_.find(memo_key); it != memo_.end() && on_preferred < 0) return it->second;
    Line best;
    bool have = false;
    const bool attacker_moves = pos.side_to_move() == attacker_;
    // The hand can only be emptied by drops, one per attacker move: with more pieces in hand
    // than attacker moves left, no line ends empty-handed and the first line found will do.
    int in_hand = 0;
    for (PieceType pt : HAND_TYPES_SFEN_ORDER) in_hand += pos.hand(attacker_).count(pt);
    const bool empty_possible = in_hand <= (attacker_moves ? (value + 1) / 2 : value / 2);
    std::vector<Candidate> candidates = preference_order(pos, value, preferred);
    if (!attacker_moves)
      eliminate_shorter(pos, value, candidates);
    else
      confirm_cheaply(pos, value, candidates, preferred);
    for (const Candidate& c : candidates) {
      const Move m = c.move;
      pos.do_move(m);
      if (c.known == 0 && !keeps_value(pos, attacker_moves, value)) {
        pos.undo_move();
        if (failed_) break;
        continue;
      }
      Line sub = line_from(pos, value - 1, m == preferred ? on_preferred + 1 : -1);
      pos.undo_move();
      if (failed_) break;
      sub.moves.insert(sub.moves.begin(), m);
      if (!have || (sub.empty_hand_at_mate && !best.empty_hand_at_mate)) best = sub, have = true;
      if (!explore_ || best.empty_hand_at_mate || !empty_possible) break;
    }
    if (!have) failed_ = true;
    memo_.emplace(memo_key, best);
    return best;
  }

  // A bounded question, with the helpers searching beside when there are any.
  NodeOutcome prove(Position& pos, MateLen len, uint64_t nodes) {
    return helpers_ ? helpers_->prove(dfpn_, pos, attacker_, len, nodes)
                    : dfpn_.prove(pos, attacker_, len, nodes);
  }

  // The nodes a query may search: at most `cap`, and within the second pass's share (extract).
  uint64_t budget(uint64_t cap = UINT64_MAX) const {
    return std::min(cap, phase_limit_ - std::min(phase_limit_, dfpn_.nodes()));
  }

  Dfpn& dfpn_;
  const ProofTable& table_;
  Color attacker_;
  std::vector<Move> preferred_;
  HelperThreads* helpers_;
  bool failed_ = false;
  bool explore_ = false;
  bool tie_break_unfinished_ = false;
  uint64_t phase_limit_ = UINT64_MAX;  // the node count at which the second pass stops
  std::unordered_map<uint64_t, Line> memo_;
  // Small searches that ran out (eliminate_shorter, confirm_cheaply).
  std::unordered_set<uint64_t> unanswered_;
};

}  // namespace

ExtractedLine extract_main_line(Dfpn& dfpn, const ProofTable& table, Color attacker, Position& pos,
                                int value, const std::vector<Move>& preferred,
                                HelperThreads* helpers) {
  LineExtractor extractor(dfpn, table, attacker, preferred, helpers);
  ExtractedLine line;
  line.moves = extractor.extract(pos, value);
  line.failed = extractor.failed();
  line.tie_break_unfinished = extractor.tie_break_unfinished();
  return line;
}

namespace {

// The nodes a futility test of the walk may search: a million, or a sixteenth of the search so
// far. The walk runs on the main thread alone, and its 狭義 tests ask for the shortest mate
// after the capture up to the node's bound, which can be a subproblem as hard as the node:
// 将棋図巧79 on two threads, where a helper's first proof left the table other proofs than one
// thread's, spent its whole limit of 200M nodes in one such test in one run of three (and 18M in
// others), where one thread proves the length shortest in 7.5M nodes in all. On one thread the
// budget binds on one of the 20 hardest 図巧 (図巧23: 27.4M nodes in all instead of 34.9M, the
// same 31 plies), and on none of the bench, the conventions examples or 図巧's verification.
uint64_t walk_futile_budget(const Dfpn& dfpn) {
  return std::max<uint64_t>(1'000'000, dfpn.nodes() / 16);
}

// bounded_line's defence: the reply that is no futile interposition with the longest mate the
// table knows (the first in move order among equals), MOVE_NONE if every reply is futile. The
// replies are judged longest first and only until one is not futile: each futility test is a
// search of its own, and testing every drop first cost 図巧90's walk 8.1M of its 16.3M nodes.
// Each test gets a budget (walk_futile_budget), and one that runs out says "not futile": the
// walk then follows the interposition, whose mate the table knows, so the line stays a forced
// mate (or the walk fails where the proof within the bound is missing), only not the
// composer's.
Move longest_known_reply(Dfpn& dfpn, Position& pos, Color attacker, int bound) {
  std::vector<std::pair<int, Move>> replies;
  for (Move e : MoveList<EVASIONS>(pos)) {
    pos.do_move(e);
    const TableResult t = dfpn.probe(pos, DEPTH_UNLIMITED);
    pos.undo_move();
    replies.emplace_back(t.pn == 0 ? int(t.hi) : 0, e);
  }
  std::stable_sort(replies.begin(), replies.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [len, e] : replies)
    if (!dfpn.is_futile(pos, attacker, e, MateLen(bound), walk_futile_budget(dfpn))) return e;
  return MOVE_NONE;
}

}  // namespace

// A mate line for a node proven to mate within `bound` plies but not proven shortest (the
// search ran out before it could be). Each node is proven again within its bound, which the
// table answers at once when it still holds the proof: the attacker plays the proving check,
// the defender the reply with the longest mate the table knows, futile interpositions left
// out. Every choice rests on a proof, so the line is a forced mate; it is not the composer's
// solution, whose length is unknown. The bound falls by at least one a ply, so the walk ends.
// Iterative: such lines run to 1,500 plies. Empty when a proof could not be found again within
// the budget.
// `bound` is lowered to the root's proven length.
std::vector<Move> bounded_line(Dfpn& dfpn, Position& pos, int& root_bound) {
  return bounded_line(dfpn, pos, pos.side_to_move(), root_bound, UINT64_MAX);
}

std::vector<Move> bounded_line(Dfpn& dfpn, Position& pos, Color attacker, int& root_bound,
                               uint64_t budget) {
  int bound = root_bound;
  const uint64_t start = dfpn.nodes();
  std::vector<Move> line;
  auto give_up = [&] {
    for (size_t i = 0; i < line.size(); ++i) pos.undo_move();
    line.clear();
  };
  while (bound > 0) {
    const uint64_t used = dfpn.nodes() - start;
    if (used >= budget) return give_up(), line;
    const NodeOutcome o = dfpn.prove(pos, attacker, MateLen(bound), budget - used);
    if (!o.proven()) return give_up(), line;
    if (line.empty()) root_bound = std::min(root_bound, int(o.hi));
    Move chosen = o.best;
    if (pos.side_to_move() != attacker) {
      chosen = longest_known_reply(dfpn, pos, attacker, bound);
      if (chosen == MOVE_NONE) break;  // only futile interpositions: mate
    }
    if (chosen == MOVE_NONE) return give_up(), line;
    line.push_back(chosen);
    pos.do_move(chosen);
    bound = std::min(bound, int(o.hi)) - 1;
  }
  for (size_t i = 0; i < line.size(); ++i) pos.undo_move();
  return line;
}

std::string check_main_line(const Position& root, const std::vector<Move>& line,
                            const FutileTest& futile) {
  Position pos = root;
  const Color attacker = pos.side_to_move();
  for (size_t i = 0; i < line.size(); ++i) {
    const Move m = line[i];
    if (!MoveList<LEGAL>(pos).contains(m))
      return "move " + std::to_string(i + 1) + " (" + to_usi(m) + ") is not legal";
    if (pos.side_to_move() == attacker && !pos.gives_check(m))
      return "attacker move " + std::to_string(i + 1) + " (" + to_usi(m) + ") is not a check";
    pos.do_move(m);
  }
  if (line.size() % 2 == 0) return "the line has an even number of plies";
  if (!pos.in_check()) return "the final position is not check";
  for (Move e : MoveList<EVASIONS>(pos))
    if (!futile || !futile(pos, e))
      return "the final position is not mate: " + to_usi(e) + " escapes";
  return "";
}

}  // namespace kanju
