// Lower bounds on the plies between two positions, for the convergence walk of the verifier
// (verify_attacker.cpp, docs/RULES.md §5.3): a line of the walk that can no longer reach a
// main-line position within the plies it has left cannot come back, and need not be walked.
//
// Each bound holds for any sequence of legal moves, whatever the rules of the walk:
//   * the defender's king moves one square a move at most (distance() is the king's steps);
//   * a square that is to hold a piece of one colour that it does not hold now needs a move of
//     that colour ending there (one square a move), other than the king's steps, and the
//     colours take turns;
//   * a promoted piece is made by moving an unpromoted one, which is on the board or dropped
//     first (a move of its own);
//   * a move changes the content of two squares at most (where it starts and where it ends: a
//     capture replaces the piece on the second), a drop that of one;
//   * the side to move alternates, so the parity of the plies is known.
#pragma once

#include "position.h"

namespace kanju {

// The fewest plies from `from` after which the king of `defender` may stand on `king_to` with
// `side` to move.
int plies_to_king_square(const Position& from, Color defender, Square king_to, Color side);

// The fewest plies from `from` to a position with the board and the side to move of `to`.
int plies_to_board(const Position& from, const Position& to, Color defender);

}  // namespace kanju
