// The USI "position" command as a GUI sends it to a mate engine. GUIs ask for mate from any
// position: a tsume problem with the defender to move has no king for the side not to move,
// which parse_position_command (a problem reader) rejects, and a move list may pass the turn.
#pragma once

#include <string_view>

#include "position.h"
#include "result.h"

namespace kanju {

// Like parse_sfen, but also accepts a position whose side not to move has no king (every other
// rule of docs/RULES.md §1 still holds).
Result<Position> parse_sfen_any_side(std::string_view sfen);

// "[position] startpos|sfen <3 or 4 fields> [moves ...]" like parse_position_command, with the
// SFEN read by parse_sfen_any_side and "0000" or "pass" in the move list passing the turn (a
// null move; illegal when the side to move is in check). Returns the position after the moves.
Result<Position> parse_usi_position(std::string_view text);

}  // namespace kanju
