#include "usi_position.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "sfen.h"
#include "text.h"
#include "usi_move.h"

namespace kanju {
namespace {

std::vector<std::string> words_of(std::string_view s) {
  const std::vector<std::string_view> views = split_words(s);
  return {views.begin(), views.end()};
}

// The 81 cells of an SFEN board field, rank a first and file 9 first, "" for an empty square,
// "+P" for a promoted piece; nullopt when the field does not hold 81 squares.
std::optional<std::vector<std::string>> board_cells(std::string_view board) {
  std::vector<std::string> cells;
  std::string piece;
  for (char c : board) {
    if (c == '/') continue;
    if (c >= '1' && c <= '9') {
      cells.insert(cells.end(), size_t(c - '0'), "");
    } else if ((piece += c) != "+") {
      cells.push_back(piece);
      piece.clear();
    }
  }
  if (cells.size() != size_t(SQ_NB)) return std::nullopt;
  return cells;
}

// The board field of 81 cells: board_field(board_cells(b)) == b for every valid field, since a
// valid field counts each run of empty squares with one digit.
std::string board_field(const std::vector<std::string>& cells) {
  std::string s;
  for (int rank = 0; rank < 9; ++rank) {
    int empty = 0;
    for (int column = 0; column < 9; ++column) {
      const std::string& cell = cells[rank * 9 + column];
      if (cell.empty()) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty);
      empty = 0;
      s += cell;
    }
    if (empty) s += char('0' + empty);
    if (rank < 8) s += '/';
  }
  return s;
}

// Passes the turn: the same board and hands with the other side to move.
Result<Position> pass_turn(const Position& pos) {
  if (pos.in_check()) return Error{"cannot pass ('0000') while in check"};
  std::string sfen = to_sfen(pos, false);
  char& side = sfen[sfen.find(' ') + 1];
  side = side == 'b' ? 'w' : 'b';
  return parse_sfen_any_side(sfen + " " + std::to_string(pos.game_ply() + 1));
}

}  // namespace

// parse_sfen requires the king of the side not to move. Without it, the SFEN is read again with
// that king placed on an empty square it does not stand in check on (every other rule is then
// checked as usual), and the king is taken off the position that comes out.
Result<Position> parse_sfen_any_side(std::string_view sfen) {
  Result<Position> pos = parse_sfen(sfen);
  if (pos) return pos;
  std::vector<std::string> words = words_of(sfen);
  if (!words.empty() && words[0] == "sfen") words.erase(words.begin());
  if (words.size() < 3 || words.size() > 4 || (words[1] != "b" && words[1] != "w")) return pos;
  const std::string king = words[1] == "b" ? "k" : "K";
  if (words[0].find(king) != std::string::npos) return pos;
  std::optional<std::vector<std::string>> cells = board_cells(words[0]);
  if (!cells || board_field(*cells) != words[0]) return pos;

  std::optional<Error> first_error;
  for (int i = 0; i < SQ_NB; ++i) {
    if (!(*cells)[i].empty()) continue;
    (*cells)[i] = king;
    words[0] = board_field(*cells);
    (*cells)[i].clear();
    Result<Position> with_king = parse_sfen(join_words(words.begin(), words.end()));
    if (!with_king) {
      if (!first_error) first_error = Error{with_king.error()};
      continue;
    }
    with_king->remove_piece(make_square(8 - i % 9, i / 9));
    with_king->refresh();
    return with_king;
  }
  return first_error ? Result<Position>(*first_error) : pos;
}

Result<Position> parse_usi_position(std::string_view text) {
  const std::vector<std::string> words = words_of(text);
  const auto begin = words.begin() + (!words.empty() && words[0] == "position" ? 1 : 0);
  const auto moves_at = std::find(begin, words.end(), "moves");

  Result<Position> pos = Error{""};
  if (begin != moves_at && *begin == "sfen") {
    pos = parse_sfen_any_side(join_words(begin + 1, moves_at));
  } else {  // startpos, or a mistake that parse_position_command names
    Result<PositionCommand> cmd = parse_position_command(join_words(begin, moves_at));
    pos = cmd ? Result<Position>(std::move(cmd->position)) : Result<Position>(Error{cmd.error()});
  }
  if (!pos || moves_at == words.end()) return pos;

  for (auto it = moves_at + 1; it != words.end(); ++it) {
    const std::string where = "position command, move " + std::to_string(it - moves_at) + ": ";
    if (*it == "0000" || *it == "pass") {
      pos = pass_turn(*pos);
      if (!pos) return Error{where + pos.error()};
      continue;
    }
    Result<Move> m = parse_usi_move(*pos, *it);
    if (!m) return Error{where + m.error()};
    pos->do_move(*m);
  }
  return pos;
}

}  // namespace kanju
