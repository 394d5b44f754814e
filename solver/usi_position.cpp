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

// Passes the turn: the same board and hands with the other side to move.
Result<Position> pass_turn(const Position& pos) {
  if (pos.in_check()) return Error{"cannot pass ('0000') while in check"};
  std::string sfen = to_sfen(pos, false);
  char& side = sfen[sfen.find(' ') + 1];
  side = side == 'b' ? 'w' : 'b';
  return parse_sfen_any_side(sfen + " " + std::to_string(pos.game_ply() + 1));
}

}  // namespace

// A GUI may send a position whose side not to move has no king (White attacking, Black to move
// after a pass): the rules of parse_sfen, with that king optional (SfenRules).
Result<Position> parse_sfen_any_side(std::string_view sfen) {
  return parse_sfen(sfen, SfenRules{.side_not_to_move_needs_king = false});
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
