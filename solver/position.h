// The position: a square->piece board, bitboards per colour and type, both hands, the side to
// move, incremental Zobrist keys, and a stack of per-move state so that undo_move needs no
// argument. A position may lack either king (a tsume problem usually has no attacker king).
#pragma once

#include <cstdint>
#include <vector>

#include "bitboard.h"
#include "hand.h"
#include "types.h"
#include "zobrist.h"

namespace kanju {

// What do_move changes and undo_move must restore, plus facts computed once per move.
struct StateInfo {
  uint64_t board_key = 0;
  uint64_t hand_key[COLOR_NB] = {0, 0};
  Bitboard checkers;            // enemy pieces giving check to the side to move
  Bitboard blockers[COLOR_NB];  // pieces (either colour) alone between king c and a slider
  Move move = MOVE_NONE;        // the move that led here
  Piece captured = NO_PIECE;    // what that move captured
};

class Position {
 public:
  Position();

  // --- Set-up. After the last change, call refresh() to recompute keys and check facts.
  void clear();
  void put_piece(Square sq, Piece pc);
  void remove_piece(Square sq);
  void set_hand(Color c, Hand h) { hand_[c] = h; }
  void set_side_to_move(Color c) { side_ = c; }
  void set_game_ply(int ply) { game_ply_ = ply; }
  void refresh();

  // --- Queries.
  Piece piece_on(Square sq) const { return board_[sq]; }
  bool empty(Square sq) const { return board_[sq] == NO_PIECE; }
  Bitboard pieces() const { return by_color_[BLACK] | by_color_[WHITE]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & pieces(a, b); }
  // Pieces that move like a gold: gold and the four promoted minor pieces.
  Bitboard golds() const {
    return by_type_[GOLD] | by_type_[PRO_PAWN] | by_type_[PRO_LANCE] | by_type_[PRO_KNIGHT] |
           by_type_[PRO_SILVER];
  }
  Hand hand(Color c) const { return hand_[c]; }
  Color side_to_move() const { return side_; }
  Square king_square(Color c) const { return king_sq_[c]; }
  bool has_king(Color c) const { return king_sq_[c] != SQ_NONE; }
  int game_ply() const { return game_ply_; }

  const StateInfo& state() const { return states_.back(); }
  Bitboard checkers() const { return state().checkers; }
  bool in_check() const { return state().checkers.any(); }
  Bitboard blockers_for_king(Color c) const { return state().blockers[c]; }
  // Pieces of the side to move that may not leave the line to their own king.
  Bitboard pinned() const { return state().blockers[side_] & by_color_[side_]; }
  uint64_t board_key() const { return state().board_key; }
  uint64_t hand_key(Color c) const { return state().hand_key[c]; }
  uint64_t key() const { return board_key() ^ hand_key(BLACK) ^ hand_key(WHITE); }
  // The keys the position will have after move m, without playing it: the search asks the
  // memory for its children's table entries before it visits them.
  uint64_t board_key_after(Move m) const;
  uint64_t key_after(Move m) const;
  Move last_move() const { return state().move; }
  int moves_played() const { return int(states_.size()) - 1; }

  // Pieces of colour c attacking sq, given an occupancy (which may differ from the board's).
  Bitboard attackers_to(Color c, Square sq, Bitboard occ) const;
  Bitboard attackers_to(Color c, Square sq) const { return attackers_to(c, sq, pieces()); }
  // Whether any piece of colour c attacks sq; cheaper than attackers_to when only yes/no counts.
  bool attacked(Color c, Square sq, Bitboard occ) const;
  bool has_pawn_on_file(Color c, int file) const { return (pieces(c, PAWN) & file_bb(file)).any(); }

  // --- Moves. The move must be legal in this position.
  void do_move(Move m);
  void undo_move();
  bool gives_check(Move m) const;
  // Moves one piece of type pt from one hand to the other, keys included. Used to build the
  // position that decides whether an interposition was futile (the captured piece handed back).
  void transfer_hand_piece(Color from, Color to, PieceType pt);
  // True when the side to move dropping a pawn on `to` would checkmate (and so is illegal).
  // `to` must be the square in front of the enemy king.
  bool pawn_drop_mates(Square to) const;

 private:
  // The mover's hand key after move m.
  uint64_t hand_key_after(Move m) const;
  Bitboard slider_blockers(Color king_color) const;
  void compute_check_info(StateInfo& st) const;

  Piece board_[SQ_NB];
  Bitboard by_type_[PIECE_TYPE_NB];
  Bitboard by_color_[COLOR_NB];
  Hand hand_[COLOR_NB];
  Square king_sq_[COLOR_NB];
  Color side_ = BLACK;
  int game_ply_ = 1;
  std::vector<StateInfo> states_;
};

}  // namespace kanju
