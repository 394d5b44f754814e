#include "svg_diagram.h"

#include <sstream>

#include "diagram.h"
#include "notation.h"
#include "sfen.h"

namespace kanju {
namespace {

// Sizes in SVG user units (pixels at 100%).
constexpr int CELL = 40;           // one square
constexpr int HAND_WIDTH = 56;     // a hand column beside the board
constexpr int LABEL = 24;          // the file labels above, the rank labels at the right
constexpr int TITLE = 34;          // the title line, when there is one
constexpr int LINE_HEIGHT = 24;    // a line of the solution
constexpr int MOVES_PER_LINE = 4;  // about the width of the board and its hands

constexpr const char* FILE_DIGITS[9] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr const char* FONT =
    "font-family=\"IPAMincho, 'IPA明朝', 'Noto Serif CJK JP', 'Hiragino Mincho ProN', serif\"";

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

// The UTF-8 characters of a string, one by one (for vertical text).
std::vector<std::string> characters(const std::string& text) {
  std::vector<std::string> out;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    out.push_back(text.substr(i, n));
    i += n;
  }
  return out;
}

// A hand as a book prints it down the side of the board: "飛", "金二", ... or なし.
std::vector<std::string> hand_entries(Hand hand) {
  std::vector<std::string> out = japanese_hand_entries(hand);
  if (out.empty()) out.push_back("なし");
  return out;
}

// Vertical text from (x, y) down: a heading, then each entry, a small gap between entries.
void vertical(std::ostringstream& svg, int x, int y, const std::string& heading,
              const std::vector<std::string>& entries) {
  std::vector<std::string> chars = characters(heading);
  chars.push_back("");
  for (const std::string& e : entries) {
    for (const std::string& c : characters(e)) chars.push_back(c);
    chars.push_back("");
  }
  int cy = y;
  for (const std::string& c : chars) {
    if (c.empty()) {
      cy += 8;
      continue;
    }
    svg << "<text x=\"" << x << "\" y=\"" << cy + 8 << "\" font-size=\"22\" text-anchor=\"middle\">"
        << c << "</text>\n";
    cy += 24;
  }
}

}  // namespace

std::string render_svg_diagram(const Position& pos, const SvgDiagramOptions& options) {
  const Color attacker = pos.side_to_move();
  const Color defender = ~attacker;
  const int top = (options.title.empty() ? 10 : TITLE) + LABEL;
  const int left = HAND_WIDTH;
  const int board = 9 * CELL;
  const int width = left + board + LABEL + HAND_WIDTH;
  std::vector<std::string> line_rows;
  if (!options.line.empty()) {
    std::istringstream moves(line_to_japanese(pos, options.line));
    std::string row, move;
    int n = 0;
    while (moves >> move) {
      row += (row.empty() ? "" : "　") + move;
      if (++n % MOVES_PER_LINE == 0) line_rows.push_back(row), row.clear();
    }
    row += (row.empty() ? "" : "　") + std::string("まで") + std::to_string(options.line.size()) +
           (options.mate_at_end ? "手詰" : "手");
    line_rows.push_back(row);
  }
  const int height = top + board + 16 + int(line_rows.size()) * LINE_HEIGHT + 12;

  std::ostringstream svg;
  svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height << "\" " << FONT << ">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  if (!options.title.empty())
    svg << "<text x=\"" << width / 2 << "\" y=\"24\" font-size=\"20\" text-anchor=\"middle\">"
        << escaped(options.title) << "</text>\n";
  // 1. The board: frame, grid, the four star points.
  svg << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << board << "\" height=\""
      << board << "\" fill=\"none\" stroke=\"black\" stroke-width=\"2.5\"/>\n";
  for (int i = 1; i < 9; ++i) {
    svg << "<line x1=\"" << left + i * CELL << "\" y1=\"" << top << "\" x2=\"" << left + i * CELL
        << "\" y2=\"" << top + board << "\" stroke=\"black\" stroke-width=\"1\"/>\n";
    svg << "<line x1=\"" << left << "\" y1=\"" << top + i * CELL << "\" x2=\"" << left + board
        << "\" y2=\"" << top + i * CELL << "\" stroke=\"black\" stroke-width=\"1\"/>\n";
  }
  for (int fx : {3, 6})
    for (int ry : {3, 6})
      svg << "<circle cx=\"" << left + fx * CELL << "\" cy=\"" << top + ry * CELL
          << "\" r=\"2.5\" fill=\"black\"/>\n";
  // 2. Labels: files ９…１ above, ranks 一…九 at the right.
  for (int col = 0; col < 9; ++col)
    svg << "<text x=\"" << left + col * CELL + CELL / 2 << "\" y=\"" << top - 8
        << "\" font-size=\"16\" text-anchor=\"middle\">" << FILE_DIGITS[8 - col] << "</text>\n";
  for (int row = 0; row < 9; ++row)
    svg << "<text x=\"" << left + board + LABEL / 2 << "\" y=\"" << top + row * CELL + CELL / 2 + 6
        << "\" font-size=\"16\" text-anchor=\"middle\">" << kanji_count(row + 1) << "</text>\n";
  // 3. The pieces, White's upside down.
  for (int row = 0; row < 9; ++row)
    for (int col = 0; col < 9; ++col) {
      const Square sq = make_square(8 - col, row);
      const Piece pc = pos.piece_on(sq);
      if (pc == NO_PIECE) continue;
      const int cx = left + col * CELL + CELL / 2, cy = top + row * CELL + CELL / 2;
      // The baseline a third of the size below the centre puts the glyph in the middle of the
      // square; the rotation turns it about the centre.
      svg << "<text x=\"" << cx << "\" y=\"" << cy + 11
          << "\" font-size=\"30\" text-anchor=\"middle\"";
      if (color_of(pc) == WHITE) svg << " transform=\"rotate(180 " << cx << ' ' << cy << ")\"";
      svg << '>' << board_kanji(type_of(pc)) << "</text>\n";
    }
  // 4. The hands: the attacker's at the right, the defender's at the left.
  vertical(svg, left + board + LABEL + HAND_WIDTH / 2, top + 12, "持駒",
           hand_entries(pos.hand(attacker)));
  const bool holds_rest = rest_of_set(pos).empty() && !pos.hand(defender).empty();
  vertical(svg, HAND_WIDTH / 2, top + 12, "持駒",
           holds_rest ? std::vector<std::string>{"残り全部"} : hand_entries(pos.hand(defender)));
  // 5. The solution below.
  int y = top + board + 16 + LINE_HEIGHT / 2;
  for (const std::string& row : line_rows) {
    svg << "<text x=\"" << left << "\" y=\"" << y + 6 << "\" font-size=\"16\">" << row
        << "</text>\n";
    y += LINE_HEIGHT;
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace kanju
