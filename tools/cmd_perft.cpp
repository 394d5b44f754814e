// kanju perft SFEN DEPTH [--divide]: counts the leaves of the legal-move tree, the standard check
// of a move generator. kanju perft-bench: the reference counts, checked and timed.
#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "commands.h"
#include "solver/movegen.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"

namespace kanju::cli {

namespace {

struct PerftOptions {
  std::vector<std::string> words;  // the SFEN's words, then DEPTH (CLI11 positionals are greedy)
  bool divide = false;
};

constexpr int MAX_DEPTH = 30;

Result<int> parse_depth(const std::string& word) {
  int depth = -1;
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), depth);
  if (ec != std::errc() || end != word.data() + word.size() || depth < 0 || depth > MAX_DEPTH)
    return Error{"DEPTH must be a whole number from 0 to " + std::to_string(MAX_DEPTH) + ", got '" +
                 word + "'"};
  return depth;
}

struct Timed {
  uint64_t nodes;
  double seconds;
  double leaves_per_second() const { return seconds > 0 ? nodes / seconds : 0; }
};

template <class F>
Timed timed(F&& count) {
  auto start = std::chrono::steady_clock::now();
  uint64_t nodes = count();
  std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  return {nodes, elapsed.count()};
}

// Perft below each root move, printed as "7g7f: N"; returns the total.
uint64_t divide(Position& pos, int depth) {
  uint64_t total = 0;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m);
    uint64_t n = perft(pos, depth - 1);
    pos.undo_move();
    std::cout << to_usi(m) << ": " << n << '\n';
    total += n;
  }
  return total;
}

int run_perft(const PerftOptions& opt) {
  if (opt.words.size() < 2)
    return fail("perft needs a position and a DEPTH: kanju perft SFEN DEPTH");
  Result<int> depth = parse_depth(opt.words.back());
  if (!depth) return fail(depth.error());
  if (opt.divide && *depth < 1) return fail("--divide needs DEPTH of at least 1");
  Result<Position> pos = position_from_words({opt.words.begin(), opt.words.end() - 1});
  if (!pos) return fail(pos.error());

  Timed t = timed([&] { return opt.divide ? divide(*pos, *depth) : perft(*pos, *depth); });
  if (opt.divide) std::cout << '\n';
  std::printf("Nodes: %llu\nTime: %.3f s\nLeaves/s: %.0f\n", (unsigned long long)t.nodes, t.seconds,
              t.leaves_per_second());
  return 0;
}

struct Reference {
  const char* name;
  std::string_view sfen;
  int depth;
  uint64_t expected;
};

// Published counts: the opening, and a crowded middle game where White has 207 legal moves (many
// drops and non-promotions). Big enough trees to time the generator, small enough for a CI run.
constexpr Reference REFERENCES[] = {
    {"startpos", STARTPOS_SFEN, 5, 19'861'490},
    {"white-207", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 3,
     4'809'015},
};

int run_perft_bench() {
  std::printf("%-10s %5s %12s %12s %4s %8s %12s\n", "position", "depth", "expected", "got", "ok",
              "seconds", "leaves/s");
  bool all_ok = true;
  for (const Reference& ref : REFERENCES) {
    Result<Position> pos = parse_sfen(ref.sfen);
    if (!pos) return fail(std::string(ref.name) + ": " + pos.error());
    Timed t = timed([&] { return perft(*pos, ref.depth); });
    const bool ok = t.nodes == ref.expected;
    all_ok &= ok;
    std::printf("%-10s %5d %12llu %12llu %4s %8.3f %12.0f\n", ref.name, ref.depth,
                (unsigned long long)ref.expected, (unsigned long long)t.nodes, ok ? "yes" : "NO",
                t.seconds, t.leaves_per_second());
  }
  std::cout << std::flush;
  if (!all_ok) return fail("perft counts differ from the reference: the move generator is wrong");
  return 0;
}

}  // namespace

Command add_perft(CLI::App& app) {
  auto opt = std::make_shared<PerftOptions>();
  CLI::App* sub = app.add_subcommand("perft", "Count the leaves of the legal-move tree");
  sub->add_option("SFEN", opt->words, "The position (as for show), then DEPTH in plies")
      ->required();
  sub->footer("Example: kanju perft startpos 5 --divide");
  sub->add_flag("--divide", opt->divide, "Also print the count below each root move");
  return {sub, [opt] { return run_perft(*opt); }};
}

Command add_perft_bench(CLI::App& app) {
  CLI::App* sub = app.add_subcommand("perft-bench", "Check and time the reference perft counts");
  return {sub, [] { return run_perft_bench(); }};
}

}  // namespace kanju::cli
