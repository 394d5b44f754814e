#include "sfen.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "text.h"
#include "usi_move.h"

namespace kanju {
namespace {

// nullopt when a check passes; the first rule broken otherwise.
using Status = std::optional<Error>;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
// The value of at most nine decimal digits (callers check the length first, so no overflow and
// no exception, unlike std::stoi).
int digits_value(std::string_view digits) {
  int n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  return n;
}
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

std::string plural_name(PieceType pt) { return std::string(piece_type_name(pt)) + "s"; }
// "two" reads better than "2" in "two Black kings"; larger counts stay digits.
std::string how_many(size_t n) { return n == 2 ? "two" : std::to_string(n); }

// The fields of an SFEN, read but not yet checked against the rules of §1.
struct SfenFields {
  Piece board[SQ_NB] = {};
  Color side = BLACK;
  int hand[COLOR_NB][8] = {};  // indexed by PAWN..GOLD
  int ply = 1;
};

// --- Field 1: the board.

Error board_error(const std::string& what) { return Error{"SFEN field 1 (board): " + what}; }
std::string at_rank(int rank) { return " at rank " + std::to_string(rank + 1); }

// The digit at text[i] counts empty squares: 1 to 9, never two digits in a row (is "11" two
// squares or eleven?).
Status check_digit(std::string_view text, size_t i, int rank) {
  if (text[i] == '0')
    return board_error("'0'" + at_rank(rank) + ": empty squares are counted 1 to 9");
  if (i > 0 && is_digit(text[i - 1]))
    return board_error("two digits in a row " + quoted(text.substr(i - 1, 2)) + at_rank(rank) +
                       ": write the empty squares as one digit");
  return std::nullopt;
}

// Reads the piece at text[i], with its '+' if any (i is left on the letter). `column` counts
// the squares of the rank already read, for the square named in an error.
Result<Piece> read_board_piece(std::string_view text, size_t& i, int rank, size_t column) {
  const bool promoted = text[i] == '+';
  if (promoted && ++i == text.size())
    return board_error("'+' at the end of rank " + std::to_string(rank + 1) +
                       " with no piece after it");
  const char c = text[i];
  const PieceType pt = piece_type_from_letter(c);
  std::string where = at_rank(rank);
  if (column < 9) where += ", square " + square_name(make_square(8 - int(column), rank));
  if (pt == NO_PIECE_TYPE && (!promoted || is_letter(c)))
    return board_error((is_letter(c) ? "unknown piece letter " : "unexpected character ") +
                       quoted(c) + where);
  if (promoted && !is_promotable(pt))
    return board_error("'+' before " + quoted(c) + where + ": only P, L, N, S, B and R promote");
  return make_piece(is_upper(c) ? BLACK : WHITE, promoted ? promote(pt) : pt);
}

// Reads one rank ("lnsgkgsnl", "4+P4"); rank 0 is rank a. Squares go from file 9 to file 1.
Status parse_rank(std::string_view text, int rank, Piece* board) {
  size_t column = 0;  // wide: a pasted file must not overflow it
  for (size_t i = 0; i < text.size(); ++i) {
    if (is_digit(text[i])) {
      if (Status s = check_digit(text, i, rank)) return s;
      column += text[i] - '0';
      continue;
    }
    Result<Piece> pc = read_board_piece(text, i, rank, column);
    if (!pc) return Error{pc.error()};
    if (column < 9) board[make_square(8 - int(column), rank)] = *pc;
    ++column;
  }
  if (column == 9) return std::nullopt;
  return Error{"SFEN field 1 (board), rank " + std::to_string(rank + 1) + ": " +
               std::to_string(column) + " squares, expected 9"};
}

Status parse_board(std::string_view text, Piece* board) {
  const size_t ranks = std::count(text.begin(), text.end(), '/') + 1;
  if (ranks != 9) return board_error(std::to_string(ranks) + " ranks, expected 9");
  for (int rank = 0; rank < 9; ++rank) {
    const size_t end = std::min(text.find('/'), text.size());
    if (Status s = parse_rank(text.substr(0, end), rank, board)) return s;
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return std::nullopt;
}

// --- Field 2: the side to move.

Result<Color> parse_side(std::string_view text) {
  if (text == "b") return BLACK;
  if (text == "w") return WHITE;
  return Error{"SFEN field 2 (side to move): expected 'b' or 'w', got " + quoted(text)};
}

// --- Field 3: the hands.

Error hand_error(const std::string& what) { return Error{"SFEN field 3 (hand): " + what}; }

struct HandItem {
  Color color;
  PieceType type;
  int count;
};

// The count written before a hand letter: 1 when absent, never 0, never more than the set.
Result<int> hand_count(std::string_view digits, char letter, PieceType pt) {
  if (digits.empty()) return 1;
  const std::string what = "count " + quoted(digits) + " before " + quoted(letter);
  if (digits.size() > 2) return hand_error(what + " is more than the set holds");
  const int n = digits_value(digits);
  if (n == 0) return hand_error(what + ": a count must be 1 or more");
  if (digits[0] == '0') return hand_error(what + " has a leading zero");
  if (n > Hand::max_count(pt))
    return hand_error(what + " is more than the set's " + std::to_string(Hand::max_count(pt)));
  return n;
}

// Reads "[count]letter" at text[i] and leaves i after it.
Result<HandItem> read_hand_item(std::string_view text, size_t& i) {
  const size_t start = i;
  while (i < text.size() && is_digit(text[i])) ++i;
  const std::string_view digits = text.substr(start, i - start);
  if (i == text.size())
    return hand_error("count " + quoted(digits) + " at the end with no piece letter after it");
  const char c = text[i++];
  if (c == '+') return hand_error("'+' in hand: pieces in hand are never promoted");
  if (c == '-') return hand_error("'-' must stand alone, for two empty hands");
  const PieceType pt = piece_type_from_letter(c);
  if (pt == NO_PIECE_TYPE)
    return hand_error((is_letter(c) ? "unknown piece letter " : "unexpected character ") +
                      quoted(c));
  if (pt == KING) return hand_error("a king cannot be held in hand");
  Result<int> n = hand_count(digits, c, pt);
  if (!n) return Error{n.error()};
  return HandItem{is_upper(c) ? BLACK : WHITE, pt, *n};
}

Status parse_hands(std::string_view text, int hand[COLOR_NB][8]) {
  if (text == "-") return std::nullopt;
  for (size_t i = 0; i < text.size();) {
    Result<HandItem> item = read_hand_item(text, i);
    if (!item) return Error{item.error()};
    int& held = hand[item->color][item->type];
    held += item->count;                     // a letter given twice is summed
    if (held > Hand::max_count(item->type))  // checked at once, so `held` cannot overflow
      return hand_error(std::string(color_name(item->color)) + " holds " + std::to_string(held) +
                        " " + plural_name(item->type) + ", the set has " +
                        std::to_string(Hand::max_count(item->type)));
  }
  return std::nullopt;
}

// --- Field 4: the move number.

Result<int> parse_move_number(std::string_view text) {
  const std::string prefix = "SFEN field 4 (move number): ";
  if (!std::all_of(text.begin(), text.end(), is_digit))
    return Error{prefix + "expected a whole number of 1 or more, got " + quoted(text)};
  text.remove_prefix(std::min(text.find_first_not_of('0'), text.size()));
  if (text.empty()) return Error{prefix + "0, expected 1 or more"};
  if (text.size() > 9) return Error{prefix + quoted(text) + " is too large"};
  return digits_value(text);
}

Result<SfenFields> parse_fields(const std::vector<std::string_view>& words) {
  SfenFields f;
  if (Status s = parse_board(words[0], f.board)) return *s;
  Result<Color> side = parse_side(words[1]);
  if (!side) return Error{side.error()};
  f.side = *side;
  if (Status s = parse_hands(words[2], f.hand)) return *s;
  if (words.size() == 4) {
    Result<int> ply = parse_move_number(words[3]);
    if (!ply) return Error{ply.error()};
    f.ply = *ply;
  }
  return f;
}

// --- The rules of docs/RULES.md §1.

Status check_piece_counts(const SfenFields& f) {
  int on_board[8] = {}, in_hands[8] = {};
  for (Piece pc : f.board)
    if (pc != NO_PIECE && type_of(pc) != KING) ++on_board[unpromote(type_of(pc))];
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
    in_hands[pt] = f.hand[BLACK][pt] + f.hand[WHITE][pt];
    const std::string count_vs_set = ", the set has " + std::to_string(Hand::max_count(pt));
    if (on_board[pt] > Hand::max_count(pt))
      return board_error(std::to_string(on_board[pt]) + " " + plural_name(pt) + count_vs_set);
    if (on_board[pt] + in_hands[pt] > Hand::max_count(pt))
      return Error{
          "SFEN fields 1 and 3 (board and hands): " + std::to_string(on_board[pt] + in_hands[pt]) +
          " " + plural_name(pt) + count_vs_set};
  }
  return std::nullopt;
}

Status check_kings(const SfenFields& f, SfenRules rules) {
  std::vector<Square> kings[COLOR_NB];
  for (Square sq = 0; sq < SQ_NB; ++sq)
    if (type_of(f.board[sq]) == KING) kings[color_of(f.board[sq])].push_back(sq);
  for (Color c : {BLACK, WHITE}) {
    const auto& k = kings[c];
    if (k.size() > 1)
      return Error{"SFEN: " + how_many(k.size()) + " " + color_name(c) + " kings, on " +
                   square_name(k[0]) + " and " + square_name(k[1]) +
                   (k.size() > 2 ? " and more" : "")};
  }
  const Color defender = ~f.side;
  if (rules.side_not_to_move_needs_king && kings[defender].empty())
    return Error{std::string("SFEN: no defender king (the side not to move, ") +
                 color_name(defender) + ", has no king)"};
  return std::nullopt;
}

// A dead piece (types.h: could_never_move): no legal game reaches it.
Status check_dead_pieces(const SfenFields& f) {
  for (Square sq = 0; sq < SQ_NB; ++sq) {
    const Piece pc = f.board[sq];
    if (pc == NO_PIECE || !could_never_move(color_of(pc), type_of(pc), sq)) continue;
    return Error{std::string("SFEN field 1: ") + color_name(color_of(pc)) + " " +
                 piece_type_name(type_of(pc)) + " on " + square_name(sq) + " (rank " +
                 char('a' + rank_of(sq)) + ") could never move"};
  }
  return std::nullopt;
}

Status check_two_pawns(const SfenFields& f) {
  for (Color c : {BLACK, WHITE})
    for (int file = 0; file < 9; ++file) {
      int pawns = 0;
      for (int rank = 0; rank < 9; ++rank)
        pawns += f.board[make_square(file, rank)] == make_piece(c, PAWN);
      if (pawns > 1)
        return Error{"SFEN field 1: " + how_many(pawns) + " unpromoted " + color_name(c) +
                     " pawns on file " + std::to_string(file + 1) + " (二歩)"};
    }
  return std::nullopt;
}

Position build_position(const SfenFields& f) {
  Position pos;
  for (Square sq = 0; sq < SQ_NB; ++sq)
    if (f.board[sq] != NO_PIECE) pos.put_piece(sq, f.board[sq]);
  for (Color c : {BLACK, WHITE}) {
    Hand h;
    for (PieceType pt : HAND_TYPES_SFEN_ORDER) h.set(pt, f.hand[c][pt]);
    pos.set_hand(c, h);
  }
  pos.set_side_to_move(f.side);
  pos.set_game_ply(f.ply);
  pos.refresh();
  return pos;
}

// The side to move could capture the other king: no legal game reaches that.
Status check_defender_not_in_check(const Position& pos) {
  const Color us = pos.side_to_move();
  if (!pos.has_king(~us)) return std::nullopt;  // allowed by SfenRules: nothing to capture
  const Bitboard attackers = pos.attackers_to(us, pos.king_square(~us));
  if (attackers.none()) return std::nullopt;
  const Square from = attackers.lsb();
  return Error{std::string("SFEN: the side not to move (") + color_name(~us) +
               ") is in check from the " + piece_type_name(type_of(pos.piece_on(from))) + " on " +
               square_name(from) + ", so its king could be captured"};
}

Result<Position> parse_sfen_words(const std::vector<std::string_view>& words, SfenRules rules) {
  if (words.size() < 3 || words.size() > 4)
    return Error{"SFEN: " + std::to_string(words.size()) +
                 (words.size() == 1 ? " field" : " fields") +
                 ", expected 3 or 4 (board, side to move, hand, optional move number)"};
  Result<SfenFields> f = parse_fields(words);
  if (!f) return Error{f.error()};
  if (Status s = check_piece_counts(*f)) return *s;
  if (Status s = check_kings(*f, rules)) return *s;
  for (auto check : {check_dead_pieces, check_two_pawns})
    if (Status s = check(*f)) return *s;
  Position pos = build_position(*f);
  if (Status s = check_defender_not_in_check(pos)) return *s;
  return pos;
}

// --- Writing.

std::string piece_to_sfen(Piece pc) {
  const char upper = piece_letter(type_of(pc));
  const char letter = color_of(pc) == BLACK ? upper : char(upper - 'A' + 'a');
  return is_promoted(type_of(pc)) ? std::string{'+', letter} : std::string{letter};
}

std::string board_to_sfen(const Position& pos) {
  std::string s;
  for (int rank = 0; rank < 9; ++rank) {
    int empty = 0;
    for (int file = 8; file >= 0; --file) {
      const Piece pc = pos.piece_on(make_square(file, rank));
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty);
      empty = 0;
      s += piece_to_sfen(pc);
    }
    if (empty) s += char('0' + empty);
    if (rank < 8) s += '/';
  }
  return s;
}

std::string hands_to_sfen(const Position& pos) {
  std::string s;
  for (Color c : {BLACK, WHITE})
    for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
      const int n = pos.hand(c).count(pt);
      if (n > 1) s += std::to_string(n);
      if (n > 0) s += piece_to_sfen(make_piece(c, pt));
    }
  return s.empty() ? "-" : s;
}

// --- The position command.

// The position named by words[begin, end): "startpos" or "sfen" followed by its fields.
Result<Position> command_position(const std::vector<std::string_view>& words, size_t begin,
                                  size_t end) {
  const std::string prefix = "position command: ";
  if (begin == end) return Error{prefix + "expected 'startpos' or 'sfen'"};
  if (words[begin] == "startpos") {
    if (end - begin > 1)
      return Error{prefix + "expected 'moves' after 'startpos', got " + quoted(words[begin + 1])};
    return parse_sfen(STARTPOS_SFEN);
  }
  if (words[begin] != "sfen")
    return Error{prefix + "expected 'startpos' or 'sfen', got " + quoted(words[begin])};
  const std::vector<std::string_view> fields(words.begin() + begin + 1, words.begin() + end);
  return parse_sfen_words(fields, SfenRules{});
}

}  // namespace

Result<Position> parse_sfen(std::string_view sfen, SfenRules rules) {
  std::vector<std::string_view> words = split_words(sfen);
  if (words.empty()) return Error{"SFEN: empty input"};
  if (words[0] == "sfen") words.erase(words.begin());
  if (words.size() == 1 && words[0] == "startpos") words = split_words(STARTPOS_SFEN);
  return parse_sfen_words(words, rules);
}

std::string to_sfen(const Position& pos, bool with_move_number) {
  std::string s =
      board_to_sfen(pos) + (pos.side_to_move() == BLACK ? " b " : " w ") + hands_to_sfen(pos);
  return with_move_number ? s + " " + std::to_string(pos.game_ply()) : s;
}

Hand rest_of_set(const Position& pos) {
  Hand rest;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
    int used = pos.hand(BLACK).count(pt) + pos.hand(WHITE).count(pt) + pos.pieces(pt).popcount();
    if (is_promotable(pt)) used += pos.pieces(promote(pt)).popcount();
    rest.set(pt, std::max(0, Hand::max_count(pt) - used));
  }
  return rest;
}

void fill_defender_hand(Position& pos) {
  const Color defender = ~pos.side_to_move();
  const Hand rest = rest_of_set(pos);
  Hand h = pos.hand(defender);
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) h.add(pt, rest.count(pt));
  pos.set_hand(defender, h);
  pos.refresh();
}

Result<PositionCommand> parse_position_command(std::string_view text) {
  const std::vector<std::string_view> words = split_words(text);
  const size_t begin = !words.empty() && words[0] == "position" ? 1 : 0;
  const size_t moves_at = std::find(words.begin(), words.end(), "moves") - words.begin();
  Result<Position> pos = command_position(words, begin, std::min(moves_at, words.size()));
  if (!pos) return Error{pos.error()};
  PositionCommand cmd{std::move(*pos), {}};
  for (size_t i = moves_at + 1; i < words.size(); ++i) {
    Result<Move> m = parse_usi_move(cmd.position, words[i]);
    if (!m)
      return Error{"position command, move " + std::to_string(i - moves_at) + ": " + m.error()};
    cmd.position.do_move(*m);
    cmd.moves.push_back(*m);
  }
  return cmd;
}

}  // namespace kanju
