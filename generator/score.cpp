#include "generator/score.h"

#include <algorithm>

namespace kanju {

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
      if (i + 1 < line.size() && line[i + 1].to() == m.to() && !line[i + 1].is_drop())
        ++f.sacrifices;
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
  const double quality = 1.5 * f.sacrifices + 0.5 * f.drops + 1.0 * f.promotions +
                         2.0 * f.non_promotions + 1.0 * f.variety - 0.5 * f.final_pieces;
  return length - 2.0 * f.pieces + quality;
}

}  // namespace kanju
