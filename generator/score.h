// What makes a generated problem good, and the objective the search climbs.
//
// The length comes first: every ply toward the requested range outweighs any quality term. Then
// fewer pieces, and the marks of a composed problem: sacrifices (an attacker piece put where the
// defender takes it), drops, promotions and non-promotions, a variety of attacker pieces moving,
// and few pieces left at the end.
#pragma once

#include <vector>

#include "solver/position.h"

namespace kanju {

struct Features {
  int length = 0;          // plies
  int pieces = 0;          // on the board, kings included, plus the attacker's hand
  int sacrifices = 0;      // attacker moves whose piece the defender captures at once
  int drops = 0;           // attacker drops
  int promotions = 0;      // attacker promotions
  int non_promotions = 0;  // attacker moves that could promote and do not (不成)
  int variety = 0;         // distinct base types among the attacker pieces that move
  int final_pieces = 0;    // on the board once mated, kings included
};

// The features of the problem `root` (attacker to move) with its main line.
Features features_of(const Position& root, const std::vector<Move>& line);

// The objective for problems of [min_length, max_length] plies: higher is better.
double objective(const Features& f, int min_length, int max_length);

}  // namespace kanju
