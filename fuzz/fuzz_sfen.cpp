// libFuzzer target for the SFEN reader, the USI position command and the position code they
// feed. Any input must give a value or an error, never a crash or a hang; an accepted position
// must survive writing and re-reading, and every legal move must undo exactly.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "solver/movegen.h"
#include "solver/sfen.h"

using namespace kanju;

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

// After `m`: the incremental state equals the state recomputed from scratch, the mover's king
// is safe, and gives_check told the truth.
void check_after_move(const Position& pos, bool gave_check) {
  Position fresh = pos;
  fresh.refresh();
  require(fresh.key() == pos.key());
  require(fresh.checkers() == pos.checkers());
  const Color mover = ~pos.side_to_move();
  require(!pos.has_king(mover) ||
          pos.attackers_to(pos.side_to_move(), pos.king_square(mover)).none());
  require(pos.in_check() == gave_check);
}

void check_position(Position& pos) {
  const std::string sfen = to_sfen(pos);
  Result<Position> again = parse_sfen(sfen);
  require(again.ok() && again->key() == pos.key() && to_sfen(*again) == sfen);
  const uint64_t key = pos.key();
  const MoveList<CHECKS> checks(pos);
  int checking = 0;
  for (Move m : MoveList<LEGAL>(pos)) {
    const bool gives = pos.gives_check(m);
    checking += gives;
    require(checks.contains(m) == gives);  // CHECKS is exactly the checking legal moves
    pos.do_move(m);
    check_after_move(pos, gives);
    pos.undo_move();
    require(pos.key() == key && to_sfen(pos) == sfen);
  }
  require(checks.size() == checking);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Result<Position> pos = parse_sfen(text);
  if (pos.ok()) check_position(*pos);
  Result<PositionCommand> cmd = parse_position_command(text);
  if (cmd.ok()) require(cmd->moves.size() == size_t(cmd->position.moves_played()));
  return 0;
}
