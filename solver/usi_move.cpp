#include "usi_move.h"

#include "movegen.h"

namespace kanju {
namespace {

// USI letters of PAWN..KING, in the order of the PieceType enum.
constexpr std::string_view PIECE_LETTERS = "PLNSBRGK";

// What the text of a move says, before the position is consulted.
struct UsiSyntax {
  Square from = SQ_NONE;  // SQ_NONE for a drop
  Square to = SQ_NONE;
  PieceType drop_type = NO_PIECE_TYPE;
  bool promote = false;
};

Square parse_square(char file, char rank) {
  if (file < '1' || file > '9' || rank < 'a' || rank > 'i') return SQ_NONE;
  return make_square(file - '1', rank - 'a');
}

// Names the move as written, cut short when it is long garbage rather than a move.
Error move_error(std::string_view text, const std::string& why) {
  const std::string name =
      text.size() <= 12 ? std::string(text) : std::string(text.substr(0, 12)) + "...";
  return Error{"move '" + name + "': " + why};
}

const char* const SYNTAX_HINT =
    "expected a board move like 7g7f or 8h2b+, or a drop like P*5e (files 1-9, ranks a-i)";

Result<UsiSyntax> parse_drop_syntax(std::string_view text) {
  UsiSyntax u;
  u.drop_type = piece_type_from_letter(text[0]);
  u.to = parse_square(text[2], text[3]);
  if (u.drop_type == NO_PIECE_TYPE || u.to == SQ_NONE) return move_error(text, SYNTAX_HINT);
  if (u.drop_type == KING) return move_error(text, "a king cannot be dropped");
  return u;
}

Result<UsiSyntax> parse_syntax(std::string_view text) {
  if (text == "0000" || text == "pass") return move_error(text, "null move not supported");
  if (text.size() == 4 && text[1] == '*') return parse_drop_syntax(text);
  if (text.size() != 4 && !(text.size() == 5 && text[4] == '+'))
    return move_error(text, SYNTAX_HINT);
  UsiSyntax u;
  u.from = parse_square(text[0], text[1]);
  u.to = parse_square(text[2], text[3]);
  u.promote = text.size() == 5;
  if (u.from == SQ_NONE || u.to == SQ_NONE) return move_error(text, SYNTAX_HINT);
  if (u.from == u.to) return move_error(text, "origin and destination are the same square");
  return u;
}

std::string piece_at(PieceType pt, Square sq) {
  return std::string("a ") + piece_type_name(pt) + " on " + square_name(sq);
}

// Why the promotion choice of a reachable board move is wrong, or "" when it is fine.
std::string promotion_problem(Color us, PieceType pt, const UsiSyntax& u) {
  const std::string what = piece_at(pt, u.from);
  if (u.promote && is_promoted(pt)) return what + " is already promoted";
  if (u.promote && !is_promotable(pt)) return what + " cannot promote";
  if (u.promote && !in_promotion_zone(us, u.from) && !in_promotion_zone(us, u.to))
    return what + " cannot promote on " + square_name(u.to) + ": neither square is in " +
           color_name(us) + "'s promotion zone";
  if (!u.promote && could_never_move(us, pt, u.to))
    return what + " must promote on " + square_name(u.to) + " (it could never move again)";
  return "";
}

// Why a syntactically valid board move is not among the legal moves.
std::string why_illegal_board_move(const Position& pos, const UsiSyntax& u) {
  const Color us = pos.side_to_move();
  const Piece pc = pos.piece_on(u.from);
  if (pc == NO_PIECE) return "no piece on " + square_name(u.from);
  const PieceType pt = type_of(pc);
  if (color_of(pc) != us)
    return std::string("the ") + piece_type_name(pt) + " on " + square_name(u.from) + " is " +
           color_name(~us) + "'s, and " + color_name(us) + " is to move";
  const Piece target = pos.piece_on(u.to);
  if (target != NO_PIECE && color_of(target) == us)
    return square_name(u.to) + " holds " + color_name(us) + "'s own " +
           piece_type_name(type_of(target));
  if (!attacks_bb(us, pt, u.from, pos.pieces()).test(u.to))
    return piece_at(pt, u.from) + " cannot move to " + square_name(u.to);
  std::string promotion = promotion_problem(us, pt, u);
  if (!promotion.empty()) return promotion;
  if (pos.in_check())
    return std::string(color_name(us)) + "'s king is in check and this move does not answer it";
  return std::string("it would leave ") + color_name(us) + "'s king in check";
}

// True when dropping a pawn on `to` would check the enemy king and mate it (打ち歩詰め).
bool is_pawn_drop_mate(const Position& pos, Square to) {
  const Color us = pos.side_to_move();
  const Square eksq = pos.king_square(~us);
  return eksq != SQ_NONE && step_attacks(us, PAWN, to).test(eksq) && pos.pawn_drop_mates(to);
}

std::string why_illegal_drop(const Position& pos, const UsiSyntax& u) {
  const Color us = pos.side_to_move();
  const PieceType pt = u.drop_type;
  const std::string to = square_name(u.to);
  if (!pos.hand(us).has(pt))
    return std::string(color_name(us)) + " has no " + piece_type_name(pt) + " in hand";
  if (!pos.empty(u.to)) return to + " is occupied";
  if (could_never_move(us, pt, u.to))
    return std::string("a ") + piece_type_name(pt) + " dropped on " + to + " could never move";
  if (pt == PAWN && pos.has_pawn_on_file(us, file_of(u.to)))
    return std::string(color_name(us)) + " already has an unpromoted pawn on file " + to[0] +
           " (二歩)";
  if (pt == PAWN && is_pawn_drop_mate(pos, u.to))
    return "a pawn dropped on " + to + " would give checkmate (打ち歩詰め)";
  if (pos.in_check())
    return std::string(color_name(us)) + "'s king is in check and this drop does not answer it";
  return "not a legal move in this position";
}

}  // namespace

std::string square_name(Square sq) { return {char('1' + file_of(sq)), char('a' + rank_of(sq))}; }

char piece_letter(PieceType pt) {
  return pt == NO_PIECE_TYPE ? '?' : PIECE_LETTERS[unpromote(pt) - PAWN];
}

PieceType piece_type_from_letter(char c) {
  const char upper = c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
  const size_t i = PIECE_LETTERS.find(upper);
  return i == std::string_view::npos ? NO_PIECE_TYPE : PieceType(PAWN + i);
}

const char* piece_type_name(PieceType pt) {
  // clang-format off
  static constexpr const char* NAMES[PIECE_TYPE_NB] = {
      "nothing", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
      "tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon"};
  // clang-format on
  return pt < PIECE_TYPE_NB ? NAMES[pt] : "?";
}

const char* color_name(Color c) { return c == BLACK ? "Black" : "White"; }

std::string to_usi(Move m) {
  if (!m) return "0000";
  if (m.is_drop()) return std::string{piece_letter(m.drop_type()), '*'} + square_name(m.to());
  return square_name(m.from()) + square_name(m.to()) + (m.is_promotion() ? "+" : "");
}

Result<Move> parse_usi_move(const Position& pos, std::string_view text) {
  Result<UsiSyntax> syntax = parse_syntax(text);
  if (!syntax) return Error{syntax.error()};
  const UsiSyntax& u = *syntax;
  const Color us = pos.side_to_move();
  const Move m = u.from == SQ_NONE ? Move::make_drop(u.drop_type, u.to, us)
                                   : Move::make(u.from, u.to, pos.piece_on(u.from), u.promote);
  if (MoveList<LEGAL>(pos).contains(m)) return m;
  return move_error(text,
                    u.from == SQ_NONE ? why_illegal_drop(pos, u) : why_illegal_board_move(pos, u));
}

Result<std::vector<Move>> parse_usi_line(const Position& start, std::string_view text) {
  std::vector<Move> line;
  Position pos = start;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\t') {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    Result<Move> m = parse_usi_move(pos, text.substr(i, end - i));
    if (!m) return Error{"move " + std::to_string(line.size() + 1) + ": " + m.error()};
    line.push_back(*m);
    pos.do_move(*m);
    i = end;
  }
  return line;
}

}  // namespace kanju
