// kanju moves SFEN [--checks|--evasions] [--japanese]: lists the legal moves (or only the checks,
// or the replies to check) in USI notation, then their number.
#include <iostream>
#include <memory>

#include "commands.h"
#include "solver/movegen.h"
#include "solver/notation.h"
#include "solver/usi_move.h"

namespace kanju::cli {

namespace {

struct MovesOptions {
  std::vector<std::string> sfen;
  bool checks = false;
  bool evasions = false;
  bool japanese = false;
};

std::vector<Move> generate_moves(const Position& pos, const MovesOptions& opt) {
  Move buffer[MAX_MOVES];
  Move* end = opt.checks     ? generate<CHECKS>(pos, buffer)
              : opt.evasions ? generate<EVASIONS>(pos, buffer)
                             : generate<LEGAL>(pos, buffer);
  return std::vector<Move>(buffer, end);
}

void print_line(const std::vector<std::string>& items) {
  for (size_t i = 0; i < items.size(); ++i) std::cout << (i ? " " : "") << items[i];
  std::cout << '\n';
}

int run_moves(const MovesOptions& opt) {
  Result<Position> pos = position_from_words(opt.sfen);
  if (!pos) return fail(pos.error());
  if (opt.evasions && !pos->in_check())
    return fail("--evasions needs a position where the side to move is in check");

  const std::vector<Move> moves = generate_moves(*pos, opt);
  std::vector<std::string> usi, japanese;
  for (Move m : moves) {
    usi.push_back(to_usi(m));
    if (opt.japanese) japanese.push_back(to_japanese(*pos, m, pos->last_move()));
  }
  print_line(usi);
  if (opt.japanese) print_line(japanese);
  std::cout << "Moves: " << moves.size() << '\n';
  return 0;
}

}  // namespace

Command add_moves(CLI::App& app) {
  auto opt = std::make_shared<MovesOptions>();
  CLI::App* sub = app.add_subcommand("moves", "List the legal moves of a position in USI");
  add_sfen_argument(*sub, opt->sfen);
  CLI::Option* checks = sub->add_flag("--checks", opt->checks, "Only the moves that give check");
  sub->add_flag("--evasions", opt->evasions, "The replies to check (the side to move is in check)")
      ->excludes(checks);
  sub->add_flag("--japanese", opt->japanese, "Also print the moves in Japanese notation");
  return {sub, [opt] { return run_moves(*opt); }};
}

}  // namespace kanju::cli
