// The main line of a proven mate (docs/RULES.md §3): the attacker mates as fast as possible,
// the defender resists as long as possible, futile interpositions are no choice of the
// defender's, and among equally long defences the one that leaves the attacker no spare piece is
// taken. Extracted from a search whose table holds the proofs, asking it bounded questions; and
// checked by replaying it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "dfpn.h"
#include "helper_threads.h"
#include "position.h"

namespace kanju {

// The main line of a node proven to mate in exactly `value` plies (pos: either side to move),
// from the search's table, asking `dfpn` bounded questions where the table does not answer.
// `preferred`: a line to follow wherever its move is as good as any other (a published 作意).
struct ExtractedLine {
  std::vector<Move> moves;
  bool failed = false;  // the budget ran out: no line
  // The line leaves the attacker pieces in hand, and the search for an empty-handed defence ran
  // out of budget (docs/RULES.md §3.3): another defence as long might leave none.
  bool tie_break_unfinished = false;
};
// `helpers`, if given, search each bounded question beside `dfpn` (helper_threads.h).
ExtractedLine extract_main_line(Dfpn& dfpn, const ProofTable& table, Color attacker, Position& pos,
                                int value, const std::vector<Move>& preferred = {},
                                HelperThreads* helpers = nullptr);

// A mate line for a node proven to mate within `root_bound` plies but not proven shortest,
// walked down the table's proofs (see main_line.cpp); `root_bound` is lowered to the root's
// proven length. Empty when a proof could not be found again within the budget.
std::vector<Move> bounded_line(Dfpn& dfpn, Position& pos, int& root_bound);
// The same from a node of either side (`attacker` mates), searching at most `budget` nodes.
std::vector<Move> bounded_line(Dfpn& dfpn, Position& pos, Color attacker, int& root_bound,
                               uint64_t budget);

// Tells whether a defender drop is a futile interposition (pos: defender to move).
using FutileTest = std::function<bool(Position& pos, Move drop)>;

// Replays a main line and checks it: every move legal, every attacker move a check, the last
// position mate (every reply, if any, a futile interposition by `futile`). Returns an empty
// string when the line is sound, else what is wrong.
std::string check_main_line(const Position& root, const std::vector<Move>& line,
                            const FutileTest& futile = {});

}  // namespace kanju
