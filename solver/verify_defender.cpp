// The defender's side of verification (docs/RULES.md §5.4): at each defender node of the main
// line, every other reply against the main line's: 変長 (longer, ending with pieces), 作意不成立
// (longer, with an empty hand: the main line is not the solution), 変同 (as long, an empty hand;
// not in the last two plies), 不詰 (no mate after it).
#include "verifier.h"

#include <algorithm>
#include <cstdio>

namespace kanju::verify_detail {

namespace {

using S = Severity;

// A longer defence: 変長 when it ends with pieces in hand, else the main line is not the
// solution. Unsound today; the 妙手説 era held neither against a work. Two plies more with a
// spare piece in a long work is tolerated by many modern judges: a deep flaw there.
void class_longer(Finding& f, int excess, bool leaves_pieces, int work_length) {
  f.leaves_pieces = leaves_pieces;
  f.kind = leaves_pieces ? FindingKind::LongerVariation : FindingKind::CorrectedLine;
  const bool tolerated = leaves_pieces && excess == 2 && work_length >= 49;
  f.set_severity(tolerated ? S::KizuDeep : S::Unsound, S::Note);
  // Formatted into a buffer: GCC 12 warns falsely (-Wrestrict) on string concatenation here.
  char note[48];
  std::snprintf(note, sizeof note, "+%d plies%s", excess, leaves_pieces ? ", pieces left" : "");
  f.note = note;
}

}  // namespace

void Verifier::check_defender_node(Position& pos, int ply) {
  const Move main_move = main_[ply - 1];
  const int after = length() - ply;  // the main line's plies after the defender's move
  for (Move e : MoveList<EVASIONS>(pos)) {
    if (e == main_move) continue;
    if (budget_gone(ply, "variations")) return;
    // Shorter defences are ordinary variations; in the last two plies, so are equal ones.
    Tri answered;
    std::string why;
    {
      Check c = check();
      if (c.futile(pos, e, after + 1)) continue;
      pos.do_move(e);
      answered = c.mates_within(pos, after - 2);
      if (answered == Tri::No && ply + 1 == length()) answered = c.mates_within(pos, after);
      why = c.why_undecided();
    }
    if (answered == Tri::Yes) {
      pos.undo_move();
      continue;
    }
    const SolveResult r =
        answered == Tri::No ? sub_solve(pos, options_.check_nodes) : SolveResult{};
    Finding f;
    f.ply = ply;
    f.move = e;
    f.main_move = main_move;
    f.main_length = after + 1;
    if (r.status == SolveStatus::Mate) {
      Position end = pos;
      for (Move m : r.line) end.do_move(m);
      f.length = r.length + 1;
      f.line.push_back(e);
      f.line.insert(f.line.end(), r.line.begin(), r.line.end());
      const bool leaves = !end.hand(attacker_).empty();
      if (r.length > after) {
        class_longer(f, r.length - after, leaves, length());
        // The claimed line goes on in a shorter variation: its attacker is free from here on
        // (docs/RULES.md §5.7).
        if (ply < shorter_variation_ply_ && ply + 1 < length()) {
          const Tri shorter = claimed_reply_shorter(ply, r.length);
          if (shorter == Tri::Yes) {
            f.note += "; the claimed line goes on in a shorter variation";
            shorter_variation_ply_ = ply;
          } else if (shorter == Tri::Unknown) {
            f.note += "; whether the claimed line goes on in a shorter variation was not decided";
            doubt_from(ply);
          }
        }
        add(std::move(f));
      } else if (r.length == after && !leaves) {
        f.kind = FindingKind::SameLengthVariation;
        f.set_severity(S::Kizu, S::Note);
        add(std::move(f));
      }
    } else if (r.status == SolveStatus::NoMate) {
      f.kind = FindingKind::NoMate;
      f.note = "this defence escapes: no mate after it";
      f.set_severity(S::Unsound, S::Unsound);
      add(std::move(f));
    } else {
      // Perhaps longer than the claimed reply: the rest of the line perhaps a shorter variation.
      unchecked(ply, e, "variation", answered == Tri::Unknown ? why : r.note);
      doubt_from(ply);
    }
    pos.undo_move();
  }
}

// Whether the claimed reply at `ply` is mated sooner than `other` plies (another reply's minimax
// length): proven on its own, since the claimed line after it need not be minimax (a later
// defence of the author's may not be the longest, and the reply then lasts longer than its line).
Tri Verifier::claimed_reply_shorter(int ply, int other) {
  Position after = main_nodes_[ply];
  Check c = check();
  return c.mates_within(after, other - 2);
}

}  // namespace kanju::verify_detail
