#include "notation.h"

#include "movegen.h"

namespace kanju {
namespace {

constexpr const char* FILE_DIGITS[9] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr const char* RANK_KANJI[9] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr const char* PIECE_KANJI[PIECE_TYPE_NB] = {
    "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};

// --- Relative markers (JSA 「棋譜の表記方法」).
//
// When two or more pieces of the mover's colour and of the same type (と and 金 are different
// types) can legally reach the destination, the marker says which one moved:
//   Step 1. Motion: 上 (toward the enemy camp), 寄 (sideways), 引 (back). When no other candidate
//           moves the same way, the motion alone is the marker (▲５二金上, ▲５二金寄).
//   Step 2. Position, among the candidates that move the same way: 直 when a gold, silver or
//           promoted minor piece steps straight forward; otherwise 右 or 左, the piece furthest to
//           the mover's right or left (Black's right is the 1-file, White's the 9-file). The
//           side is taken against the other pieces, not the destination, so a dragon or horse
//           stepping straight up beside its twin is 左 or 右, never 直 (▲５三馬左).
//   Step 3. When the position marker alone would not single the piece out among *all*
//           candidates, motion is appended: 左上, 右引, 左寄 (▲２八銀左上 when a silver on 3七
//           could also come back to 2八).
// This covers every case the JSA page shows, including two dragons and two horses. A marker is
// computed from origins, not moves, so a piece that may promote or not counts once.

enum Motion { UP, SIDEWAYS, DOWN };
constexpr const char* MOTION_KANJI[3] = {"上", "寄", "引"};

Motion motion_of(Color c, Square from, Square to) {
  const int forward = relative_rank(c, rank_of(from)) - relative_rank(c, rank_of(to));
  return forward > 0 ? UP : forward == 0 ? SIDEWAYS : DOWN;
}

// The file counted from the mover's right: Black sits below rank 九, White above rank 一.
int file_from_right(Color c, Square sq) { return c == BLACK ? file_of(sq) : 8 - file_of(sq); }

// 直 exists only for pieces that step forward one square among several that could: gold-movers
// and silvers. Ranging pieces and knights are told apart by 左/右 alone.
bool may_use_straight(PieceType pt) {
  return pt == SILVER || pt == GOLD || (is_promoted(pt) && pt < HORSE);
}

// Origins of the mover's pieces of the moving type that can legally reach the destination.
Bitboard candidate_origins(const Position& pos, Move m) {
  Bitboard origins = Bitboard::square(m.from());
  for (Move x : MoveList<LEGAL>(pos))
    if (!x.is_drop() && x.to() == m.to() && x.moved_piece() == m.moved_piece())
      origins.set(x.from());
  return origins;
}

Bitboard with_motion(Color c, Bitboard origins, Square to, Motion motion) {
  Bitboard out;
  for (Square sq : origins)
    if (motion_of(c, sq, to) == motion) out.set(sq);
  return out;
}

// 直, 右 or 左 for `from` among `group` (which contains it), or "" when none singles it out.
std::string position_marker(Color c, PieceType pt, Square from, Square to, Bitboard group) {
  if (may_use_straight(pt) && file_of(from) == file_of(to) && motion_of(c, from, to) == UP)
    return "直";
  bool rightmost = true, leftmost = true;
  for (Square sq : group) {
    if (sq == from) continue;
    if (file_from_right(c, sq) <= file_from_right(c, from)) rightmost = false;
    if (file_from_right(c, sq) >= file_from_right(c, from)) leftmost = false;
  }
  return rightmost ? "右" : leftmost ? "左" : "";
}

std::string relative_marker(const Position& pos, Move m) {
  const Bitboard all = candidate_origins(pos, m);
  if (!all.more_than_one()) return "";
  const Color c = color_of(m.moved_piece());
  const PieceType pt = type_of(m.moved_piece());
  const Motion motion = motion_of(c, m.from(), m.to());
  const Bitboard same_motion = with_motion(c, all, m.to(), motion);
  if (!same_motion.more_than_one()) return MOTION_KANJI[motion];
  const std::string marker = position_marker(c, pt, m.from(), m.to(), same_motion);
  if (marker == position_marker(c, pt, m.from(), m.to(), all)) return marker;
  return marker + MOTION_KANJI[motion];
}

// 成, 不成 (the piece could have promoted here and did not), 打 (always, see notation.h) or "".
std::string suffix(Move m) {
  if (m.is_drop()) return "打";
  if (m.is_promotion()) return "成";
  const Color c = color_of(m.moved_piece());
  const bool could_promote = is_promotable(type_of(m.moved_piece())) &&
                             (in_promotion_zone(c, m.from()) || in_promotion_zone(c, m.to()));
  return could_promote ? "不成" : "";
}

}  // namespace

std::string to_japanese_square(Square sq) {
  return std::string(FILE_DIGITS[file_of(sq)]) + RANK_KANJI[rank_of(sq)];
}

std::string piece_kanji(PieceType pt) { return pt < PIECE_TYPE_NB ? PIECE_KANJI[pt] : ""; }

std::string to_japanese(const Position& pos, Move m, Move previous) {
  const bool same_square = previous && previous.to() == m.to();
  std::string out = color_of(m.moved_piece()) == BLACK ? "▲" : "△";
  out += same_square ? "同" : to_japanese_square(m.to());
  out += piece_kanji(m.is_drop() ? m.drop_type() : type_of(m.moved_piece()));
  if (!m.is_drop()) out += relative_marker(pos, m);
  return out + suffix(m);
}

std::string line_to_japanese(const Position& pos, const std::vector<Move>& line) {
  Position p = pos;
  std::string out;
  Move previous = pos.last_move();
  for (Move m : line) {
    if (!out.empty()) out += ' ';
    out += to_japanese(p, m, previous);
    p.do_move(m);
    previous = m;
  }
  return out;
}

}  // namespace kanju
