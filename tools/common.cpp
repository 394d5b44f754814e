#include <iostream>

#include "commands.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"

namespace kanju::cli {

int fail(const std::string& message) {
  std::cerr << "error: " << message << '\n';
  return 1;
}

CLI::Option* add_sfen_argument(CLI::App& sub, std::vector<std::string>& words) {
  return sub
      .add_option("SFEN", words,
                  "SFEN (quotes optional), \"startpos\", or \"startpos|<sfen> moves 7g7f ...\"")
      ->required();
}

namespace {

std::string join(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) {
    if (!text.empty()) text += ' ';
    text += w;
  }
  return text;
}

bool starts_with_word(const std::string& text, std::string_view word) {
  return text.rfind(word, 0) == 0 && (text.size() == word.size() || text[word.size()] == ' ');
}

}  // namespace

Result<Position> position_from_words(const std::vector<std::string>& words) {
  const std::string text = join(words);
  if (text.empty()) return Error{"no position given: pass a SFEN string or \"startpos\""};
  const bool with_moves = text.find(" moves") != std::string::npos;
  if (!with_moves && !starts_with_word(text, "position")) return parse_sfen(text);

  // parse_position_command wants "[position] startpos|sfen <sfen> [moves ...]".
  const bool named = starts_with_word(text, "position") || starts_with_word(text, "startpos") ||
                     starts_with_word(text, "sfen");
  Result<PositionCommand> parsed = parse_position_command(named ? text : "sfen " + text);
  if (!parsed) return Error{parsed.error()};
  return std::move(parsed->position);
}

Result<Position> problem_from_words(const std::vector<std::string>& words) {
  Result<Position> pos = position_from_words(words);
  if (!pos) return pos;
  const Color defender = ~pos->side_to_move();
  if (pos->king_square(defender) == SQ_NONE)
    return Error{std::string("position after the moves: the side not to move, ") +
                 color_name(defender) +
                 ", has no king (a problem starts with the attacker to move)"};
  return pos;
}

}  // namespace kanju::cli
