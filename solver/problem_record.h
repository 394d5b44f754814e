// A problem as a file holds it: the start position, the line the file claims solves it, and the
// header lines around them. The KIF/KI2 reader (kif.h) and the CSA reader (csa.h) both produce
// one, and their writers take one, so a problem converts between the formats without loss of
// position or line.
//
// Headers keep the KIF names (作品名, 作者, 手数, 出典, 先手, 棋戦 ...), in file order and in
// UTF-8: csa.h maps the CSA names it knows (N+ → 先手, $EVENT → 棋戦 ...) onto them and keeps any
// other "$KEY" as it is.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hand.h"
#include "position.h"
#include "result.h"
#include "sfen.h"
#include "types.h"
#include "usi_move.h"

namespace kanju {

struct ProblemRecord {
  Position position;               // the start; the side to move is the attacker
  std::vector<Move> claimed_line;  // the main line as written, each move legal where played
  int claimed_length = -1;         // the header 手数 if given, else the number of moves, or -1
  std::vector<std::pair<std::string, std::string>> headers;
  std::string source;  // file name, for messages

  // The value of the first header named `key`, or nullptr.
  const std::string* header(std::string_view key) const {
    for (const auto& [k, v] : headers)
      if (k == key) return &v;
    return nullptr;
  }
};

// --- Shared by the readers: a start position as a file describes it, before any rule is checked.

struct BoardSetup {
  Piece board[SQ_NB] = {};
  int hand[COLOR_NB][8] = {};  // counts indexed by PAWN..GOLD
  Color side = BLACK;
  // KIF's 残り全部 and CSA's P-00AL: this side also holds every piece not placed elsewhere.
  std::optional<Color> rest_to;
};

// The SFEN letter of a piece: upper case for Black.
inline char sfen_letter(Color c, PieceType pt) {
  const char letter = piece_letter(pt);
  return c == BLACK ? letter : char(letter - 'A' + 'a');
}

// Builds the position through an SFEN, so that it passes exactly the checks parse_sfen makes
// (piece counts, kings, dead pieces, 二歩, the defender not in check) and a file cannot hold a
// position a SFEN could not. The error is parse_sfen's, naming the SFEN field at fault.
inline Result<Position> build_setup_position(const BoardSetup& setup) {
  std::string sfen;
  for (int rank = 0; rank < 9; ++rank) {
    int empty = 0;
    for (int file = 8; file >= 0; --file) {
      const Piece pc = setup.board[make_square(file, rank)];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) sfen += char('0' + empty);
      empty = 0;
      if (is_promoted(type_of(pc))) sfen += '+';
      sfen += sfen_letter(color_of(pc), type_of(pc));
    }
    if (empty) sfen += char('0' + empty);
    if (rank < 8) sfen += '/';
  }
  sfen += setup.side == BLACK ? " b " : " w ";
  std::string hands;
  for (Color c : {BLACK, WHITE})
    for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
      const int n = setup.hand[c][pt];
      if (n <= 0) continue;
      if (n > 1) hands += std::to_string(n);
      hands += sfen_letter(c, pt);
    }
  sfen += hands.empty() ? "-" : hands;
  Result<Position> pos = parse_sfen(sfen);
  if (!pos || !setup.rest_to) return pos;
  // Only now are the placed pieces known to fit the set, so the rest cannot be negative.
  const Hand rest = rest_of_set(*pos);
  Hand h = pos->hand(*setup.rest_to);
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) h.add(pt, rest.count(pt));
  pos->set_hand(*setup.rest_to, h);
  pos->refresh();
  return pos;
}

// Feeds `text` to `read_line` one line at a time (without its '\n'), counting lines in `line`,
// until a line gives an error or `done()` says the rest does not matter. The line loop of the
// KIF and CSA readers.
template <class ReadLine, class Done>
std::optional<Error> for_each_line(std::string_view text, int& line, ReadLine read_line,
                                   Done done) {
  while (!text.empty() && !done()) {
    const size_t end = std::min(text.find('\n'), text.size());
    ++line;
    if (std::optional<Error> e = read_line(text.substr(0, end))) return e;
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return std::nullopt;
}

}  // namespace kanju
