// What makes a generated problem good, and the objective the search climbs.
//
// The length comes first: every ply toward the requested range outweighs any quality term. Then
// the marks of a composed problem (quality(): a sacrificing key move, 限定打, 中合, sacrifices,
// non-promotions, few pieces at the start and at the end).
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
  // What composers value (quality() below):
  bool key_sacrifice = false;  // the first move is a sacrifice (捨て駒の初手)
  int limited_drops = 0;       // 限定打: a lance, bishop or rook dropped where another square of
                               //   the same line to the king would also check (and fails: the
                               //   problem is sound, so only this square mates)
  int far_interpositions = 0;  // 中合: the defender interposes away from the king (not adjacent)
  int interpositions = 0;      // other interpositions (合駒) of the defender
};

// The score of a problem as composers judge one (docs/GENERATOR.md), from its features: a
// sacrifice as the key move, 限定打, 中合, non-promotions, sacrifices, a sparse initial
// position, a clean final position. Not the length: `--min-length` asks for that.
double quality(const Features& f);

// The features of the problem `root` (attacker to move) with its main line.
Features features_of(const Position& root, const std::vector<Move>& line);

// The objective for problems of [min_length, max_length] plies: higher is better.
double objective(const Features& f, int min_length, int max_length);

}  // namespace kanju
