#include "solve.h"

#include <algorithm>
#include <climits>
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
  LineExtractor(Dfpn& dfpn, const ProofTable& table, Color attacker,
                std::vector<Move> preferred = {})
      : dfpn_(dfpn), table_(table), attacker_(attacker), preferred_(std::move(preferred)) {}

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
    const uint64_t saved_limit = dfpn_.max_nodes();
    dfpn_.set_max_nodes(std::min(saved_limit, 2 * dfpn_.nodes() + 100000));
    Line second = line_from(pos, value, preferred_.empty() ? -1 : 0);
    dfpn_.set_max_nodes(saved_limit);
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
    NodeOutcome o = dfpn_.prove(pos, attacker_, MateLen(len));
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
  // choices at all.
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
      ranked.emplace_back(m == preferred ? -1 : rank + (known > 0 ? 0 : 2 * MAX_MOVES),
                          Candidate{m, known});
    };
    if (attacker_moves) {
      for (Move m : MoveList<CHECKS>(pos)) classify(m, 0);
    } else {
      for (Move e : MoveList<EVASIONS>(pos))
        if (!dfpn_.is_futile(pos, attacker_, e, MateLen(value)))
          classify(e, e == refutation ? 0 : MAX_MOVES);
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
    const uint64_t saved_limit = dfpn_.max_nodes();
    for (size_t i = candidates.size(); i-- > 1 && candidates.size() > 1;) {
      pos.do_move(candidates[i].move);
      // A search that ran out here before (the second pass revisits the first's nodes) would
      // run out again.
      const uint64_t key = pos.key() ^ (uint64_t(value) * 0x9e3779b97f4a7c15ULL);
      bool proven = false;
      if (!unanswered_.count(key)) {
        dfpn_.set_max_nodes(std::min(saved_limit, dfpn_.nodes() + ELIMINATION_NODES));
        proven = dfpn_.prove(pos, attacker_, MateLen(value - 3)).proven();
        if (!proven) unanswered_.insert(key);
      }
      pos.undo_move();
      if (proven) candidates.erase(candidates.begin() + i);
    }
    dfpn_.set_max_nodes(saved_limit);
    if (candidates.size() == 1) candidates[0].known = 1;
  }
  static constexpr uint64_t ELIMINATION_NODES = 50'000;

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
    if (!attacker_moves) eliminate_shorter(pos, value, candidates);
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

  Dfpn& dfpn_;
  const ProofTable& table_;
  Color attacker_;
  std::vector<Move> preferred_;
  bool failed_ = false;
  bool explore_ = false;
  bool tie_break_unfinished_ = false;
  std::unordered_map<uint64_t, Line> memo_;
  std::unordered_set<uint64_t> unanswered_;  // eliminate_shorter's searches that ran out
};

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
  int bound = root_bound;
  const Color attacker = pos.side_to_move();
  std::vector<Move> line;
  auto give_up = [&] {
    for (size_t i = 0; i < line.size(); ++i) pos.undo_move();
    line.clear();
  };
  while (bound > 0) {
    const NodeOutcome o = dfpn.prove(pos, attacker, MateLen(bound));
    if (!o.proven()) return give_up(), line;
    if (line.empty()) root_bound = std::min(root_bound, int(o.hi));
    Move chosen = o.best;
    if (pos.side_to_move() != attacker) {
      // The reply with the longest mate the table knows.
      int longest = -1;
      chosen = MOVE_NONE;
      for (Move e : MoveList<EVASIONS>(pos)) {
        if (dfpn.is_futile(pos, attacker, e, MateLen(bound))) continue;
        pos.do_move(e);
        const TableResult t = dfpn.probe(pos, DEPTH_UNLIMITED);
        pos.undo_move();
        const int len = t.pn == 0 ? int(t.hi) : 0;
        if (chosen == MOVE_NONE || len > longest) chosen = e, longest = len;
      }
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

// Shortens a long mate by local searches along its line, deepest node first, each limited to
// `per_query` nodes: at every node, "mate within two plies fewer?" until the answer is no or
// unknown. Proving a long mate shortest from the root re-searches the whole chain, since every
// node on it holds a proof a little too long; but where the first proof took a detour (a piece
// walked away and back), the shortcut rejoins the line a few plies later, and a small search
// at the detour's start finds it, the rest of the line being known. Deepest first, a node's
// children already carry their shortened lengths. Sound as any bounded search (a query cut
// short stores no failure); it proves nothing shortest, it only lowers the known bound.
// Returns the root's mate length after the pass, -1 when the global budget ran out.
int shorten_locally(Dfpn& dfpn, Position& pos, const std::vector<Move>& line, uint64_t per_query,
                    std::unordered_set<uint64_t>& tried) {
  const Color attacker = pos.side_to_move();
  const uint64_t global_limit = dfpn.max_nodes();
  for (Move m : line) pos.do_move(m);
  size_t undone = 0;
  int root_length = -1;
  int next_len = -1;  // the length of the node one ply deeper on the line
  for (size_t i = line.size(); i-- > 0;) {
    pos.undo_move(), ++undone;
    dfpn.set_max_nodes(std::min(global_limit, dfpn.nodes() + per_query));
    NodeOutcome o = dfpn.prove(pos, attacker);
    int len = o.proven() ? int(o.hi) : -1;
    // A defender node is worth asking only when its reply on the line now mates sooner than
    // the node's own proof says: otherwise that reply alone keeps the node's length (the
    // reply's query has just failed to shorten it), and the query would fail too, at the
    // full budget. Detours after other replies come onto the line in a later pass, since the
    // line takes the longest reply.
    const bool ask = pos.side_to_move() == attacker || next_len < 0 || next_len + 1 < len;
    while (ask && len >= 2 && i > 0) {  // the root's own question is the caller's
      // A query that came back unanswered in an earlier pass would again.
      if (!tried.insert(pos.key() ^ (uint64_t(len) * 0x9e3779b97f4a7c15ULL)).second) break;
      const NodeOutcome shorter = dfpn.prove(pos, attacker, MateLen(len - 2));
      if (!shorter.proven()) break;
      len = shorter.hi;
    }
    dfpn.set_max_nodes(global_limit);
    next_len = len;
    if (dfpn.limits_reached() || len < 0) break;
    if (i == 0) root_length = len;
  }
  for (; undone < line.size(); ++undone) pos.undo_move();
  return root_length;
}

// SolveResult::wide_line: the main line with every drop that only adds two plies replaced by
// the defender's as-long reply and that reply's own main line, in which the search goes on
// after the reply. (Taking the last drop first was tried: on the 29 将棋図巧 longer than
// published it gives the published length for 1 problem, this order for 3.)
void follow_wide_futile(const Position& root, ProofTable& table, const SearchLimits& limits,
                        FutilePolicy futile, SolveResult& result) {
  const Color attacker = root.side_to_move();
  std::vector<Move>& line = result.wide_line;
  size_t from = 0;
  for (int round = 0;; ++round) {
    const std::vector<WideFutileDrop> drops =
        wide_futile_drops(root, line, table, limits, futile, from);
    auto first = std::find_if(drops.begin(), drops.end(), [](const WideFutileDrop& d) {
      return d.shortens && d.alternative != MOVE_NONE;
    });
    // The drops before it add nothing either, but take as long as any other reply.
    result.wide_futile.insert(result.wide_futile.end(), drops.begin(), first);
    if (first == drops.end() || round == 64) break;
    result.wide_futile.push_back(*first);
    // The drop is line[p - 1]; its line after the capture has `left` plies, and so does the
    // alternative's, the reply included.
    const size_t p = size_t(first->ply);
    const int left = int(line.size() - (p + 1));
    line.resize(p - 1);
    line.push_back(first->alternative);
    Position pos = root;
    for (Move m : line) pos.do_move(m);
    Dfpn dfpn(table, limits, futile);
    LineExtractor extractor(dfpn, table, attacker);
    const std::vector<Move> tail = extractor.extract(pos, left - 1);
    std::vector<Move> full = line;
    full.insert(full.end(), tail.begin(), tail.end());
    if (extractor.failed() || !check_main_line(root, full, [&](Position& q, Move m) {
                                 return dfpn.is_futile(q, attacker, m);
                               }).empty()) {
      line.clear();
      result.wide_futile.clear();
      return;
    }
    line = std::move(full);
    from = p;
  }
  result.wide_length = int(line.size());
}

}  // namespace

const char* to_string(SolveStatus s) {
  switch (s) {
    case SolveStatus::Mate: return "mate";
    case SolveStatus::NoMate: return "no mate";
    default: return "unknown";
  }
}

SolveResult solve(const Position& root, ProofTable& table, const SolveOptions& options) {
  SolveResult result;
  Position pos = root;
  const Color attacker = pos.side_to_move();
  Dfpn dfpn(table, options.limits, options.futile);

  // Each phase's nodes are counted from the moment it starts.
  uint64_t* phase_nodes = &result.prove_nodes;
  uint64_t phase_start = 0;
  auto enter_phase = [&](uint64_t* next) {
    *phase_nodes += dfpn.nodes() - phase_start;
    phase_start = dfpn.nodes();
    if (next) phase_nodes = next;
  };

  // Step 1. Mate or no mate, at any length.
  NodeOutcome o = dfpn.prove(pos, attacker);
  auto finish = [&](SolveStatus status, std::string note) {
    result.status = status;
    result.note = std::move(note);
    result.nodes = dfpn.nodes();
    result.expansions = dfpn.expansions();
    enter_phase(nullptr);
    result.seconds = dfpn.elapsed_seconds();
    return result;
  };
  // Where the caller allows it (unproven_line), a search that ran out of its node or time
  // limit gets a tenth more (1M nodes, 1 s at least) for the work after a proof.
  auto extend = [&] {
    return options.unproven_line &&
           dfpn.extend_limits(std::max<uint64_t>(dfpn.nodes() / 10, 1'000'000),
                              std::max(1.0, dfpn.elapsed_seconds() / 10));
  };
  // A forced mate of at most `bound` plies walked down the table's proofs (bounded_line),
  // checked like a main line, into result.line; `bound` falls to the root's proven length.
  auto walk_proofs = [&](int& bound) {
    dfpn.set_phase("line", bound);
    result.line = bounded_line(dfpn, pos, bound);
    if (!result.line.empty() && !check_main_line(root, result.line, [&](Position& p, Move m) {
                                   return dfpn.is_futile(p, attacker, m);
                                 }).empty())
      result.line.clear();
    return !result.line.empty();
  };
  if (o.disproven()) return finish(SolveStatus::NoMate, "");
  if (!o.proven()) return finish(SolveStatus::Unknown, "limit reached before a proof");

  // Step 2. The shortest mate: ask for a mate two plies shorter until there is none.
  enter_phase(&result.shorten_nodes);
  int length = o.hi;
  dfpn.set_phase("shorten", length);
  // First lower the bound by small searches along the mate's line while it keeps falling
  // (shorten_locally): a long first proof is mostly detours that such searches remove cheaply.
  if (options.local_query_nodes > 0) {
    std::unordered_set<uint64_t> tried;
    for (int pass = 0; pass < 16 && length >= 3; ++pass) {
      const std::vector<Move> found = bounded_line(dfpn, pos, length);
      if (found.empty()) break;
      const uint64_t per_query =
          std::clamp<uint64_t>(result.prove_nodes / 500, 20'000, options.local_query_nodes);
      const int shorter = shorten_locally(dfpn, pos, found, per_query, tried);
      if (shorter < 0 || shorter >= length) break;
      length = shorter;
      dfpn.set_phase("shorten", length);
    }
  }
  while (length >= 3) {
    NodeOutcome shorter = dfpn.prove(pos, attacker, MateLen(length - 2));
    if (shorter.proven()) {
      length = shorter.hi;
      dfpn.set_phase("shorten", length);
    } else if (shorter.disproven()) {
      break;
    } else {
      // Out of budget: print the best mate found, with what the budget left (or, on a node or
      // time limit, a tenth more) to walk down the table's proofs.
      enter_phase(&result.line_nodes);
      if (extend()) walk_proofs(length);
      std::string note = "mate found in " + std::to_string(length) +
                         " plies, limit reached before it was proven shortest";
      if (!result.line.empty()) {
        result.upper_bound = length;
        note += "; the line shown is a mate in " + std::to_string(result.line.size()) +
                " plies, not proven shortest";
      }
      return finish(SolveStatus::Unknown, note);
    }
  }

  // Step 3. The main line, checked by replaying it.
  enter_phase(&result.line_nodes);
  dfpn.set_phase("line", length);
  bool failed = false, tie_break_unfinished = false;
  for (int attempt = 0;; ++attempt) {
    LineExtractor extractor(dfpn, table, attacker, options.preferred_line);
    result.line = extractor.extract(pos, length);
    failed = extractor.failed();
    tie_break_unfinished = extractor.tie_break_unfinished();
    // The proof may have used up the limit: where the caller allows (unproven_line), a length
    // proven is worth a tenth more to print its line, as a mate not proven shortest is.
    if (!failed || attempt > 0 || !extend()) break;
  }
  result.length = length;
  if (failed) {
    // Still short of budget (the extraction's bounded disproofs are costly on long mates): show
    // a mate walked down the proofs instead, as for a mate not proven shortest.
    std::string note =
        "mate in " + std::to_string(length) + " proven, limit reached while extracting the line";
    result.line.clear();
    // Only a walk as long as the proven length is shown: where the table has lost the proofs
    // of the longest replies, the walk takes a shorter one (図巧100: 103 plies of a 611).
    int bound = length;
    if (extend() && walk_proofs(bound) && int(result.line.size()) == length) {
      result.upper_bound = length;
      note += "; the line shown is a mate in " + std::to_string(length) +
              " plies walked down the proofs, not the extracted main line";
    } else {
      result.line.clear();
    }
    return finish(SolveStatus::Unknown, note);
  }
  std::string problem = check_main_line(
      root, result.line, [&](Position& p, Move m) { return dfpn.is_futile(p, attacker, m); });
  if (!problem.empty()) return finish(SolveStatus::Unknown, "self-check failed: " + problem);
  if (options.wide_futile) {
    SearchLimits limits = options.limits;
    limits.max_nodes = std::max<uint64_t>(dfpn.nodes(), 1'000'000);
    limits.max_seconds = 0;
    limits.progress = nullptr;
    result.wide_line = result.line;
    follow_wide_futile(root, table, limits, options.futile, result);
  }
  if (tie_break_unfinished)
    return finish(SolveStatus::Mate,
                  "the line leaves pieces in hand; the search for an empty-handed defence "
                  "(docs/RULES.md 3.3) ran out of budget");
  return finish(SolveStatus::Mate, "");
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
