#include "generator/dedupe.h"

#include <algorithm>

#include "generator/mutation.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"

namespace kanju {

Move mirror_move(Move m) {
  if (m.is_drop())
    return Move::make_drop(m.drop_type(), mirror_square(m.to()), color_of(m.moved_piece()));
  return Move::make(mirror_square(m.from()), mirror_square(m.to()), m.moved_piece(),
                    m.is_promotion());
}

std::string position_key(const Position& pos) {
  Position mirror;
  for (Square sq = 0; sq < SQ_NB; ++sq)
    if (pos.piece_on(sq) != NO_PIECE) mirror.put_piece(mirror_square(sq), pos.piece_on(sq));
  mirror.set_hand(BLACK, pos.hand(BLACK));
  mirror.set_hand(WHITE, pos.hand(WHITE));
  mirror.set_side_to_move(pos.side_to_move());
  mirror.refresh();
  return std::min(to_sfen(pos, false), to_sfen(mirror, false));
}

std::string line_key(const std::vector<Move>& line) {
  // Promotion marks are left out: a problem that differs only by promoting or not on one move
  // (or by a bishop that starts promoted) is the same problem to a solver.
  auto squares_only = [](std::string usi) {
    usi.erase(std::remove(usi.begin(), usi.end(), '+'), usi.end());
    return usi;
  };
  std::string plain, mirror;
  for (Move m : line) {
    plain += squares_only(to_usi(m)) + ' ';
    mirror += squares_only(to_usi(mirror_move(m))) + ' ';
  }
  return std::min(plain, mirror);
}

bool Deduper::insert(const Position& pos, const std::vector<Move>& line) {
  std::string p = position_key(pos), l = line_key(line);
  if (positions_.count(p) || lines_.count(l)) return false;
  positions_.insert(std::move(p));
  lines_.insert(std::move(l));
  return true;
}

}  // namespace kanju
