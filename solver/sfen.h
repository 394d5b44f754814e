// SFEN, the USI text form of a position, and the USI "position" command built on it.
//
//   lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//   board (rank a first, file 9 to 1)   side   hands   move number (optional when reading)
//
// Upper case is Black, lower case White, '+' marks a promoted piece, a digit counts empty
// squares. The reader enforces every rule of docs/RULES.md §1 and names the field and the offending
// character or square in its error, because problem collections are typed by hand and a
// message like "rank 3: 10 squares, expected 9" is what lets a user fix the line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "hand.h"
#include "position.h"
#include "result.h"
#include "types.h"

namespace kanju {

inline constexpr std::string_view STARTPOS_SFEN =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

// The rules of a legal position (docs/RULES.md §1), checked in one place for every reader (SFEN,
// USI position, KIF/KI2/CSA through their diagram, the generator's layouts): piece counts, at most
// one king a side, no dead piece, no two pawns on a file, the side not to move not in check. The
// side to move may lack a king (a tsume's attacker); the side not to move needs one unless a
// caller says otherwise (a GUI's position where the attacker is the side not to move).
struct SfenRules {
  bool side_not_to_move_needs_king = true;
};

// Reads an SFEN with 3 or 4 fields (a leading word "sfen" is allowed), or the word "startpos".
// The hand may list pieces in any order, and a letter given twice is summed.
Result<Position> parse_sfen(std::string_view sfen, SfenRules rules = {});

// The canonical SFEN: hands in the order R,B,G,S,N,L,P, Black's first, a count of 1 omitted,
// "-" when both hands are empty.
std::string to_sfen(const Position& pos, bool with_move_number = true);

// The pieces of the full set (18P 4L 4N 4S 4G 2B 2R, kings excluded, promoted pieces counted as
// their base type) that are neither on the board nor in either hand.
Hand rest_of_set(const Position& pos);

// Gives the rest of the set to the defender (the side not to move), as KIF's 残り全部 does.
// Meant for a position with no moves played: refresh() recomputes only the current state.
void fill_defender_hand(Position& pos);

// "position startpos [moves ...]" or "position sfen <3 or 4 fields> [moves ...]"; the word
// "position" may be left out. Each move must be legal where it is played; `position` is the
// position after all of them.
struct PositionCommand {
  Position position;
  std::vector<Move> moves;
};
Result<PositionCommand> parse_position_command(std::string_view text);

}  // namespace kanju
