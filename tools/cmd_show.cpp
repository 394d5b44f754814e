// kanju show SFEN [--western] [--svg FILE]: prints the position as a diagram, or writes it as an
// SVG picture (with the moves of "SFEN moves ..." as its solution below the board).
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "solver/diagram.h"
#include "solver/movegen.h"
#include "solver/svg_diagram.h"
#include "solver/usi_move.h"

namespace kanju::cli {

namespace {

struct ShowOptions {
  std::vector<std::string> sfen;
  bool western = false;
  std::string svg;  // write an SVG picture here instead
};

// "SFEN moves m1 m2 ...": the SFEN alone, and the moves.
std::pair<std::vector<std::string>, std::string> split_moves(
    const std::vector<std::string>& words) {
  std::vector<std::string> sfen;
  std::string moves;
  bool after = false;
  std::string joined;
  for (const std::string& w : words) joined += w + " ";
  std::istringstream in(joined);
  for (std::string w; in >> w;) {
    if (w == "moves") {
      after = true;
      continue;
    }
    if (after)
      moves += (moves.empty() ? "" : " ") + w;
    else
      sfen.push_back(w);
  }
  return {sfen, moves};
}

int run_show(const ShowOptions& opt) {
  if (opt.svg.empty()) {
    Result<Position> pos = position_from_words(opt.sfen);
    if (!pos) return fail(pos.error());
    std::cout << render_diagram(*pos, opt.western ? DiagramStyle::Western : DiagramStyle::Japanese);
    return 0;
  }
  // The picture shows the problem, and the moves after it as its solution.
  const auto [words, moves] = split_moves(opt.sfen);
  Result<Position> pos = position_from_words(words);
  if (!pos) return fail(pos.error());
  Result<std::vector<Move>> line = parse_usi_line(*pos, moves);
  if (!line) return fail("moves: " + line.error());
  SvgDiagramOptions svg;
  svg.line = *line;
  Position end = *pos;
  for (Move m : *line) end.do_move(m);
  svg.mate_at_end = MoveList<LEGAL>(end).size() == 0;
  std::ofstream out(opt.svg, std::ios::binary);
  out << render_svg_diagram(*pos, svg);
  if (!out) return fail("cannot write " + opt.svg);
  return 0;
}

}  // namespace

Command add_show(CLI::App& app) {
  auto opt = std::make_shared<ShowOptions>();
  CLI::App* sub = app.add_subcommand("show", "Print a position as a board diagram");
  add_sfen_argument(*sub, opt->sfen);
  sub->add_flag("--western", opt->western, "Western labels (files 9..1, ranks a..i, letters)");
  sub->add_option("--svg", opt->svg,
                  "Write the diagram as an SVG picture to FILE instead; with \"SFEN moves ...\", "
                  "the moves are printed below it as the solution");
  return {sub, [opt] { return run_show(*opt); }};
}

}  // namespace kanju::cli
