// The attacker's side of verification (docs/RULES.md §5.2-5.3): at each attacker node of the main
// line, every other check is proven to mate or not, at any length; a mating one is measured
// against the main move (its minimax length), followed to see whether it comes back to the main
// line, and classed by the steps of §5.2 (alternative_class.h).
#include <algorithm>

#include "alternative_class.h"
#include "meeting_bound.h"
#include "verifier.h"

namespace kanju::verify_detail {

namespace {

// Positions the convergence walk may visit for one alternative: CONVERGE_VISITS, or one per
// CHECK_NODES_PER_VISIT nodes of a check when that allows more (a larger --check-nodes also buys
// longer walks; up to 5M nodes a check the cap is 20,000). Each visit may ask the table a
// bounded question, so this bounds the walk's cost; a walk cut by it finds no return, and the
// finding says so.
constexpr int CONVERGE_VISITS = 20'000;
constexpr uint64_t CHECK_NODES_PER_VISIT = 250;
// Nodes for each question of the first walk; each further walk gives eight times as many.
constexpr uint64_t WALK_QUESTION_NODES = 20'000;
// The line of a mating alternative whose exact length is not proven is walked down the proofs
// with at most this share of a check's nodes: the table mostly holds them, and the line only
// shows the mate, it decides nothing.
constexpr uint64_t WALK_SHARE = 4;

}  // namespace

void Verifier::check_attacker_node(Position& pos, int ply) {
  MainValue main;  // V(m), computed when first needed
  for (Move m : MoveList<CHECKS>(pos)) {
    if (m == main_[ply - 1]) continue;
    if (budget_gone(ply, "余詰 and the checks after it")) {
      alternatives_.emplace(std::pair{ply, m.raw()}, FindingKind::Unchecked);
      continue;
    }
    check_alternative(pos, ply, m, main);
  }
}

// One other check m at the attacker node before `ply` (pos): proven to mate or not; a mating one
// is measured, classed and added as a finding, and alternatives_ records what it is.
void Verifier::check_alternative(Position& pos, int ply, Move m, MainValue& main) {
  // On the final move only other mates in one, unless asked for the strict reading.
  MateLen bound = ply == length() && !options_.strict_final ? MateLen(0) : DEPTH_UNLIMITED;
  Check c = check();
  // In a shorter variation the attacker is free (docs/RULES.md §5.7): only a faster mate, an
  // 早詰 of the main move, is a finding, and whether the check mates later does not matter. Faster
  // than the main move's own value, not than the claimed line's rest: the claimed line goes on
  // in a shorter variation, and a later defence of it may be shorter than the longest too, so
  // that the main move mates later than the line shows (将棋図巧83 ply 251: ▲５三桂成 mates in 13
  // where the line shows 11 for ▲２三龍, whose value is 15: an 早詰 missed when asked "within 9").
  const bool free = in_shorter_variation(ply);
  if (free) {
    if (!main.known()) main = main_value(c, pos, ply);
    // Without that value nothing is known: a check mating later than the line shows could be one.
    if (!main.exact) {
      alternatives_.emplace(std::pair{ply, m.raw()}, FindingKind::Unchecked);
      unchecked(ply, m, "早詰", "the main move's value was not proven within the budget");
      return;
    }
    if (main.len < 3) return;
    bound = std::min(bound, MateLen(main.len - 3));
  }
  pos.do_move(m);
  const NodeOutcome o = c.prove(pos, bound);
  if (!o.disproven()) alternatives_.emplace(std::pair{ply, m.raw()}, FindingKind::Unchecked);
  if (!o.proven()) {
    if (!o.disproven()) unchecked(ply, m, free ? "早詰" : "余詰", c.why_undecided());
    pos.undo_move();
    return;
  }
  Finding f;
  f.ply = ply;
  f.move = m;
  f.main_move = main_[ply - 1];
  const int reply_len = c.shortest(pos, o.hi, f.exact);
  f.length = reply_len + 1;
  if (free) {
    if (f.length >= main.len) {
      // No faster than the main move: the attacker's free choice. Known only with the exact
      // length: f.length may be an upper bound.
      if (f.exact)
        alternatives_.erase({ply, m.raw()});
      else
        unchecked(ply, m, "早詰", "its length was not proven within the budget");
      pos.undo_move();
      return;
    }
  }
  f.line.push_back(m);
  const bool line_known = !f.exact || c.line(pos, reply_len, f.line);
  if (!line_known) f.line.resize(1);
  // Without its exact length, the alternative still shows how it mates where a walk down the
  // proofs lasts as long as the length found: a reader can replay the claim that it mates. The
  // walk is a question of its own, with its own cap: the proof and the length may have spent
  // the check's.
  bool walked = false;
  if (!f.exact) {
    Check walk = check(std::max<uint64_t>(1, options_.check_nodes / WALK_SHARE));
    walked = walk.walked_line(pos, reply_len, f.line);
    pos.undo_move();
    if (walked && !check_main_line(pos, f.line, [&](Position& p, Move e) {
                     return walk.futile(p, e);
                   }).empty())
      f.line.resize(1);
  } else {
    pos.undo_move();
  }
  if (!main.known()) main = main_value(c, pos, ply);
  judge_alternative(pos, ply, main.len, line_known, f);
  if (!f.exact && f.line.size() > 1)
    f.note += (f.note.empty() ? "" : "; ") + std::string("the line shown is a mate in ") +
              std::to_string(f.length) + " plies walked down the proofs, not proven shortest";
  alternatives_[{ply, m.raw()}] = f.kind;
  if (!main.exact) {
    // Measured against the claimed line's rest, which the main move's value may fall below (a
    // later attacker move not the fastest) or exceed (a later reply shorter than the longest):
    // an 早詰 may be none, a cook an 早詰.
    leave_open(f,
               "measured against the claimed line's rest: the main move's own value was not "
               "proven within the budget");
  } else if (ply > doubt_ply_ && f.kind != FindingKind::EarlyMate) {
    leave_open(f, "unless the claimed line is a shorter variation from ply " +
                      std::to_string(doubt_ply_) + " (not decided within the budget)");
  }
  add(std::move(f));
}

// A finding whose weight on the verdict rests on a question left open (`why`): an alternative
// after a defender ply where the claimed line may become a shorter variation (doubt_ply_: there it
// would be the attacker's free choice, no finding; docs/RULES.md §5.7), or one measured against a
// main move whose value was not proven. What would weigh (a cook, a kizu) is unchecked; notes
// stay, weighing on no verdict either way.
void Verifier::leave_open(Finding& f, const std::string& why) const {
  auto doubtful = [](Severity s) {
    return s == Severity::Unsound || s == Severity::KizuDeep || s == Severity::Kizu
               ? Severity::Unchecked
               : s;
  };
  const Severity modern = doubtful(f.severity_in(Profile::Modern));
  const Severity classic = doubtful(f.severity_in(Profile::Classic));
  if (modern == f.severity_in(Profile::Modern) && classic == f.severity_in(Profile::Classic))
    return;
  f.set_severity(modern, classic);
  if (!f.note.empty()) f.note += "; ";
  f.note += why;
}

// V(m): the minimax length of the main line's move at `ply` from pos (the node before it). The
// solver's own line is minimax already; a claimed line need not be (a later defence of the author
// may not be the longest, a later check not the fastest), so its value is proven here. Falls
// back to the plies the main line has left when the budget does not allow.
Verifier::MainValue Verifier::main_value(Check& c, Position& pos, int ply) {
  const int rest = length() - ply + 1;
  if (!result_.main_line_claimed) return MainValue{rest, true};
  pos.do_move(main_[ply - 1]);
  MainValue value{rest, false};
  const NodeOutcome o = c.prove(pos);
  if (o.proven()) {
    bool exact = false;
    const int len = c.shortest(pos, o.hi, exact);
    if (exact) value = MainValue{len + 1, true};
  }
  pos.undo_move();
  return value;
}

// Classes a mating alternative (pos: the node before it) by docs/RULES.md §5.2.
// line_known: f.line holds the alternative's whole line (not only its first move).
void Verifier::judge_alternative(Position& pos, int ply, int main_len, bool line_known,
                                 Finding& f) {
  AlternativeFacts a;
  a.move = f.move;
  a.main_move = f.main_move;
  a.king = pos.king_square(~attacker_);
  a.length = f.length;
  a.exact = f.exact;
  a.main_length = main_len;
  a.final_node = ply == length();
  a.near_end = ply >= length() - 2;
  a.one_move_work = length() == 1;
  a.king_moves_only = f.exact && f.line.size() == size_t(f.length);
  for (size_t i = 1; i < f.line.size(); i += 2)
    if (f.line[i].is_drop() || type_of(f.line[i].moved_piece()) != KING) a.king_moves_only = false;
  f.main_length = main_len;
  // Whether it comes back to the main line decides every class but the final move's.
  // The way back is a question of its own, with its own cap: the proof and the length of the
  // alternative may have spent most of theirs.
  // It is walked again with a larger share for each question while some went unanswered: the
  // questions that decide are usually cheap, and one costly question must not starve the rest.
  Walk walk;
  walk.max_visits = int(std::min<uint64_t>(
      INT32_MAX,
      std::max<uint64_t>(CONVERGE_VISITS, options_.check_nodes / CHECK_NODES_PER_VISIT)));
  WayBack back{WayBack::NO};
  if (!a.final_node && f.exact && f.length > 1) {
    Check way_back = check();
    pos.do_move(f.move);
    for (walk.question_nodes = WALK_QUESTION_NODES;; walk.question_nodes *= 8) {
      walk.visits = 0;
      a.convergence = Convergence{};
      back = converges(way_back, pos, ply, f.length - 1, 1, walk, a.convergence);
      // Done when decided, out of nodes or stopped, cut by its size, or after a walk whose
      // questions could each take the whole cap.
      if (back.decided() || way_back.exhausted() || budget_.exhausted() ||
          walk.visits > walk.max_visits || walk.question_nodes >= options_.check_nodes ||
          walk.question_nodes > UINT64_MAX / 8)
        break;
    }
    pos.undo_move();
  }
  // A branch that came back may have been outweighed by a defence that does not.
  if (!back.comes_back()) a.convergence = Convergence{};
  a.convergence.forced = back.is(WayBack::YES);
  a.convergence.forced_known = back.decided();
  f.convergence = a.convergence;
  const AlternativeClass k = classify_alternative(a);
  f.kind = k.kind;
  f.set_severity(k.modern, k.classic);
  // "Another mate" is a claim that the alternative never comes back: it needs its exact length
  // and a finished search for the way back, every question of which was answered. Without them
  // nothing is known (a timeout, not a verdict). The claim is a cook's in both profiles, and the
  // modern profile's for a farther drop the classic one accepts (step G'). It needs its line as
  // well: a reader checks a cook on a board, and without the line a farther drop cannot be told
  // from another mate (step G' reads the defences of the line).
  const bool unfinished = !f.exact || !line_known || !back.decided() || budget_.exhausted();
  // An 早詰 is a kizu in the classic profile where it shortcuts a detour of the author's line (it
  // comes back to it), else unsound: with the way back not decided (or not walked, its length
  // being an upper bound), which one is not known.
  if (f.kind == FindingKind::EarlyMate && !a.convergence.converges() &&
      f.severity_in(Profile::Classic) == Severity::Unsound && !a.final_node &&
      (!f.exact || !back.decided())) {
    f.set_severity(k.modern, Severity::Unchecked);
    f.note = "a kizu if it comes back to the main line, which was not decided within the budget";
    return;
  }
  if (a.convergence.converges() && !a.convergence.forced_known)
    f.note =
        "back on the main line, but whether the defender could avoid it was not decided "
        "within the budget";
  if (!unfinished || a.final_node || a.one_move_work || a.convergence.converges()) return;
  if (f.kind == FindingKind::DropNonLimiting) {
    f.set_severity(Severity::Unchecked, k.classic);
  } else if (f.kind == FindingKind::Yozume) {
    f.kind = FindingKind::Unchecked;
    f.set_severity(Severity::Unchecked, Severity::Unchecked);
    f.note = !f.exact      ? "余詰 or not: its length was not proven within the budget"
             : !line_known ? "余詰 or not: its line was not extracted within the budget"
             : walk.visits > walk.max_visits
                 ? "余詰 or not: no return to the main line found within " +
                       std::to_string(walk.max_visits) + " positions"
                 : "余詰 or not: a question of the search for its way back to the main line "
                   "ran out of budget";
  }
}

// Whether pos (on the alternative's line, `alt_plies` after the branch node before `ply`, mating
// in exactly `value` plies) comes back to the main line on every line the defender would choose:
// the attacker keeps to checks that keep the value, and defences mated sooner than the longest
// do not count (docs/RULES.md §5.3: convergence is forced). `found` says where. An answer that
// rests on a question that ran out of budget (a defence not known to be mated sooner, a check
// not known to keep the value, the walk's own limit) keeps every answer it could have.
WayBack Verifier::converges(Check& c, Position& pos, int ply, int value, int alt_plies, Walk& walk,
                            Convergence& found) {
  if (exact_meeting(pos, alt_plies, found)) return WayBack{WayBack::YES};
  if (value <= 0) return WayBack{WayBack::NO};
  int probe = REACH_PROBE_NODES;
  if (cannot_meet(pos, ply, value, probe)) return WayBack{WayBack::NO};
  if (++walk.visits > walk.max_visits || budget_.exhausted() || c.exhausted()) return WayBack{};
  WayBackChoices choices;
  if (pos.side_to_move() == attacker_) {
    // The attacker chooses: the best way back of any check that keeps the value.
    for (int from : {ply, ply + 2}) {
      if (from > length()) continue;
      const Tri t = replays_main_line(c, pos, from, walk.question_nodes);
      if (t == Tri::Yes) {
        found = Convergence{Convergence::Kind::Replay, alt_plies, from};
        return WayBack{WayBack::YES};
      }
      if (t == Tri::Unknown) choices.add(WayBack{WayBack::YES}, false);
    }
    for (Move m : MoveList<CHECKS>(pos)) {
      pos.do_move(m);
      // A check that cannot come back answers NO, which weighs nothing in the attacker's best
      // (WayBackChoices::best): whether it keeps the value need not be asked.
      int child_probe = REACH_PROBE_NODES / 4;
      if (cannot_meet(pos, ply, value - 1, child_probe)) {
        pos.undo_move();
        continue;
      }
      const Tri keeps = c.mates_within(pos, value - 1, walk.question_nodes);
      // A check not known to keep the value is followed all the same: if it cannot come back
      // even so, whether it keeps the value does not matter.
      WayBack back{WayBack::NO};
      if (keeps != Tri::No) back = converges(c, pos, ply, value - 1, alt_plies + 1, walk, found);
      pos.undo_move();
      if (keeps == Tri::No) continue;
      choices.add(back, keeps == Tri::Yes);
      if (choices.best_settled()) return WayBack{WayBack::YES};
    }
    return choices.best();
  }
  // The defender chooses among the replies that are not mated sooner. At the last move, mate
  // following at once, a choice is not held against a line (docs/RULES.md §5.4, 変同 in the last
  // two plies), so one reply that comes back will do.
  const bool last_move = value <= 2;
  for (Move e : MoveList<EVASIONS>(pos)) {
    if (c.futile(pos, e, value)) continue;
    pos.do_move(e);
    const Tri inferior = c.mates_within(pos, value - 3, walk.question_nodes);
    WayBack back{WayBack::NO};
    if (inferior != Tri::Yes) back = converges(c, pos, ply, value - 1, alt_plies + 1, walk, found);
    pos.undo_move();
    if (inferior == Tri::Yes) continue;
    choices.add(back, inferior == Tri::No);
    // Enough known: one way back at the last move, or a reply that counts coming back and
    // another that counts not.
    if (last_move ? choices.best_settled() : choices.forced_settled())
      return last_move ? WayBack{WayBack::YES} : WayBack{WayBack::PARTIAL};
  }
  return last_move ? choices.best() : choices.forced();
}

// An identical main-line position: the same board, side to move and hands, or the same board
// with the attacker holding more (the captured interpositions of a longer route simply stay in
// hand: docs/RULES.md §5.3). Any of the line's positions counts, also one before the branch
// node: the alternative then went round a loop back onto the line, a detour all the same.
bool Verifier::exact_meeting(const Position& pos, int alt_plies, Convergence& found) const {
  if (auto it = main_keys_.find(pos.key()); it != main_keys_.end()) {
    found = Convergence{Convergence::Kind::Exact, alt_plies, it->second};
    return true;
  }
  const auto [first, last] = main_boards_.equal_range(pos.board_key());
  for (auto it = first; it != last; ++it) {
    const auto& [plies, hand] = it->second;
    if (pos.hand(attacker_).dominates(hand)) {
      found = Convergence{Convergence::Kind::Exact, alt_plies, plies};
      return true;
    }
  }
  return false;
}

// Whether no line of the walk from pos (`value` plies left to it) can still meet the main line:
// every main-line position, and the king square of each replay's start, lies farther than the
// plies left. The walk ends `value` plies below pos whatever the moves (converges: a position at
// value 0 is still compared, none below it), so where no meeting fits in that many plies every
// answer below is NO, and the walk need not visit them: an answer it gives exactly, only sooner.
// The plies to a position are bounded below by meeting_bound.h.
bool Verifier::meeting_out_of_reach(const Position& pos, int ply, int value) const {
  const Color defender = ~attacker_;
  for (const Position& m : main_positions_) {
    // The king's steps alone first: a long main line's far positions cost one distance each.
    const Square king = m.king_square(defender);
    if (plies_to_king_square(pos, defender, king, m.side_to_move()) > value) continue;
    if (plies_to_board(pos, m, defender) <= value) return false;
  }
  // A replay starts at an attacker's position with a ply left at least (converges).
  for (int from : {ply, ply + 2}) {
    if (from > length()) continue;
    const Square start = main_nodes_[from - 1].king_square(defender);
    if (plies_to_king_square(pos, defender, start, attacker_) <= value - 1) return false;
  }
  return true;
}

// Whether no line at all from pos, of any checks and any replies within `value` plies, meets the
// main line: meeting_out_of_reach at pos and, while `budget` (positions) lasts, below it. Every
// line of the walk is such a line (it only keeps to some of the checks and replies), so a true
// answer means the walk's own answer there is NO, without its questions. False: it may meet, or
// the budget ran out.
bool Verifier::cannot_meet(Position& pos, int ply, int value, int& budget) const {
  if (meeting_out_of_reach(pos, ply, value)) return true;
  // Where pos itself may meet: the same board as a main-line position (exact_meeting's index),
  // or the king on a replay's first square with the attacker to move and a ply left.
  if (main_boards_.count(pos.board_key())) return false;
  if (pos.side_to_move() == attacker_ && value >= 1)
    for (int from : {ply, ply + 2})
      if (from <= length() &&
          main_nodes_[from - 1].king_square(~attacker_) == pos.king_square(~attacker_))
        return false;
  if (value <= 0 || --budget < 0) return false;
  auto below = [&](Move m) {
    pos.do_move(m);
    const bool no = cannot_meet(pos, ply, value - 1, budget);
    pos.undo_move();
    return no;
  };
  if (pos.side_to_move() == attacker_) {
    for (Move m : MoveList<CHECKS>(pos))
      if (!below(m)) return false;
  } else {
    for (Move m : MoveList<EVASIONS>(pos))
      if (!below(m)) return false;
  }
  return true;
}

namespace {

// The main line's move m as the attacker can play it here: m itself, or, when the moving piece
// stands elsewhere (a knight dropped on another square, 打ち場所非限定), the one move of the same
// kind of piece to the same square with the same promotion. The record reads the same.
Move same_move_here(const Position& pos, Move m) {
  MoveList<LEGAL> legal(pos);
  if (legal.contains(m)) return m;
  if (m.is_drop()) return MOVE_NONE;
  Move found = MOVE_NONE;
  for (Move e : legal) {
    if (e.is_drop() || e.to() != m.to() || e.is_promotion() != m.is_promotion()) continue;
    if (e.moved_piece() != m.moved_piece()) continue;
    if (found != MOVE_NONE) return MOVE_NONE;  // two such pieces: not the same move
    found = e;
  }
  return found;
}

}  // namespace

// Whether the main line's moves from `from_ply` (1-based, an attacker move) replay from pos to
// mate: each attacker move legal (possibly from another square, same_move_here) and a check,
// each defender move legal and among the longest replies (every other reply mated no later),
// the last position mate. pos then differs from the main line's only by material that plays no
// part, or by where a piece came from (docs/RULES.md §5.3).
Tri Verifier::replays_main_line(Check& c, const Position& start, int from_ply,
                                uint64_t question_nodes) {
  // Cheap refusals first: the king where the main line has it, the first move a check.
  const Position& node = main_nodes_[from_ply - 1];
  const Color defender = ~attacker_;
  if (start.king_square(defender) != node.king_square(defender)) return Tri::No;
  const Move first = same_move_here(start, main_[from_ply - 1]);
  if (first == MOVE_NONE || !start.gives_check(first)) return Tri::No;
  Position pos = start;
  bool unknown = false;  // a reply not known to be mated in time: the replay is not proven
  for (int i = from_ply - 1; i < length(); ++i) {
    Move m = main_[i];
    if (pos.side_to_move() == attacker_) {
      m = same_move_here(pos, m);
      if (m == MOVE_NONE || !pos.gives_check(m)) return Tri::No;
    } else if (!MoveList<LEGAL>(pos).contains(m)) {
      return Tri::No;
    }
    if (pos.side_to_move() != attacker_) {
      const int left = length() - i;  // plies from here to mate, the defender's move included
      for (Move e : MoveList<EVASIONS>(pos)) {
        if (e == m || c.futile(pos, e, left)) continue;
        pos.do_move(e);
        const Tri t = c.mates_within(pos, left - 1, question_nodes);
        pos.undo_move();
        if (t == Tri::No) return Tri::No;
        unknown |= t == Tri::Unknown;
      }
    }
    pos.do_move(m);
  }
  for (Move e : MoveList<EVASIONS>(pos))
    if (!c.futile(pos, e)) return Tri::No;
  return unknown ? Tri::Unknown : Tri::Yes;
}

}  // namespace kanju::verify_detail
