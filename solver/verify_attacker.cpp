// The attacker's side of verification (docs/RULES.md §5.2-5.3): at each attacker node of the main
// line, every other check is proven to mate or not, at any length; a mating one is measured
// against the main move (its minimax length), followed to see whether it comes back to the main
// line, and classed by the steps of §5.2 (alternative_class.h).
#include "alternative_class.h"
#include "verifier.h"

namespace kanju::verify_detail {

namespace {

// Positions the convergence walk may visit for one alternative. Each visit may ask the table a
// bounded question, so this bounds the walk's cost; a walk cut by it finds no return, and the
// finding says so.
constexpr int CONVERGE_VISITS = 20'000;

}  // namespace

void Verifier::check_attacker_node(Position& pos, int ply) {
  const Move main_move = main_[ply - 1];
  int main_len = 0;  // V(m), computed when first needed
  // On the final move only other mates in one, unless asked for the strict reading.
  const MateLen bound = ply == length() && !options_.strict_final ? MateLen(0) : DEPTH_UNLIMITED;
  for (Move m : MoveList<CHECKS>(pos)) {
    if (m == main_move) continue;
    if (budget_gone(ply, "余詰 and the checks after it")) {
      alternatives_.emplace(std::pair{ply, m.raw()}, FindingKind::Unchecked);
      continue;
    }
    Check c = check();
    pos.do_move(m);
    const NodeOutcome o = c.prove(pos, bound);
    if (!o.disproven()) alternatives_.emplace(std::pair{ply, m.raw()}, FindingKind::Unchecked);
    if (!o.proven()) {
      if (!o.disproven()) unchecked(ply, m, "余詰", c.why_undecided());
      pos.undo_move();
      continue;
    }
    Finding f;
    f.ply = ply;
    f.move = m;
    f.main_move = main_move;
    const int reply_len = c.shortest(pos, o.hi, f.exact);
    f.length = reply_len + 1;
    f.line.push_back(m);
    if (f.exact && !c.line(pos, reply_len, f.line)) f.line.resize(1);
    pos.undo_move();
    if (main_len == 0) main_len = main_value(c, pos, ply);
    judge_alternative(c, pos, ply, main_len, f);
    alternatives_[{ply, m.raw()}] = f.kind;
    add(std::move(f));
  }
}

// V(m): the minimax length of the main line's move at `ply` from pos (the node before it). The
// solver's own line is minimax already; a claimed line need not be (a later defence of the author
// may not be the longest, a later check not the fastest), so its value is proven here. Falls
// back to the plies the main line has left when the budget does not allow.
int Verifier::main_value(Check& c, Position& pos, int ply) {
  const int rest = length() - ply + 1;
  if (!result_.main_line_claimed) return rest;
  pos.do_move(main_[ply - 1]);
  int value = rest;
  const NodeOutcome o = c.prove(pos);
  if (o.proven()) {
    bool exact = false;
    const int len = c.shortest(pos, o.hi, exact);
    if (exact) value = len + 1;
  }
  pos.undo_move();
  return value;
}

// Classes a mating alternative (pos: the node before it) by docs/RULES.md §5.2.
void Verifier::judge_alternative(Check& c, Position& pos, int ply, int main_len, Finding& f) {
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
  f.main_length = main_len;
  // Whether it comes back to the main line decides every class but the final move's.
  int visits = 0;
  if (!a.final_node && f.exact && f.length > 1) {
    pos.do_move(f.move);
    converges(c, pos, ply, f.length - 1, 1, visits, a.convergence);
    pos.undo_move();
  }
  f.convergence = a.convergence;
  const AlternativeClass k = classify_alternative(a);
  f.kind = k.kind;
  f.set_severity(k.modern, k.classic);
  // A cook is a claim that the alternative never comes back: it needs its exact length and a
  // finished search for the way back. Without them nothing is known (a timeout, not a verdict).
  if (f.kind == FindingKind::Yozume && !a.final_node && !a.one_move_work &&
      (!f.exact || visits > CONVERGE_VISITS || budget_.exhausted())) {
    f.kind = FindingKind::Unchecked;
    f.set_severity(Severity::Unchecked, Severity::Unchecked);
    f.note = !f.exact ? "余詰 or not: its length was not proven within the budget"
                      : "余詰 or not: no return to the main line found within " +
                            std::to_string(CONVERGE_VISITS) + " positions";
  }
}

// Whether pos (on the alternative's line, `alt_plies` after the branch node before `ply`, mating
// in exactly `value` plies) comes back to the main line on every line the defender would choose:
// the attacker keeps to checks that keep the value, and defences mated sooner than the longest
// do not count (docs/RULES.md §5.3: convergence is forced). `found` says where.
bool Verifier::converges(Check& c, Position& pos, int ply, int value, int alt_plies, int& visits,
                         Convergence& found) {
  if (exact_meeting(pos, ply, alt_plies, found)) return true;
  if (value <= 0 || ++visits > CONVERGE_VISITS || budget_.exhausted()) return false;
  if (pos.side_to_move() == attacker_) {
    for (int from : {ply, ply + 2}) {
      if (from > length() || !replays_main_line(c, pos, from)) continue;
      found = Convergence{Convergence::Kind::Replay, alt_plies, from};
      return true;
    }
    for (Move m : MoveList<CHECKS>(pos)) {
      pos.do_move(m);
      const bool r = c.mates_within(pos, value - 1) == Tri::Yes &&
                     converges(c, pos, ply, value - 1, alt_plies + 1, visits, found);
      pos.undo_move();
      if (r) return true;
    }
    return false;
  }
  bool any = false;
  for (Move e : MoveList<EVASIONS>(pos)) {
    if (c.futile(pos, e, value)) continue;
    pos.do_move(e);
    const bool inferior = c.mates_within(pos, value - 3) == Tri::Yes;
    const bool r = inferior || converges(c, pos, ply, value - 1, alt_plies + 1, visits, found);
    pos.undo_move();
    if (!r) return false;
    any |= !inferior;
  }
  return any;
}

// An identical main-line position at or after the branch node: the same board, side to move and
// hands, or the same board with the attacker holding more (the captured interpositions of a
// longer route simply stay in hand: docs/RULES.md §5.3).
bool Verifier::exact_meeting(const Position& pos, int ply, int alt_plies,
                             Convergence& found) const {
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
bool Verifier::replays_main_line(Check& c, const Position& start, int from_ply) {
  // Cheap refusals first: the king where the main line has it, the first move a check.
  const Position& node = main_nodes_[from_ply - 1];
  const Color defender = ~attacker_;
  if (start.king_square(defender) != node.king_square(defender)) return false;
  const Move first = same_move_here(start, main_[from_ply - 1]);
  if (first == MOVE_NONE || !start.gives_check(first)) return false;
  Position pos = start;
  for (int i = from_ply - 1; i < length(); ++i) {
    Move m = main_[i];
    if (pos.side_to_move() == attacker_) {
      m = same_move_here(pos, m);
      if (m == MOVE_NONE || !pos.gives_check(m)) return false;
    } else if (!MoveList<LEGAL>(pos).contains(m)) {
      return false;
    }
    if (pos.side_to_move() != attacker_) {
      const int left = length() - i;  // plies from here to mate, the defender's move included
      for (Move e : MoveList<EVASIONS>(pos)) {
        if (e == m || c.futile(pos, e, left)) continue;
        pos.do_move(e);
        const Tri t = c.mates_within(pos, left - 1);
        pos.undo_move();
        if (t != Tri::Yes) return false;
      }
    }
    pos.do_move(m);
  }
  for (Move e : MoveList<EVASIONS>(pos))
    if (!c.futile(pos, e)) return false;
  return true;
}

}  // namespace kanju::verify_detail
