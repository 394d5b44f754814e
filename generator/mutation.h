// Proposals for the generator: random problems, small edits of a problem, and backward extension
// (un-playing a defender reply and an attacker check so that a known problem becomes the tail of
// one two plies longer).
//
// A proposal is a Layout: the board and the attacker's hand. The attacker is always Black, to
// move, without a king; White, the defender, holds the rest of the set (docs/RULES.md §1), so a piece
// taken off the board goes to the defender's hand and one put on the board comes from it.
// Proposals are only guesses: to_position() enforces the rules of a legal position, and the
// solver and the verifier decide whether a proposal is a problem at all.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "generator/rng.h"
#include "solver/position.h"
#include "solver/problem_record.h"
#include "solver/result.h"

namespace kanju {

using Layout = BoardSetup;  // side and rest_to are ignored: Black to move, White the rest

// The problem: Black to move, White holding the rest. Errors are parse_sfen's.
Result<Position> to_position(const Layout& layout);

// The layout of a problem given in any form: the side to move becomes Black (the board turned
// round when White attacks), an attacker king is removed, the defender's hand is dropped (it
// becomes the rest). An error when the defender has no king.
Result<Layout> layout_of(const Position& problem);

// The same problem reflected left to right (file 1 <-> file 9).
Layout mirrored(const Layout& layout);
Square mirror_square(Square sq);

// Pieces on the board, kings included, plus the attacker's hand.
int piece_count(const Layout& layout);

struct ProposalLimits {
  int max_pieces = 16;  // piece_count() of a proposal
};

// A random problem: a defender king near the top edge, a few attacker and defender pieces
// around it, one to three pieces in the attacker's hand. Not necessarily legal.
Layout random_layout(Rng& rng, const ProposalLimits& limits);

// One random edit: move a piece one or two squares, add, remove, change a type, promote or
// demote, move a piece between the board and the attacker's hand, or mirror. nullopt when the
// edit drawn could not be made (no such piece, no room, the set exhausted).
std::optional<Layout> mutate(const Layout& layout, Rng& rng, const ProposalLimits& limits);

// Backward extension of `problem` (Black to move): a position two plies earlier, where Black
// plays a check A' and White answers D' to reach `problem`. D' is drawn among a king move, a
// move of another defender piece, or a drop, possibly capturing an attacker piece (a
// sacrifice); A' among a drop of the checking piece, its move, or the move of a piece that
// blocked a ranging piece's line to the king (a discovered check), possibly capturing. Both are
// checked to be legal where they are played. nullopt when the draw gives nothing legal.
// `played`, when given, receives A' and D'.
std::optional<Layout> extend_backward(const Position& problem, Rng& rng,
                                      const ProposalLimits& limits,
                                      std::vector<Move>* played = nullptr);

// A backward step: the layout two plies earlier, its check and the defender's reply.
struct BackwardStep {
  Layout layout;
  Move check, reply;
};

// Every backward step of `problem` that extend_backward() can draw, and discovered checks with
// any blocking piece, each position once, in a fixed order: the defender's last move taken back
// (each piece, each square it may have come from, capturing nothing or any attacker piece of the
// set), then the check (each way it may have been given). Legal where played, within the limits.
std::vector<BackwardStep> backward_steps(const Position& problem, const ProposalLimits& limits);

// A backward step with a wall: one more piece of `color` (a pawn, lance, knight, silver, gold,
// bishop, rook or tokin the set still has) on an empty square at most two files and ranks from
// the king, where the step's check and reply can still be played. Composers extend a problem
// backward this way: the king stepped back has new squares to flee to (an attacker piece closes
// them) or the attacker a shorter mate (a defender piece stops it). Each layout once, within the
// limits; the position after the check and reply is the problem with the wall on the board.
std::vector<Layout> walled_steps(const BackwardStep& step, Color color,
                                 const ProposalLimits& limits);

}  // namespace kanju
