// Move generation and do/undo speed on a small fixed set of positions. items/s is positions/s for
// the generators and moves/s for do_move + undo_move.
#include <benchmark/benchmark.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "solver/movegen.h"
#include "solver/position.h"
#include "solver/sfen.h"

namespace kanju {
namespace {

// Openings, a crowded middle game with 207 legal moves for White, a position with many drops and
// checks, and the bundled tsume problem.
const std::string_view SFENS[] = {
    STARTPOS_SFEN,
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1",
};
enum PositionId { STARTPOS, WHITE_207, MANY_CHECKS, TSUME };

Position load(std::string_view sfen) {
  Result<Position> pos = parse_sfen(sfen);
  if (!pos) throw std::runtime_error("bad benchmark SFEN: " + pos.error());
  return std::move(pos).value();
}

// Every position reached by one checking move from the given one: positions in check.
std::vector<Position> after_each_check(std::string_view sfen) {
  Position pos = load(sfen);
  std::vector<Position> out;
  for (Move m : MoveList<CHECKS>(pos)) {
    pos.do_move(m);
    out.push_back(pos);
    pos.undo_move();
  }
  return out;
}

template <GenType T>
void run_generator(benchmark::State& state, const std::vector<Position>& positions) {
  if (positions.empty()) return state.SkipWithError("no positions");
  Move moves[MAX_MOVES];
  int64_t generated = 0;
  for (auto _ : state) {
    for (const Position& pos : positions) {
      Move* end = generate<T>(pos, moves);
      benchmark::DoNotOptimize(end);
      generated += end - moves;
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * int64_t(positions.size()));
  state.counters["moves/pos"] = double(generated) / (state.iterations() * positions.size());
}

void BM_Legal(benchmark::State& state, PositionId id) {
  run_generator<LEGAL>(state, {load(SFENS[id])});
}
void BM_Checks(benchmark::State& state, PositionId id) {
  run_generator<CHECKS>(state, {load(SFENS[id])});
}

// Evasions in the positions after each check the attacker has.
void BM_Evasions(benchmark::State& state, PositionId id) {
  run_generator<EVASIONS>(state, after_each_check(SFENS[id]));
}

// do_move + undo_move of every legal move; items are moves.
void BM_DoUndo(benchmark::State& state, PositionId id) {
  Position pos = load(SFENS[id]);
  const MoveList<LEGAL> moves(pos);
  for (auto _ : state) {
    for (Move m : moves) {
      pos.do_move(m);
      benchmark::DoNotOptimize(pos.key());
      pos.undo_move();
    }
  }
  state.SetItemsProcessed(state.iterations() * moves.size());
}

BENCHMARK_CAPTURE(BM_Legal, startpos, STARTPOS);
BENCHMARK_CAPTURE(BM_Legal, white_207, WHITE_207);
BENCHMARK_CAPTURE(BM_Legal, many_checks, MANY_CHECKS);
BENCHMARK_CAPTURE(BM_Legal, tsume, TSUME);

BENCHMARK_CAPTURE(BM_Checks, startpos, STARTPOS);
BENCHMARK_CAPTURE(BM_Checks, white_207, WHITE_207);
BENCHMARK_CAPTURE(BM_Checks, many_checks, MANY_CHECKS);
BENCHMARK_CAPTURE(BM_Checks, tsume, TSUME);

BENCHMARK_CAPTURE(BM_Evasions, after_checks_white_207, WHITE_207);
BENCHMARK_CAPTURE(BM_Evasions, after_checks_many_checks, MANY_CHECKS);
BENCHMARK_CAPTURE(BM_Evasions, after_checks_tsume, TSUME);

BENCHMARK_CAPTURE(BM_DoUndo, startpos, STARTPOS);
BENCHMARK_CAPTURE(BM_DoUndo, white_207, WHITE_207);
BENCHMARK_CAPTURE(BM_DoUndo, many_checks, MANY_CHECKS);
BENCHMARK_CAPTURE(BM_DoUndo, tsume, TSUME);

}  // namespace
}  // namespace kanju
