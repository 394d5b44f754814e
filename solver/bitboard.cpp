#include "bitboard.h"

namespace kanju {
namespace {

constexpr int DIR_DFILE[DIR_NB] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int DIR_DRANK[DIR_NB] = {1, 0, -1, 1, -1, 0, 1, -1};

constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < 9 && rank >= 0 && rank < 9;
}

constexpr Bitboard sq_bb(int file, int rank) {
  return on_board(file, rank) ? Bitboard::square(make_square(file, rank)) : Bitboard();
}

// Steps of a piece for Black as (file, rank) offsets; White mirrors the rank offset.
constexpr Bitboard black_steps(PieceType pt, int f, int r) {
  Bitboard b;
  auto add = [&](int df, int dr) { b |= sq_bb(f + df, r + dr); };
  switch (pt) {
    case PAWN: add(0, -1); break;
    case KNIGHT:
      add(-1, -2);
      add(1, -2);
      break;
    case SILVER:
      add(-1, -1);
      add(0, -1);
      add(1, -1);
      add(-1, 1);
      add(1, 1);
      break;
    case GOLD:
    case PRO_PAWN:
    case PRO_LANCE:
    case PRO_KNIGHT:
    case PRO_SILVER:
      add(-1, -1);
      add(0, -1);
      add(1, -1);
      add(-1, 0);
      add(1, 0);
      add(0, 1);
      break;
    case KING:
    case HORSE:
    case DRAGON:
      for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr)
          if (df || dr) add(df, dr);
      break;
    default: break;
  }
  return b;
}

constexpr Bitboard ray_from(int f, int r, int d) {
  Bitboard b;
  for (int ff = f + DIR_DFILE[d], rr = r + DIR_DRANK[d]; on_board(ff, rr);
       ff += DIR_DFILE[d], rr += DIR_DRANK[d])
    b |= sq_bb(ff, rr);
  return b;
}

constexpr AttackTables make_tables() {
  AttackTables t{};
  for (int f = 0; f < 9; ++f)
    for (int r = 0; r < 9; ++r) {
      Square sq = make_square(f, r);
      t.file_mask[f] |= Bitboard::square(sq);
      t.rank_mask[r] |= Bitboard::square(sq);
      if (r <= 2) t.zone[BLACK] |= Bitboard::square(sq);
      if (r >= 6) t.zone[WHITE] |= Bitboard::square(sq);
      for (int d = 0; d < DIR_NB; ++d) t.ray[sq][d] = ray_from(f, r, d);
    }
  for (int f = 0; f < 9; ++f)
    for (int r = 0; r < 9; ++r) {
      Square sq = make_square(f, r);
      for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
        Bitboard b = black_steps(PieceType(pt), f, r);
        t.step[BLACK][pt][sq] = b;
        // White's steps are Black's steps from the rank-mirrored square, mirrored back.
        Bitboard w = black_steps(PieceType(pt), f, 8 - r);
        Bitboard wm;
        for (int ff = 0; ff < 9; ++ff)
          for (int rr = 0; rr < 9; ++rr)
            if (w.test(make_square(ff, rr))) wm |= Bitboard::square(make_square(ff, 8 - rr));
        t.step[WHITE][pt][sq] = wm;
      }
      // Slider entries hold their empty-board reach (used as pseudo attacks).
      Bitboard rook = t.ray[sq][DIR_N] | t.ray[sq][DIR_S] | t.ray[sq][DIR_E] | t.ray[sq][DIR_W];
      Bitboard bishop =
          t.ray[sq][DIR_NE] | t.ray[sq][DIR_NW] | t.ray[sq][DIR_SE] | t.ray[sq][DIR_SW];
      for (int c = 0; c < COLOR_NB; ++c) {
        t.step[c][LANCE][sq] = c == BLACK ? t.ray[sq][DIR_N] : t.ray[sq][DIR_S];
        t.step[c][ROOK][sq] = rook;
        t.step[c][BISHOP][sq] = bishop;
        t.step[c][DRAGON][sq] = rook | t.step[c][KING][sq];
        t.step[c][HORSE][sq] = bishop | t.step[c][KING][sq];
      }
    }
  for (Square a = 0; a < SQ_NB; ++a)
    for (int d = 0; d < DIR_NB; ++d) {
      Bitboard full = t.ray[a][d] | t.ray[a][(d + 4) % DIR_NB] | Bitboard::square(a);
      for (Square b = 0; b < SQ_NB; ++b)
        if (t.ray[a][d].test(b)) {
          t.line[a][b] = full;
          t.between[a][b] = t.ray[a][d] ^ t.ray[b][d] ^ Bitboard::square(b);
        }
    }
  return t;
}

}  // namespace

// Declared extern in the header, so this constexpr definition keeps external linkage and is
// evaluated once, at compile time, into read-only data.
constexpr AttackTables ATTACK_TABLES = make_tables();

}  // namespace kanju
