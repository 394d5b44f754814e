// SVG diagrams (solver/svg_diagram.h): the README problem with its solution, checked as text, and
// rendered to PNG by rsvg-convert (librsvg2-bin, installed by setup.sh) as a person would.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "solver/sfen.h"
#include "solver/svg_diagram.h"
#include "solver/usi_move.h"

using namespace kanju;
namespace fs = std::filesystem;

namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("an SVG diagram shows the board, both hands and the solution", "[svg]") {
  const Position pos = parse_sfen("9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1").value();
  SvgDiagramOptions options;
  options.title = "README <7>";
  options.line = parse_usi_line(pos, "R*2b 2c1d G*1e 1d1e G*1f 1e1d S*1e").value();
  const std::string svg = render_svg_diagram(pos, options);
  CHECK(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
  CHECK(svg.ends_with("</svg>\n"));
  CHECK(count(svg, "<line ") == 16);                 // the grid inside the frame
  CHECK(count(svg, "transform=\"rotate(180") == 5);  // White's king, three pawns, dragon
  CHECK(svg.find(">角</text>") != std::string::npos);
  CHECK(svg.find(">龍</text>") != std::string::npos);
  CHECK(svg.find(">残</text>") != std::string::npos);  // the defender holds the rest: 残り全部
  CHECK(svg.find("▲２二飛打") != std::string::npos);
  CHECK(svg.find("まで7手詰") != std::string::npos);
  CHECK(svg.find("README &lt;7&gt;") != std::string::npos);  // the title, escaped

  // rsvg-convert renders it (a malformed file would make it fail).
  const fs::path dir = fs::temp_directory_path() / "kanju-svg-test";
  fs::create_directories(dir);
  const fs::path in = dir / "diagram.svg", out = dir / "diagram.png";
  std::ofstream(in, std::ios::binary) << svg;
  fs::remove(out);
  const std::string command = "rsvg-convert '" + in.string() + "' -o '" + out.string() + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  CHECK(fs::file_size(out) > 5000);
  fs::remove_all(dir);
}

TEST_CASE("an SVG diagram without a line, the defender holding only part of the set", "[svg]") {
  const Position pos = parse_sfen("4k4/9/4G4/9/9/9/9/9/4K4 b G2p 1").value();
  const std::string svg = render_svg_diagram(pos);
  CHECK(svg.find("まで") == std::string::npos);
  CHECK(svg.find(">残</text>") == std::string::npos);
  CHECK(svg.find(">歩</text>") != std::string::npos);  // no pawn on the board: the defender's 歩二
  CHECK(count(svg, ">金</text>") == 2);  // one on the board, one in the attacker's hand
}
