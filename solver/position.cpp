#include "position.h"

namespace kanju {

Position::Position() { clear(); }

void Position::clear() {
  for (Piece& p : board_) p = NO_PIECE;
  for (Bitboard& b : by_type_) b = Bitboard();
  by_color_[BLACK] = by_color_[WHITE] = Bitboard();
  hand_[BLACK] = hand_[WHITE] = Hand();
  king_sq_[BLACK] = king_sq_[WHITE] = SQ_NONE;
  side_ = BLACK;
  game_ply_ = 1;
  states_.clear();
  states_.reserve(256);
  states_.emplace_back();
}

void Position::put_piece(Square sq, Piece pc) {
  board_[sq] = pc;
  by_type_[type_of(pc)].set(sq);
  by_color_[color_of(pc)].set(sq);
  if (type_of(pc) == KING) king_sq_[color_of(pc)] = sq;
}

void Position::remove_piece(Square sq) {
  Piece pc = board_[sq];
  board_[sq] = NO_PIECE;
  by_type_[type_of(pc)].clear(sq);
  by_color_[color_of(pc)].clear(sq);
  if (type_of(pc) == KING) king_sq_[color_of(pc)] = SQ_NONE;
}

void Position::refresh() {
  StateInfo& st = states_.back();
  st.board_key = side_ == WHITE ? ZOBRIST.side : 0;
  for (Square sq = 0; sq < SQ_NB; ++sq) st.board_key ^= ZOBRIST.psq[board_[sq]][sq];
  for (Color c : {BLACK, WHITE}) {
    st.hand_key[c] = 0;
    for (PieceType pt : HAND_TYPES_SFEN_ORDER)
      st.hand_key[c] += ZOBRIST.hand[c][pt] * uint64_t(hand_[c].count(pt));
  }
  compute_check_info(st);
}

Bitboard Position::attackers_to(Color c, Square sq, Bitboard occ) const {
  // A piece of colour c attacks sq exactly when a piece of the other colour on sq would attack
  // it with the same move, so the step tables are read for ~c.
  const Color them = ~c;
  Bitboard hdk = by_type_[HORSE] | by_type_[DRAGON] | by_type_[KING];
  Bitboard att = (step_attacks(them, PAWN, sq) & by_type_[PAWN]) |
                 (step_attacks(them, KNIGHT, sq) & by_type_[KNIGHT]) |
                 (step_attacks(them, SILVER, sq) & by_type_[SILVER]) |
                 (step_attacks(them, GOLD, sq) & golds()) | (king_attacks(sq) & hdk) |
                 (lance_attacks(them, sq, occ) & by_type_[LANCE]) |
                 (bishop_attacks(sq, occ) & pieces(BISHOP, HORSE)) |
                 (rook_attacks(sq, occ) & pieces(ROOK, DRAGON));
  return att & by_color_[c];
}

bool Position::attacked(Color c, Square sq, Bitboard occ) const {
  // Step attackers first; sliders only when one stands on an empty-board line through sq,
  // since ray scans are the expensive part.
  const Color them = ~c;
  const Bitboard own = by_color_[c];
  Bitboard hdk = by_type_[HORSE] | by_type_[DRAGON] | by_type_[KING];
  if (((step_attacks(them, PAWN, sq) & by_type_[PAWN]) |
       (step_attacks(them, KNIGHT, sq) & by_type_[KNIGHT]) |
       (step_attacks(them, SILVER, sq) & by_type_[SILVER]) |
       (step_attacks(them, GOLD, sq) & golds()) | (king_attacks(sq) & hdk)) &
      own)
    return true;
  Bitboard lances = by_type_[LANCE] & own & step_attacks(them, LANCE, sq);
  if (lances && (lance_attacks(them, sq, occ) & lances)) return true;
  Bitboard diag = pieces(BISHOP, HORSE) & own & step_attacks(them, BISHOP, sq);
  if (diag && (bishop_attacks(sq, occ) & diag)) return true;
  Bitboard orth = pieces(ROOK, DRAGON) & own & step_attacks(them, ROOK, sq);
  return orth && (rook_attacks(sq, occ) & orth);
}

Bitboard Position::slider_blockers(Color king_color) const {
  Square ksq = king_sq_[king_color];
  if (ksq == SQ_NONE) return Bitboard();
  const Color them = ~king_color;
  Bitboard snipers = ((step_attacks(king_color, LANCE, ksq) & by_type_[LANCE]) |
                      (step_attacks(BLACK, BISHOP, ksq) & pieces(BISHOP, HORSE)) |
                      (step_attacks(BLACK, ROOK, ksq) & pieces(ROOK, DRAGON))) &
                     by_color_[them];
  Bitboard occ = pieces();
  Bitboard result;
  for (Square s : snipers) {
    Bitboard b = between_bb(ksq, s) & occ;
    if (b.any() && !b.more_than_one()) result |= b;
  }
  return result;
}

void Position::compute_check_info(StateInfo& st) const {
  Square ksq = king_sq_[side_];
  st.checkers = ksq == SQ_NONE ? Bitboard() : attackers_to(~side_, ksq);
  st.blockers[BLACK] = slider_blockers(BLACK);
  st.blockers[WHITE] = slider_blockers(WHITE);
}

void Position::do_move(Move m) {
  const Color us = side_;
  const Square to = m.to();
  // The keys first, from the board as it still is: one account of how a move changes them,
  // shared with the look-ahead of key_after.
  const uint64_t board_key = board_key_after(m);
  const uint64_t our_hand_key = hand_key_after(m);
  states_.push_back(states_.back());
  StateInfo& st = states_.back();
  st.move = m;
  st.captured = NO_PIECE;
  st.board_key = board_key;
  st.hand_key[us] = our_hand_key;

  if (m.is_drop()) {
    PieceType pt = m.drop_type();
    hand_[us].remove(pt);
    put_piece(to, make_piece(us, pt));
  } else {
    const Square from = m.from();
    Piece pc = board_[from];
    Piece captured = board_[to];
    if (captured != NO_PIECE) {
      remove_piece(to);
      hand_[us].add(unpromote(type_of(captured)));
      st.captured = captured;
    }
    remove_piece(from);
    put_piece(to, m.is_promotion() ? Piece(pc | PROMOTION_BIT) : pc);
  }
  side_ = ~us;
  ++game_ply_;
  compute_check_info(st);
}

uint64_t Position::board_key_after(Move m) const {
  uint64_t k = board_key() ^ ZOBRIST.side;
  const Square to = m.to();
  if (m.is_drop()) return k ^ ZOBRIST.psq[make_piece(side_, m.drop_type())][to];
  const Piece pc = board_[m.from()];
  const Piece captured = board_[to];
  if (captured != NO_PIECE) k ^= ZOBRIST.psq[captured][to];
  const Piece moved = m.is_promotion() ? Piece(pc | PROMOTION_BIT) : pc;
  return k ^ ZOBRIST.psq[pc][m.from()] ^ ZOBRIST.psq[moved][to];
}

uint64_t Position::hand_key_after(Move m) const {
  const uint64_t k = hand_key(side_);
  if (m.is_drop()) return k - ZOBRIST.hand[side_][m.drop_type()];
  if (Piece captured = board_[m.to()]; captured != NO_PIECE)
    return k + ZOBRIST.hand[side_][unpromote(type_of(captured))];
  return k;
}

uint64_t Position::key_after(Move m) const {
  return board_key_after(m) ^ hand_key_after(m) ^ hand_key(~side_);
}

void Position::undo_move() {
  const StateInfo& st = states_.back();
  const Move m = st.move;
  const Color us = ~side_;
  const Square to = m.to();
  if (m.is_drop()) {
    remove_piece(to);
    hand_[us].add(m.drop_type());
  } else {
    Piece moved = board_[to];
    remove_piece(to);
    put_piece(m.from(), m.is_promotion() ? Piece(moved & ~PROMOTION_BIT) : moved);
    if (st.captured != NO_PIECE) {
      put_piece(to, st.captured);
      hand_[us].remove(unpromote(type_of(st.captured)));
    }
  }
  side_ = us;
  --game_ply_;
  states_.pop_back();
}

bool Position::gives_check(Move m) const {
  const Color us = side_;
  const Square ksq = king_sq_[~us];
  if (ksq == SQ_NONE) return false;
  const Square to = m.to();
  Bitboard occ = pieces();
  if (!m.is_drop()) {
    const Square from = m.from();
    // A discovered check: the piece leaves the line between a slider of ours and their king.
    if ((state().blockers[~us] & by_color_[us]).test(from) && !aligned(from, to, ksq)) return true;
    occ.clear(from);
  }
  occ.set(to);
  return attacks_bb(us, type_of(m.piece_after()), to, occ).test(ksq);
}

void Position::transfer_hand_piece(Color from, Color to, PieceType pt) {
  StateInfo& st = states_.back();
  hand_[from].remove(pt);
  hand_[to].add(pt);
  st.hand_key[from] -= ZOBRIST.hand[from][pt];
  st.hand_key[to] += ZOBRIST.hand[to][pt];
}

bool Position::pawn_drop_mates(Square to) const {
  const Color us = side_, them = ~us;
  const Square ksq = king_sq_[them];
  // 1. Can a defender piece other than the king capture the pawn? A piece pinned to its king
  //    may capture only along the pin line.
  Bitboard capturers = attackers_to(them, to) & ~by_type_[KING];
  Bitboard pinned = state().blockers[them] & by_color_[them];
  for (Square from : capturers)
    if (!pinned.test(from) || aligned(from, to, ksq)) return false;
  // 2. Can the king step to a square (the pawn's included) that no attacker covers once the
  //    pawn stands on `to`?
  Bitboard occ = pieces();
  occ.set(to);
  occ.clear(ksq);
  for (Square s : king_attacks(ksq) & ~by_color_[them])
    if (!attacked(us, s, occ)) return false;
  return true;
}

}  // namespace kanju
