// kanju show SFEN [--western]: prints the position as a diagram.
#include <iostream>
#include <memory>

#include "commands.h"
#include "solver/diagram.h"

namespace kanju::cli {

namespace {

struct ShowOptions {
  std::vector<std::string> sfen;
  bool western = false;
};

int run_show(const ShowOptions& opt) {
  Result<Position> pos = position_from_words(opt.sfen);
  if (!pos) return fail(pos.error());
  std::cout << render_diagram(*pos, opt.western ? DiagramStyle::Western : DiagramStyle::Japanese);
  return 0;
}

}  // namespace

Command add_show(CLI::App& app) {
  auto opt = std::make_shared<ShowOptions>();
  CLI::App* sub = app.add_subcommand("show", "Print a position as a board diagram");
  add_sfen_argument(*sub, opt->sfen);
  sub->add_flag("--western", opt->western, "Western labels (files 9..1, ranks a..i, letters)");
  return {sub, [opt] { return run_show(*opt); }};
}

}  // namespace kanju::cli
