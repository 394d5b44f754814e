// A tsume diagram as an SVG picture, laid out as a book prints one: the board with the files ９…１
// above and the ranks 一…九 at its right, the defender's pieces upside down, the attacker's hand
// at the right ("持駒"), the defender's at the left ("残り全部" when it holds the rest of the set),
// and the solution below, in Japanese notation, ending "まで21手詰".
//
// The text is set in a Japanese serif font when one is installed (IPA明朝, Noto Serif CJK JP, ...);
// rsvg-convert (librsvg2-bin) turns the file into a PNG.
#pragma once

#include <string>
#include <vector>

#include "position.h"

namespace kanju {

struct SvgDiagramOptions {
  std::string title;        // printed above the board (an id, a work's name); may be empty
  std::vector<Move> line;   // the solution from the position, printed below the board
  bool mate_at_end = true;  // the line ends in mate ("まで21手詰"; else "まで21手")
};

std::string render_svg_diagram(const Position& pos, const SvgDiagramOptions& options = {});

}  // namespace kanju
