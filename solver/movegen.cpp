#include "movegen.h"

namespace kanju {
namespace {

inline bool can_promote(Color us, PieceType pt, Square from, Square to) {
  return is_promotable(pt) && (in_promotion_zone(us, from) || in_promotion_zone(us, to));
}
// A piece that would be dead unpromoted there (types.h: could_never_move).
inline bool must_promote(Color us, PieceType pt, Square to) { return could_never_move(us, pt, to); }

// Adds from->to with each legal promotion choice.
inline Move* add_board_move(Move* list, Color us, Square from, Square to, Piece pc) {
  PieceType pt = type_of(pc);
  if (can_promote(us, pt, from, to)) *list++ = Move::make(from, to, pc, true);
  if (!must_promote(us, pt, to)) *list++ = Move::make(from, to, pc, false);
  return list;
}

// Squares where a piece of `pt` may be dropped without being dead.
inline Bitboard live_drop_squares(Color us, PieceType pt) {
  int min_rank = min_live_rank(pt);
  Bitboard b = Bitboard::all();
  for (int r = 0; r < min_rank; ++r) b &= ~rank_bb(us == BLACK ? r : 8 - r);
  return b;
}

// Files already holding an unpromoted pawn of ours (二歩).
inline Bitboard pawn_files(const Position& pos, Color us) {
  Bitboard files;
  for (Square sq : pos.pieces(us, PAWN)) files |= file_bb(file_of(sq));
  return files;
}

// The square from which a pawn of `us` would check the king on ksq, or SQ_NONE.
inline Square pawn_check_square(Color us, Square ksq) {
  Bitboard b = step_attacks(~us, PAWN, ksq);
  return b ? b.lsb() : SQ_NONE;
}

// Drops of every held type onto `target` (empty squares), obeying the drop rules.
Move* generate_drops(const Position& pos, Move* list, Bitboard target) {
  const Color us = pos.side_to_move();
  const Hand hand = pos.hand(us);
  if (hand.empty() || target.none()) return list;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
    if (!hand.has(pt)) continue;
    Bitboard t = target & live_drop_squares(us, pt);
    if (pt == PAWN) {
      t &= ~pawn_files(pos, us);
      // 打ち歩詰め: a pawn drop that checkmates is illegal.
      const Square eksq = pos.king_square(~us);
      if (eksq != SQ_NONE) {
        Square front = pawn_check_square(us, eksq);
        if (front != SQ_NONE && t.test(front) && pos.pawn_drop_mates(front)) t.clear(front);
      }
    }
    for (Square to : t) *list++ = Move::make_drop(pt, to, us);
  }
  return list;
}

// Moves of one piece type (a compile-time constant, so the promotion rules fold away).
template <PieceType PT>
Move* piece_type_moves(const Position& pos, Move* list, Bitboard target, Bitboard pieces) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard pinned = pos.pinned();
  const Bitboard occ = pos.pieces();
  for (Square from : pieces) {
    const Piece pc = pos.piece_on(from);
    Bitboard att = attacks_bb<PT>(us, from, occ) & target;
    if (pinned.test(from)) att &= line_bb(ksq, from);
    if constexpr (is_promotable(PT)) {
      for (Square to : att) list = add_board_move(list, us, from, to, pc);
    } else {
      for (Square to : att) *list++ = Move::make(from, to, pc);
    }
  }
  return list;
}

// Pawn pushes in bulk: every unpinned pawn advances one square, a shift by one.
Move* pawn_pushes(const Position& pos, Move* list, Bitboard target) {
  const Color us = pos.side_to_move();
  const Bitboard pawns = pos.pieces(us, PAWN);
  const Bitboard free_pawns = pawns & ~pos.pinned();
  const Piece pc = make_piece(us, PAWN);
  const int delta = us == BLACK ? -1 : 1;
  Bitboard to_bb = (us == BLACK ? free_pawns >> 1 : free_pawns << 1) & target;
  for (Square to : to_bb) list = add_board_move(list, us, to - delta, to, pc);
  return piece_type_moves<PAWN>(pos, list, target, pawns & pos.pinned());
}

// Moves of every non-king piece of the side to move onto `target`, respecting pins.
Move* generate_piece_moves(const Position& pos, Move* list, Bitboard target) {
  const Color us = pos.side_to_move();
  list = pawn_pushes(pos, list, target);
  list = piece_type_moves<LANCE>(pos, list, target, pos.pieces(us, LANCE));
  list = piece_type_moves<KNIGHT>(pos, list, target, pos.pieces(us, KNIGHT));
  list = piece_type_moves<SILVER>(pos, list, target, pos.pieces(us, SILVER));
  list = piece_type_moves<GOLD>(pos, list, target, pos.golds() & pos.pieces(us));
  list = piece_type_moves<BISHOP>(pos, list, target, pos.pieces(us, BISHOP));
  list = piece_type_moves<ROOK>(pos, list, target, pos.pieces(us, ROOK));
  list = piece_type_moves<HORSE>(pos, list, target, pos.pieces(us, HORSE));
  return piece_type_moves<DRAGON>(pos, list, target, pos.pieces(us, DRAGON));
}

// King moves onto `target` that do not step into an attack.
Move* generate_king_moves(const Position& pos, Move* list, Bitboard target) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  if (ksq == SQ_NONE) return list;
  // Without the king on the board, a slider checking along a line also covers the square
  // behind the king.
  const Bitboard occ = pos.pieces() ^ Bitboard::square(ksq);
  const Piece pc = pos.piece_on(ksq);
  for (Square to : king_attacks(ksq) & target)
    if (!pos.attacked(~us, to, occ)) *list++ = Move::make(ksq, to, pc);
  return list;
}

Move* generate_evasions(const Position& pos, Move* list) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard checkers = pos.checkers();
  list = generate_king_moves(pos, list, ~pos.pieces(us));
  if (checkers.more_than_one()) return list;  // double check: only the king can move
  const Square csq = checkers.lsb();
  const Bitboard between = between_bb(ksq, csq);
  list = generate_piece_moves(pos, list, between | checkers);
  return generate_drops(pos, list, between);
}

Move* generate_legal(const Position& pos, Move* list) {
  if (pos.in_check()) return generate_evasions(pos, list);
  const Color us = pos.side_to_move();
  const Bitboard target = ~pos.pieces(us);
  list = generate_piece_moves(pos, list, target);
  list = generate_king_moves(pos, list, target);
  return generate_drops(pos, list, ~pos.pieces());
}

// Checking moves, built from the squares each piece type would check from.
class CheckGenerator {
 public:
  explicit CheckGenerator(const Position& pos)
      : pos_(pos), us_(pos.side_to_move()), eksq_(pos.king_square(~us_)), occ_(pos.pieces()) {
    discoverers_ = pos.blockers_for_king(~us_) & pos.pieces(us_);
  }

  Move* run(Move* list) {
    list = piece_checks<PAWN>(list, pos_.pieces(us_, PAWN));
    list = piece_checks<LANCE>(list, pos_.pieces(us_, LANCE));
    list = piece_checks<KNIGHT>(list, pos_.pieces(us_, KNIGHT));
    list = piece_checks<SILVER>(list, pos_.pieces(us_, SILVER));
    list = piece_checks<GOLD>(list, pos_.pieces(us_, GOLD));
    list = piece_checks<PRO_PAWN>(list, pos_.pieces(us_, PRO_PAWN));
    list = piece_checks<PRO_LANCE>(list, pos_.pieces(us_, PRO_LANCE));
    list = piece_checks<PRO_KNIGHT>(list, pos_.pieces(us_, PRO_KNIGHT));
    list = piece_checks<PRO_SILVER>(list, pos_.pieces(us_, PRO_SILVER));
    list = piece_checks<BISHOP>(list, pos_.pieces(us_, BISHOP));
    list = piece_checks<ROOK>(list, pos_.pieces(us_, ROOK));
    list = piece_checks<HORSE>(list, pos_.pieces(us_, HORSE));
    list = piece_checks<DRAGON>(list, pos_.pieces(us_, DRAGON));
    if (Bitboard k = pos_.pieces(us_, KING); k & discoverers_) {
      const Square from = k.lsb();
      list =
          king_discoveries(list, from, pos_.piece_on(from), king_attacks(from) & ~pos_.pieces(us_));
    }
    return drop_checks(list);
  }

 private:
  // Squares from which a piece of type pt (ours) would check their king; computed on first use,
  // since most positions hold only a few of the fourteen types.
  Bitboard check_squares(PieceType pt) {
    if (!(computed_ >> pt & 1)) {
      check_sq_.by_type[pt] = attacks_bb(~us_, pt, eksq_, occ_);
      computed_ |= 1u << pt;
    }
    return check_sq_.by_type[pt];
  }

  template <PieceType PT>
  Move* piece_checks(Move* list, Bitboard pieces) {
    if (pieces.none()) return list;
    const Square ksq = pos_.king_square(us_);
    const Bitboard pinned = pos_.pinned();
    const Bitboard target = ~pos_.pieces(us_);
    Bitboard reach = check_squares(PT);
    if constexpr (is_promotable(PT)) reach |= check_squares(promote(PT));
    for (Square from : pieces) {
      const bool discoverer = discoverers_.test(from);
      // Without a discovery, a piece whose empty-board reach misses every checking square
      // cannot check: skip the (slider) attack computation.
      if (!discoverer && (step_attacks(us_, PT, from) & reach).none()) continue;
      Bitboard att = attacks_bb<PT>(us_, from, occ_) & target;
      if (pinned.test(from)) att &= line_bb(ksq, from);
      const Piece pc = pos_.piece_on(from);
      list = discoverer ? discovering_moves(list, from, pc, att)
                        : direct_checks(list, from, pc, att & reach);
    }
    return list;
  }

  // A king can only check by uncovering a slider, and must not step into an attack.
  Move* king_discoveries(Move* list, Square from, Piece pc, Bitboard att) {
    if (!discoverers_.test(from)) return list;
    const Bitboard occ = occ_ ^ Bitboard::square(from);
    for (Square to : att & ~line_bb(from, eksq_))
      if (!pos_.attacked(~us_, to, occ)) *list++ = Move::make(from, to, pc);
    return list;
  }

  // The piece shields their king from one of our sliders: leaving the line checks with either
  // promotion choice; staying on it checks only directly.
  Move* discovering_moves(Move* list, Square from, Piece pc, Bitboard att) {
    const PieceType pt = type_of(pc);
    for (Square to : att) {
      const bool uncovers = !aligned(from, to, eksq_);
      if (can_promote(us_, pt, from, to) && (uncovers || check_squares(promote(pt)).test(to)))
        *list++ = Move::make(from, to, pc, true);
      if (!must_promote(us_, pt, to) && (uncovers || check_squares(pt).test(to)))
        *list++ = Move::make(from, to, pc, false);
    }
    return list;
  }

  // `att` is already cut to the checking squares of the piece or its promotion.
  Move* direct_checks(Move* list, Square from, Piece pc, Bitboard att) {
    const PieceType pt = type_of(pc);
    const bool promotable = is_promotable(pt);
    for (Square to : att) {
      if (promotable && can_promote(us_, pt, from, to) && check_sq_.by_type[promote(pt)].test(to))
        *list++ = Move::make(from, to, pc, true);
      if (!must_promote(us_, pt, to) && check_sq_.by_type[pt].test(to))
        *list++ = Move::make(from, to, pc, false);
    }
    return list;
  }

  // Drops of each held type onto the empty squares it would check from. A checking pawn drop
  // has one square, in front of the king; it is never dead there, but may be 二歩 or mate.
  Move* drop_checks(Move* list) {
    const Hand hand = pos_.hand(us_);
    if (hand.empty()) return list;
    const Bitboard empty = ~occ_;
    for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
      if (!hand.has(pt)) continue;
      Bitboard t = check_squares(pt) & empty & live_drop_squares(us_, pt);
      if (pt == PAWN && t.any() &&
          ((pawn_files(pos_, us_) & t).any() || pos_.pawn_drop_mates(t.lsb())))
        continue;
      for (Square to : t) *list++ = Move::make_drop(pt, to, us_);
    }
    return list;
  }

  const Position& pos_;
  const Color us_;
  const Square eksq_;
  const Bitboard occ_;
  // Filled on first use only (computed_): left uninitialized, since Bitboard's constructor would
  // zero every type's set for every position, 6% of the generator's time (session 38).
  union CheckSquares {
    CheckSquares() {}
    Bitboard by_type[PIECE_TYPE_NB];
  } check_sq_;
  uint32_t computed_ = 0;
  Bitboard discoverers_;
};

Move* generate_checks(const Position& pos, Move* list) {
  const Color us = pos.side_to_move();
  if (!pos.has_king(~us)) return list;
  if (pos.in_check()) {
    // Rare in tsume (a double-king position with the attacker in check): filter evasions.
    Move buf[MAX_MOVES];
    Move* end = generate_evasions(pos, buf);
    for (Move* m = buf; m != end; ++m)
      if (pos.gives_check(*m)) *list++ = *m;
    return list;
  }
  return CheckGenerator(pos).run(list);
}

}  // namespace

template <>
Move* generate<LEGAL>(const Position& pos, Move* list) {
  return generate_legal(pos, list);
}
template <>
Move* generate<EVASIONS>(const Position& pos, Move* list) {
  return generate_evasions(pos, list);
}
template <>
Move* generate<CHECKS>(const Position& pos, Move* list) {
  return generate_checks(pos, list);
}

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList<LEGAL> moves(pos);
  if (depth == 1) return uint64_t(moves.size());
  uint64_t nodes = 0;
  for (Move m : moves) {
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

}  // namespace kanju
