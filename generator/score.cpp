#include "generator/score.h"

#include <algorithm>

#include "solver/bitboard.h"
#include "solver/movegen.h"

namespace kanju {

namespace {

// A drop of a lance, bishop or rook where another empty square of the same line, on the same
// side of the king, would also be a legal checking drop.
bool limited_drop(const Position& pos, Move m) {
  const PieceType pt = m.drop_type();
  if (pt != LANCE && pt != BISHOP && pt != ROOK) return false;
  const Square king = pos.king_square(~pos.side_to_move());
  const Bitboard line = line_bb(king, m.to());
  for (Move other : MoveList<CHECKS>(pos)) {
    if (other == m || !other.is_drop() || other.drop_type() != pt || !line.test(other.to()))
      continue;
    // The same side of the king: one of the two squares lies between the king and the other.
    if (between_bb(king, other.to()).test(m.to()) || between_bb(king, m.to()).test(other.to()))
      return true;
  }
  return false;
}

// The defender's reply to check: an interposition (a piece put between the checker and the king)
// 0, adjacent to the king 1, farther 2.
int interposition(const Position& pos, Move m) {
  if (type_of(m.moved_piece()) == KING || !pos.checkers().any()) return 0;
  const Square king = pos.king_square(pos.side_to_move());
  Bitboard checkers = pos.checkers();
  const Square checker = checkers.pop_lsb();
  if (m.to() == checker || !between_bb(king, checker).test(m.to())) return 0;
  return distance(king, m.to()) > 1 ? 2 : 1;
}

}  // namespace

double quality(const Features& f) {
  return 8.0 * f.key_sacrifice + 3.0 * f.sacrifices + 4.0 * f.limited_drops +
         5.0 * f.far_interpositions + 2.0 * f.interpositions + 4.0 * f.non_promotions +
         1.0 * f.variety - 1.0 * std::max(0, f.pieces - 6) - 0.5 * f.final_pieces;
}

Features features_of(const Position& root, const std::vector<Move>& line) {
  Features f;
  f.length = int(line.size());
  f.pieces = root.pieces().popcount() + root.hand(root.side_to_move()).total();
  Position pos = root;
  const Color attacker = root.side_to_move();
  bool moved[PIECE_TYPE_NB] = {};
  for (size_t i = 0; i < line.size(); ++i) {
    const Move m = line[i];
    if (pos.side_to_move() == attacker) {
      if (i + 1 < line.size() && line[i + 1].to() == m.to() && !line[i + 1].is_drop()) {
        ++f.sacrifices;
        f.key_sacrifice |= i == 0;
      }
      if (m.is_drop() && limited_drop(pos, m)) ++f.limited_drops;
      const PieceType pt = type_of(m.moved_piece());
      moved[unpromote(pt)] = true;
      if (m.is_drop()) {
        ++f.drops;
      } else if (m.is_promotion()) {
        ++f.promotions;
      } else if (is_promotable(pt) &&
                 (in_promotion_zone(attacker, m.from()) || in_promotion_zone(attacker, m.to()))) {
        ++f.non_promotions;
      }
    } else if (const int kind = interposition(pos, m); kind == 2) {
      ++f.far_interpositions;
    } else if (kind == 1) {
      ++f.interpositions;
    }
    pos.do_move(m);
  }
  f.variety = int(std::count(std::begin(moved), std::end(moved), true));
  f.final_pieces = pos.pieces().popcount();
  return f;
}

double objective(const Features& f, int min_length, int max_length) {
  // 20 points a ply below the top of the range, 40 a ply lost above it: the search climbs
  // toward long problems but never past the range.
  const int over = std::max(0, f.length - max_length);
  const double length = 20.0 * std::min(f.length, max_length) - 40.0 * over -
                        10.0 * std::max(0, min_length - f.length);
  const double marks = 1.5 * f.sacrifices + 0.5 * f.drops + 1.0 * f.promotions +
                       2.0 * f.non_promotions + 1.0 * f.variety - 0.5 * f.final_pieces;
  return length - 2.0 * f.pieces + marks;
}

}  // namespace kanju
