// USI notation for moves and squares: "7g7f", "8h2b+", "P*5e".
//
// A square is named by its file digit (1-9, right to left as Black sees the board) and its rank
// letter (a-i, top to bottom), so square index = (file - 1) * 9 + (rank letter - 'a'), the
// numbering of types.h. Drops are written with the upper-case letter of the piece for both sides
// (either case is read).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "result.h"
#include "types.h"

namespace kanju {

// "7g7f", "8h2b+", "P*5e". MOVE_NONE is "0000", the USI word for "no move".
std::string to_usi(Move m);

// Reads a USI move and accepts it only when it is one of the legal moves of `pos`. The error
// names the move and, where it can tell, why it is illegal ("a pawn on 7g cannot move to 7e").
Result<Move> parse_usi_move(const Position& pos, std::string_view text);

// Reads a line of USI moves separated by spaces, each legal where it is played from `start`.
// The error names the move by its number ("move 3: ...").
Result<std::vector<Move>> parse_usi_line(const Position& start, std::string_view text);

// --- Notation pieces shared with the SFEN reader and writer.

// "5e" for the square with file 5 and rank e.
std::string square_name(Square sq);
// Upper-case USI letter of a piece type's base type ('P' for PAWN and PRO_PAWN, 'K' for KING).
char piece_letter(PieceType pt);
// The piece type of a USI letter of either case, or NO_PIECE_TYPE for any other character.
PieceType piece_type_from_letter(char c);
// English name for messages: "pawn", "tokin", "horse", "dragon", ...
const char* piece_type_name(PieceType pt);
const char* color_name(Color c);  // "Black", "White"

}  // namespace kanju
