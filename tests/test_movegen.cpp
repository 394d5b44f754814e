// Move generation: known perft counts, hand-made rule cases, and property tests that compare
// the three generators with a brute-force reference over positions reached by random play.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "solver/movegen.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;

namespace {

template <GenType T>
std::set<std::string> usi_set(const Position& pos) {
  std::set<std::string> out;
  for (Move m : MoveList<T>(pos)) out.insert(to_usi(m));
  return out;
}

// Brute-force reference: every (from, to, promotion) and every drop, kept when the mover's king
// is not attacked afterwards and the drop rules hold. Independent of the generators' pin and
// check logic; it plays each move and looks at the result.
std::set<std::string> reference_legal(Position& pos) {
  std::set<std::string> out;
  const Color us = pos.side_to_move();
  auto keep_if_legal = [&](Move m) {
    pos.do_move(m);
    bool ok = !pos.has_king(us) || pos.attackers_to(~us, pos.king_square(us)).none();
    pos.undo_move();
    if (ok) out.insert(to_usi(m));
  };
  for (Square from : pos.pieces(us)) {
    Piece pc = pos.piece_on(from);
    PieceType pt = type_of(pc);
    for (Square to : attacks_bb(us, pt, from, pos.pieces()) & ~pos.pieces(us)) {
      bool zone = in_promotion_zone(us, from) || in_promotion_zone(us, to);
      int rr = relative_rank(us, rank_of(to));
      bool dead = ((pt == PAWN || pt == LANCE) && rr == 0) || (pt == KNIGHT && rr <= 1);
      if (is_promotable(pt) && zone) keep_if_legal(Move::make(from, to, pc, true));
      if (!dead) keep_if_legal(Move::make(from, to, pc, false));
    }
  }
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
    if (!pos.hand(us).has(pt)) continue;
    for (Square to = 0; to < SQ_NB; ++to) {
      if (!pos.empty(to)) continue;
      int rr = relative_rank(us, rank_of(to));
      if (((pt == PAWN || pt == LANCE) && rr == 0) || (pt == KNIGHT && rr <= 1)) continue;
      if (pt == PAWN && pos.has_pawn_on_file(us, file_of(to))) continue;
      Move m = Move::make_drop(pt, to, us);
      if (pt == PAWN && pos.has_king(~us)) {
        // Drop-pawn mate: the defender is in check and has no legal reply at all.
        pos.do_move(m);
        bool mate = pos.in_check() && MoveList<LEGAL>(pos).empty();
        pos.undo_move();
        if (mate) continue;
      }
      keep_if_legal(m);
    }
  }
  return out;
}

std::set<std::string> checks_by_filter(Position& pos) {
  std::set<std::string> out;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m);
    if (pos.in_check()) out.insert(to_usi(m));
    pos.undo_move();
  }
  return out;
}

uint64_t perft_of(const std::string& sfen, int depth) {
  Position pos = from_sfen(sfen);
  return perft(pos, depth);
}

const char* const MAX_LEGAL_MOVES = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
const char* const MIDDLE = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

}  // namespace

TEST_CASE("perft from the starting position", "[movegen][perft]") {
  const std::string start(STARTPOS_SFEN);
  CHECK(perft_of(start, 1) == 30);
  CHECK(perft_of(start, 2) == 900);
  CHECK(perft_of(start, 3) == 25470);
  CHECK(perft_of(start, 4) == 719731);
}

TEST_CASE("perft from a crowded middle game", "[movegen][perft]") {
  CHECK(perft_of(MIDDLE, 1) == 207);
  CHECK(perft_of(MIDDLE, 2) == 28684);
}

TEST_CASE("the most crowded known position has 593 legal moves", "[movegen][perft]") {
  CHECK(perft_of(MAX_LEGAL_MOVES, 1) == 593);
}

TEST_CASE("a pawn drop that mates is not generated", "[movegen][drop]") {
  Position pos = from_sfen("8k/6G2/9/7N1/9/9/9/9/9 b P 1");
  auto legal = usi_set<LEGAL>(pos);
  CHECK(legal.count("P*1b") == 0);
  CHECK(legal.count("P*1c") == 1);
  CHECK(usi_set<CHECKS>(pos).count("P*1b") == 0);
}

TEST_CASE("a pawn drop check that the king can escape is legal", "[movegen][drop]") {
  // Without the knight on 2d the king may take the pawn on 1b: the drop is only a check.
  Position pos = from_sfen("8k/6G2/9/9/9/9/9/9/9 b P 1");
  CHECK(usi_set<CHECKS>(pos).count("P*1b") == 1);
}

TEST_CASE("drop-pawn mate and pinned capturers", "[movegen][drop]") {
  // The white gold on 1c is pinned by the lance on 1i, but capturing on 1b keeps it on the pin
  // line, so P*1b is no mate and is legal.
  Position along = from_sfen("8k/6G2/8g/7N1/9/9/9/9/8L b P 1");
  CHECK(usi_set<LEGAL>(along).count("P*1b") == 1);
  // The white silver on 2a is pinned along rank a by the rook on 9a: it may not capture on 1b,
  // the king has no flight, so P*1b would mate and is illegal.
  Position across = from_sfen("R6sk/9/6G2/7N1/9/9/9/9/9 b P 1");
  CHECK(usi_set<LEGAL>(across).count("P*1b") == 0);
  CHECK(usi_set<LEGAL>(across) == reference_legal(across));
}

TEST_CASE("a pawn mate by a board move is legal", "[movegen][drop]") {
  Position pos = from_sfen("8k/6G2/8P/7N1/9/9/9/9/9 b - 1");
  auto checks = usi_set<CHECKS>(pos);
  CHECK(checks.count("1c1b") == 1);
  CHECK(checks.count("1c1b+") == 1);
}

TEST_CASE("two pawns on a file (nifu) are never dropped", "[movegen][drop]") {
  Position pos = from_sfen("4k4/9/9/9/9/9/4P4/9/9 b P 1");
  for (const std::string& m : usi_set<LEGAL>(pos)) CHECK(m.rfind("P*5", 0) != 0);
  // A promoted pawn on the file does not count.
  Position pos2 = from_sfen("4k4/9/9/9/9/9/4+P4/9/9 b P 1");
  CHECK(usi_set<LEGAL>(pos2).count("P*5e") == 1);
}

TEST_CASE("dead pieces: no drops or non-promotions onto ranks with no further move", "[movegen]") {
  Position pos = from_sfen("4k4/9/9/9/9/9/9/9/9 b NLP 1");
  auto legal = usi_set<LEGAL>(pos);
  CHECK(legal.count("P*1a") == 0);
  CHECK(legal.count("L*1a") == 0);
  CHECK(legal.count("N*1a") == 0);
  CHECK(legal.count("N*1b") == 0);
  CHECK(legal.count("N*1c") == 1);
  // White mirrors it.
  Position w = from_sfen("4K4/9/9/9/9/9/9/9/4k4 w nlp 1");
  auto wl = usi_set<LEGAL>(w);
  CHECK(wl.count("P*1i") == 0);
  CHECK(wl.count("N*1h") == 0);
  CHECK(wl.count("N*1g") == 1);
}

TEST_CASE("promotion is forced only where the piece would be dead", "[movegen][promotion]") {
  Position pos = from_sfen("4k4/9/P1N5L/9/9/9/9/9/9 b - 1");
  auto legal = usi_set<LEGAL>(pos);
  CHECK(legal.count("9c9b+") == 1);  // pawn to rank b: both choices
  CHECK(legal.count("9c9b") == 1);
  CHECK(legal.count("1c1a+") == 1);  // lance to rank a: promotion forced
  CHECK(legal.count("1c1a") == 0);
  CHECK(legal.count("1c1b") == 1);
  CHECK(legal.count("7c8a+") == 1);  // knight to rank a: forced
  CHECK(legal.count("7c8a") == 0);
}

TEST_CASE("bishop and rook non-promotions are generated", "[movegen][promotion]") {
  Position pos = from_sfen("4k4/9/9/9/9/9/9/1B5R1/9 b - 1");
  auto legal = usi_set<LEGAL>(pos);
  CHECK(legal.count("8h3c") == 1);
  CHECK(legal.count("8h3c+") == 1);
  CHECK(legal.count("2h2c") == 1);
  CHECK(legal.count("2h2c+") == 1);
  // Moving out of the zone also allows promotion.
  Position out = from_sfen("4k4/9/1B7/9/9/9/9/9/9 b - 1");
  auto ol = usi_set<LEGAL>(out);
  CHECK(ol.count("8c6e+") == 1);
  CHECK(ol.count("8c6e") == 1);
}

TEST_CASE("pinned pieces move only along the pin", "[movegen][pins]") {
  // The white rook on 5e pins the black gold on 5g to the black king on 5i.
  Position pos = from_sfen("k8/9/9/9/4r4/9/4G4/9/4K4 b - 1");
  auto legal = usi_set<LEGAL>(pos);
  CHECK(legal.count("5g5f") == 1);
  CHECK(legal.count("5g4f") == 0);
  CHECK(legal.count("5g4g") == 0);
  CHECK(legal == reference_legal(pos));
}

TEST_CASE("discovered checks are generated, by moves and by the king", "[movegen][checks]") {
  // The black lance on 1i is screened from the king on 1a by the black silver on 1e.
  Position pos = from_sfen("8k/9/9/9/8S/9/9/9/8L b - 1");
  auto checks = usi_set<CHECKS>(pos);
  CHECK(checks.count("1e2d") == 1);
  CHECK(checks.count("1e2d+") == 0);  // rank d is outside the zone
  CHECK(checks.count("1e2f") == 1);
  CHECK(checks.count("1e1d") == 0);  // stays on the line and does not check
  Position p = pos;
  CHECK(checks == checks_by_filter(p));
  // A double-king position where only the king screens the rook.
  Position kp = from_sfen("4k4/9/9/9/4K4/9/9/9/4R4 b - 1");
  auto kc = usi_set<CHECKS>(kp);
  CHECK(kc.count("5e4e") == 1);
  CHECK(kc.count("5e5f") == 0);
  Position kp2 = kp;
  CHECK(kc == checks_by_filter(kp2));
}

TEST_CASE("double check allows only king moves", "[movegen][evasions]") {
  // Black rook on 5i and bishop on 1e both check the white king on 5a.
  Position pos = from_sfen("4k4/9/9/9/8B/9/9/9/K3R4 w G 1");
  REQUIRE(pos.checkers().popcount() == 2);
  for (Move m : MoveList<EVASIONS>(pos)) CHECK(type_of(m.moved_piece()) == KING);
  CHECK(usi_set<EVASIONS>(pos) == reference_legal(pos));
}

TEST_CASE("evasions include captures, interpositions by move and by drop", "[movegen][evasions]") {
  Position pos = from_sfen("4k4/9/6g2/9/9/9/9/9/K3R4 w p 1");
  auto ev = usi_set<EVASIONS>(pos);
  CHECK(ev.count("P*5e") == 1);
  CHECK(ev.count("3c4b") == 0);
  CHECK(ev.count("3c4c") == 0);
  CHECK(ev.count("3c4d") == 0);
  Position cap = from_sfen("4k4/4R4/6g2/9/9/9/9/9/K8 w - 1");
  auto cev = usi_set<EVASIONS>(cap);
  CHECK(cev.count("5a5b") == 1);
  CHECK(cev == reference_legal(cap));
}

TEST_CASE("generators agree with brute force over random play", "[movegen][property]") {
  const std::vector<std::string> starts = {
      std::string(STARTPOS_SFEN),
      MIDDLE,
      MAX_LEGAL_MOVES,
      "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1",
      "ln1g3nl/1r1sg1k2/p1pp1p1p1/1p2p1pbp/7P1/2P1PP3/PPSPS1P1P/2G2G3/LN2K2NL b s 1",
      "8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L18P 1",
      "4k4/9/9/9/9/9/9/9/9 b RBGSNLPrb3g3s3n3l17p 1",
      "lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL b RBPPPPPPPPPrbppppppppp 1",
  };
  int positions = 0, checks_seen = 0, evasions_seen = 0;
  for (size_t s = 0; s < starts.size(); ++s) {
    for (uint32_t seed = 1; seed <= 16; ++seed) {
      Position pos = from_sfen(starts[s]);
      std::mt19937 rng(seed * 7919 + uint32_t(s));
      for (int ply = 0; ply < 80; ++ply) {
        const uint64_t key = pos.key();
        const std::string sfen = to_sfen(pos);
        INFO("position " << sfen);
        auto legal = usi_set<LEGAL>(pos);
        REQUIRE(legal == reference_legal(pos));
        if (pos.in_check()) {
          REQUIRE(usi_set<EVASIONS>(pos) == legal);
          ++evasions_seen;
        }
        if (pos.has_king(~pos.side_to_move())) {
          auto checks = usi_set<CHECKS>(pos);
          REQUIRE(checks == checks_by_filter(pos));
          REQUIRE(MoveList<CHECKS>(pos).size() == int(checks.size()));  // each listed once
          checks_seen += int(checks.size());
        }
        MoveList<LEGAL> moves(pos);
        for (Move m : moves) {
          REQUIRE(pos.gives_check(m) == [&] {
            pos.do_move(m);
            bool c = pos.in_check();
            pos.undo_move();
            return c;
          }());
        }
        REQUIRE(pos.key() == key);
        REQUIRE(to_sfen(pos) == sfen);
        ++positions;
        if (moves.empty()) break;
        // Prefer checks half of the time so that evasions and mates are well covered.
        MoveList<CHECKS> checking(pos);
        Move m = (!checking.empty() && rng() % 2) ? checking[int(rng() % checking.size())]
                                                  : moves[int(rng() % moves.size())];
        pos.do_move(m);
        // The incremental keys equal a from-scratch computation.
        Position fresh = pos;
        fresh.refresh();
        REQUIRE(fresh.key() == pos.key());
        REQUIRE(fresh.board_key() == pos.board_key());
      }
    }
  }
  CHECK(positions > 2000);
  CHECK(evasions_seen > 300);
  CHECK(checks_seen > 1000);
}
