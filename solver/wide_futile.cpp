#include "wide_futile.h"

#include "movegen.h"
#include "notation.h"

namespace kanju {

std::vector<WideFutileDrop> wide_futile_drops(const Position& root, const std::vector<Move>& line,
                                              ProofTable& table, const SearchLimits& limits,
                                              FutilePolicy futile, size_t from) {
  std::vector<WideFutileDrop> found;
  Dfpn dfpn(table, limits, futile);
  Position pos = root;
  const Color attacker = root.side_to_move();
  for (size_t i = 0; i < line.size(); ++i) {
    const Move m = line[i];
    const bool candidate = i >= from && pos.side_to_move() != attacker &&
                           is_drop_interposition(pos, m) && i + 2 < line.size() &&
                           line[i + 1].to() == m.to();
    if (!candidate) {
      pos.do_move(m);
      continue;
    }
    // Step 1. After the capture, with the piece handed back, mate within the plies left?
    const int left = int(line.size() - (i + 2));
    const PieceType pt = m.drop_type();
    pos.do_move(m);
    pos.do_move(line[i + 1]);
    pos.transfer_hand_piece(attacker, ~attacker, pt);
    const bool unneeded = dfpn.prove(pos, attacker, MateLen(left)).proven();
    pos.transfer_hand_piece(~attacker, attacker, pt);
    pos.undo_move();
    pos.undo_move();
    // Step 2. Another reply, not a drop on the checker's line, lasting as long as that: no mate
    // within left - 2 after it (the drop's line is left + 2 plies from here). It shortens the
    // defence when no such reply lasts longer: each is mated within left - 1. Other drops on
    // the line are taken to be futile alike (they are the same question on another square).
    bool as_long = false, longer = false, unknown = false;
    Move alternative = MOVE_NONE;
    if (unneeded) {
      for (Move e : MoveList<EVASIONS>(pos)) {
        if (is_drop_interposition(pos, e)) continue;
        pos.do_move(e);
        const NodeOutcome o = dfpn.prove(pos, attacker, MateLen(std::max(left - 2, 0)));
        const NodeOutcome o2 = o.disproven() ? dfpn.prove(pos, attacker, MateLen(left - 1)) : o;
        pos.undo_move();
        if (!o.proven() && !o.disproven()) unknown = true;
        if (o.disproven()) as_long = true;
        if (o.disproven() && o2.proven() && alternative == MOVE_NONE) alternative = e;
        if (!o2.proven()) longer = longer || o2.disproven(), unknown = unknown || !o2.disproven();
      }
    }
    if (unneeded && as_long && !unknown) {
      std::string text = to_japanese(pos, m);
      pos.do_move(m);
      text.append(" ").append(to_japanese(pos, line[i + 1], m));
      pos.undo_move();
      found.push_back(
          {int(i) + 1, m, line[i + 1], !longer, longer ? MOVE_NONE : alternative, text});
    }
    pos.do_move(m);
  }
  return found;
}

}  // namespace kanju
