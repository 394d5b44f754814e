#include "generator/mutation.h"

#include <algorithm>
#include <set>

#include "solver/bitboard.h"
#include "solver/movegen.h"
#include "solver/sfen.h"

namespace kanju {

namespace {

// Types a proposal puts on the board, with how often: the pieces tsume problems are made of.
constexpr PieceType BOARD_TYPES[] = {PAWN, PAWN, LANCE,  KNIGHT, SILVER, SILVER, GOLD,
                                     GOLD, GOLD, BISHOP, ROOK,   HORSE,  DRAGON, PRO_PAWN};
// How often a backward step tries a discovered check first (unplay_discovery).
constexpr double DISCOVERY_CHANCE = 0.3;
constexpr PieceType HAND_DRAW[] = {GOLD, GOLD, SILVER, SILVER, KNIGHT, LANCE, PAWN, BISHOP, ROOK};

template <size_t N>
PieceType draw(Rng& rng, const PieceType (&types)[N]) {
  return types[rng.below(int(N))];
}

// The problem, checked by the SFEN reader (docs/RULES.md §1).
Result<Position> build(const Layout& layout) {
  Layout l = layout;
  l.side = BLACK;
  l.rest_to = WHITE;
  for (int& n : l.hand[WHITE]) n = 0;
  return build_setup_position(l);
}

// The position between the attacker's check and the defender's reply, White to move. The SFEN
// reader refuses it (Black has no king, so it would be "the side not to move without a king"),
// so it is put together directly; only the moves generated in it are used.
Position build_replying(const Layout& layout) {
  Position pos;
  for (Square sq = 0; sq < SQ_NB; ++sq)
    if (layout.board[sq] != NO_PIECE) pos.put_piece(sq, layout.board[sq]);
  Hand black;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) black.add(pt, layout.hand[BLACK][pt]);
  pos.set_hand(BLACK, black);
  pos.refresh();
  pos.set_hand(WHITE, rest_of_set(pos));
  pos.set_side_to_move(WHITE);
  pos.refresh();
  return pos;
}

Bitboard occupancy(const Layout& l) {
  Bitboard b;
  for (Square sq = 0; sq < SQ_NB; ++sq)
    if (l.board[sq] != NO_PIECE) b.set(sq);
  return b;
}

Square white_king(const Layout& l) {
  for (Square sq = 0; sq < SQ_NB; ++sq)
    if (l.board[sq] == make_piece(WHITE, KING)) return sq;
  return SQ_NONE;
}

// Pieces of a base type in use: on the board (promoted or not) and in the attacker's hand.
int in_use(const Layout& l, PieceType base) {
  int n = l.hand[BLACK][base];
  for (Piece pc : l.board)
    if (pc != NO_PIECE && type_of(pc) != KING && unpromote(type_of(pc)) == base) ++n;
  return n;
}

bool available(const Layout& l, PieceType pt) {
  return in_use(l, unpromote(pt)) < PIECE_SET_COUNT[unpromote(pt)];
}

// The rule against pieces that could never move again (types.h); 二歩 is left to the parser.
bool can_stand(Color c, PieceType pt, Square sq) { return !could_never_move(c, pt, sq); }

// A random square at most `radius` files and ranks from `center`.
Square near(Rng& rng, Square center, int radius) {
  const int f = std::clamp(file_of(center) + rng.below(2 * radius + 1) - radius, 0, 8);
  const int r = std::clamp(rank_of(center) + rng.below(2 * radius + 1) - radius, 0, 8);
  return make_square(f, r);
}

// A random member of a non-empty bitboard.
Square pick(Rng& rng, Bitboard b) {
  int k = rng.below(b.popcount());
  for (Square sq : b)
    if (k-- == 0) return sq;
  return SQ_NONE;
}

// A random square holding a piece of colour c other than a king; SQ_NONE if none.
Square random_piece(Rng& rng, const Layout& l, Color c) {
  Bitboard b;
  for (Square sq = 0; sq < SQ_NB; ++sq) {
    const Piece pc = l.board[sq];
    if (pc != NO_PIECE && color_of(pc) == c && type_of(pc) != KING) b.set(sq);
  }
  return b.any() ? pick(rng, b) : SQ_NONE;
}

// A random non-king piece of either colour; SQ_NONE if none.
Square random_any_piece(Rng& rng, const Layout& l) {
  const Color c = rng.chance(0.6) ? BLACK : WHITE;
  const Square sq = random_piece(rng, l, c);
  return sq != SQ_NONE ? sq : random_piece(rng, l, ~c);
}

// Puts a piece of colour c and type pt on an empty square near `center`, if the set has one.
bool add_near(Layout& l, Rng& rng, Square center, int radius, Color c, PieceType pt) {
  if (!available(l, pt)) return false;
  for (int tries = 0; tries < 8; ++tries) {
    const Square sq = near(rng, center, radius);
    if (l.board[sq] != NO_PIECE || !can_stand(c, pt, sq)) continue;
    l.board[sq] = make_piece(c, pt);
    return true;
  }
  return false;
}

bool add_to_hand(Layout& l, PieceType pt) {
  if (!available(l, pt)) return false;
  ++l.hand[BLACK][pt];
  return true;
}

// --- The edits of mutate(), each false when it cannot be made.

bool shift_piece(Layout& l, Rng& rng) {
  Square from = rng.chance(0.2) ? white_king(l) : random_any_piece(rng, l);
  if (from == SQ_NONE) return false;
  const int dist = 1 + rng.below(2);
  const int df = (rng.below(3) - 1) * dist, dr = (rng.below(3) - 1) * dist;
  const int f = file_of(from) + df, r = rank_of(from) + dr;
  if ((df == 0 && dr == 0) || f < 0 || f > 8 || r < 0 || r > 8) return false;
  const Square to = make_square(f, r);
  const Piece pc = l.board[from];
  if (l.board[to] != NO_PIECE || !can_stand(color_of(pc), type_of(pc), to)) return false;
  l.board[to] = pc;
  l.board[from] = NO_PIECE;
  return true;
}

bool add_piece(Layout& l, Rng& rng) {
  const Square king = white_king(l);
  const Color c = rng.chance(0.55) ? WHITE : BLACK;
  const PieceType pt = draw(rng, BOARD_TYPES);
  const bool slider = pt == BISHOP || pt == ROOK || pt == LANCE || pt == HORSE || pt == DRAGON;
  return add_near(l, rng, king, c == BLACK && slider ? 4 : 2, c, pt);
}

bool remove_piece(Layout& l, Rng& rng) {
  const Square sq = random_any_piece(rng, l);
  if (sq == SQ_NONE) return false;
  l.board[sq] = NO_PIECE;
  return true;
}

bool change_type(Layout& l, Rng& rng) {
  const Square sq = random_any_piece(rng, l);
  if (sq == SQ_NONE) return false;
  const Color c = color_of(l.board[sq]);
  const PieceType pt = draw(rng, BOARD_TYPES);
  if (pt == type_of(l.board[sq]) || !can_stand(c, pt, sq)) return false;
  const Piece old = l.board[sq];
  l.board[sq] = NO_PIECE;  // its own base type is free again
  if (!available(l, pt)) {
    l.board[sq] = old;
    return false;
  }
  l.board[sq] = make_piece(c, pt);
  return true;
}

bool flip_promotion(Layout& l, Rng& rng) {
  const Square sq = random_any_piece(rng, l);
  if (sq == SQ_NONE) return false;
  const Color c = color_of(l.board[sq]);
  const PieceType pt = type_of(l.board[sq]);
  if (is_promotable(pt)) {
    l.board[sq] = make_piece(c, promote(pt));
    return true;
  }
  if (!is_promoted(pt) || !can_stand(c, unpromote(pt), sq)) return false;
  l.board[sq] = make_piece(c, unpromote(pt));
  return true;
}

// An attacker piece from the board to the attacker's hand, or from the hand to the board.
bool board_hand_exchange(Layout& l, Rng& rng) {
  if (rng.chance(0.5)) {
    const Square sq = random_piece(rng, l, BLACK);
    if (sq == SQ_NONE) return false;
    ++l.hand[BLACK][unpromote(type_of(l.board[sq]))];
    l.board[sq] = NO_PIECE;
    return true;
  }
  PieceType held[7];
  int n = 0;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER)
    if (l.hand[BLACK][pt] > 0) held[n++] = pt;
  if (n == 0) return false;
  const PieceType pt = held[rng.below(n)];
  --l.hand[BLACK][pt];
  if (add_near(l, rng, white_king(l), 3, BLACK, pt)) return true;
  ++l.hand[BLACK][pt];
  return false;
}

bool hand_edit(Layout& l, Rng& rng) {
  const PieceType pt = draw(rng, HAND_DRAW);
  if (l.hand[BLACK][pt] > 0 && rng.chance(0.5)) {
    --l.hand[BLACK][pt];
    return true;
  }
  return add_to_hand(l, pt);
}

// --- Backward extension.

// Where a piece of colour c and type pt may have come from to reach `to`: the squares it
// attacks from `to` as a piece of the other colour, empty ones only.
Bitboard origins(Color c, PieceType pt, Square to, Bitboard occ) {
  return attacks_bb(~c, pt, to, occ) & ~occ;
}

// The type a piece had before the move that brought it to `to` from somewhere: itself, or,
// sometimes, its unpromoted type when it may have promoted on the move (checked later).
PieceType type_before(Rng& rng, PieceType pt, double unpromote_chance) {
  if (is_promoted(pt) && rng.chance(unpromote_chance)) return unpromote(pt);
  return pt;
}

// Takes the piece on `to` back, as a `before` of colour c, to one of the squares it could have
// come from, chosen at random; SQ_NONE (and l unchanged) when there is none.
Square unmove(Layout& l, Color c, PieceType before, Square to, Rng& rng) {
  const Bitboard from = origins(c, before, to, occupancy(l));
  if (from.none()) return SQ_NONE;
  const Square sq = pick(rng, from);
  l.board[sq] = make_piece(c, before);
  l.board[to] = NO_PIECE;
  return sq;
}

// Un-plays the defender's reply: the layout before it (White to move) and the reply.
std::optional<std::pair<Layout, Move>> unplay_defence(const Layout& after, Rng& rng) {
  Layout l = after;
  Square to = white_king(l);
  if (!rng.chance(0.7)) {
    const Square other = random_piece(rng, l, WHITE);
    if (other != SQ_NONE) to = other;
  }
  const PieceType pt = type_of(l.board[to]);
  if (pt != KING && is_hand_type(pt) && rng.chance(0.3)) {
    l.board[to] = NO_PIECE;  // the dropped piece goes back to the rest
    return std::pair{l, Move::make_drop(pt, to, WHITE)};
  }
  const PieceType before = type_before(rng, pt, 0.3);
  const Square sq = unmove(l, WHITE, before, to, rng);
  if (sq == SQ_NONE) return std::nullopt;
  if (rng.chance(0.5)) {  // it captured an attacker piece: a sacrifice
    const PieceType captured = draw(rng, BOARD_TYPES);
    if (available(l, captured) && can_stand(BLACK, captured, to))
      l.board[to] = make_piece(BLACK, captured);
  }
  return std::pair{l, Move::make(sq, to, make_piece(WHITE, before), before != pt)};
}

// Puts a defender piece on `to`, where an attacker move has just arrived: the move captured it,
// and the attacker holds it now (a type it holds, able to stand there).
void uncapture(Layout& l, Square to, Rng& rng) {
  PieceType held[7];
  int n = 0;
  for (PieceType h : HAND_TYPES_SFEN_ORDER)
    if (l.hand[BLACK][h] > 0 && can_stand(WHITE, h, to)) held[n++] = h;
  if (n == 0) return;
  const PieceType captured = held[rng.below(n)];
  --l.hand[BLACK][captured];
  l.board[to] = make_piece(WHITE, captured);
}

// Un-plays a discovered check: an attacker piece stood on the line between a checking ranging
// piece and the king, and stepped off it (giving check itself too when the king is in double
// check). Such a first move adds nothing to the attacker's hand, the usual way a backward step
// shortens a problem (a drop check gives the attacker one piece more to mate with elsewhere).
std::optional<std::pair<Layout, Move>> unplay_discovery(const Layout& after, const Position& pos,
                                                        Rng& rng) {
  const Square ksq = pos.king_square(WHITE);
  const Bitboard checkers = pos.checkers();
  Square slider = SQ_NONE;
  for (Bitboard b = checkers; b.any();) {
    const Square sq = b.pop_lsb();
    if (between_bb(sq, ksq).any() && (slider == SQ_NONE || rng.chance(0.5))) slider = sq;
  }
  if (slider == SQ_NONE) return std::nullopt;
  // The mover: the other checker in a double check, else any attacker piece but the slider.
  Bitboard movers;
  for (Square sq = 0; sq < SQ_NB; ++sq)
    if (sq != slider && after.board[sq] != NO_PIECE && color_of(after.board[sq]) == BLACK)
      movers.set(sq);
  if (checkers.more_than_one()) {
    Bitboard other = checkers;
    other.clear(slider);
    movers &= other;
  }
  if (movers.none()) return std::nullopt;
  const Square to = pick(rng, movers);
  Layout l = after;
  const PieceType pt = type_of(l.board[to]);
  const PieceType before = type_before(rng, pt, 0.4);
  l.board[to] = NO_PIECE;
  const Bitboard from = between_bb(slider, ksq) & attacks_bb(WHITE, before, to, occupancy(l));
  if (from.none()) return std::nullopt;
  const Square sq = pick(rng, from);
  if (!can_stand(BLACK, before, sq)) return std::nullopt;
  l.board[sq] = make_piece(BLACK, before);
  if (rng.chance(0.35)) uncapture(l, to, rng);
  return std::pair{l, Move::make(sq, to, make_piece(BLACK, before), before != pt)};
}

// Un-plays the attacker's check (`before_reply`, White to move and in check): the layout
// before it (Black to move) and the check.
std::optional<std::pair<Layout, Move>> unplay_check(const Layout& after, const Position& pos,
                                                    Rng& rng) {
  if (rng.chance(DISCOVERY_CHANCE)) {
    if (auto discovered = unplay_discovery(after, pos, rng)) return discovered;
  }
  if (pos.checkers().more_than_one()) return std::nullopt;
  Layout l = after;
  const Square to = pos.checkers().lsb();
  const PieceType pt = type_of(l.board[to]);
  if (is_hand_type(pt) && rng.chance(0.55)) {
    l.board[to] = NO_PIECE;
    ++l.hand[BLACK][pt];
    return std::pair{l, Move::make_drop(pt, to, BLACK)};
  }
  const PieceType before = type_before(rng, pt, 0.4);
  const Square sq = unmove(l, BLACK, before, to, rng);
  if (sq == SQ_NONE) return std::nullopt;
  if (rng.chance(0.35)) uncapture(l, to, rng);  // it captured a defender piece
  return std::pair{l, Move::make(sq, to, make_piece(BLACK, before), before != pt)};
}

// --- Every backward step (backward_steps).

// The types a piece on the board may have had before its last move: itself, and its unpromoted
// type when it is promoted (it may have promoted on that move).
int types_before(PieceType pt, PieceType (&out)[2]) {
  out[0] = pt;
  if (!is_promoted(pt)) return 1;
  out[1] = unpromote(pt);
  return 2;
}

// What an attacker piece captured by the defender's reply may have been.
constexpr PieceType CAPTURABLE[] = {PAWN,   LANCE, KNIGHT, SILVER, GOLD,
                                    BISHOP, ROOK,  HORSE,  DRAGON, PRO_PAWN};

using Unplay = std::pair<Layout, Move>;

// Every un-play of the defender's last move in `after`: a drop taken back, or a move taken back,
// each square it may have come from, having captured nothing or any attacker piece the set has.
std::vector<Unplay> all_defences(const Layout& after) {
  std::vector<Unplay> out;
  for (Square to = 0; to < SQ_NB; ++to) {
    const Piece pc = after.board[to];
    if (pc == NO_PIECE || color_of(pc) != WHITE) continue;
    const PieceType pt = type_of(pc);
    if (pt != KING && is_hand_type(pt)) {
      Layout l = after;
      l.board[to] = NO_PIECE;
      out.emplace_back(l, Move::make_drop(pt, to, WHITE));
    }
    PieceType befores[2];
    for (int b = 0, n = types_before(pt, befores); b < n; ++b) {
      for (Square from : origins(WHITE, befores[b], to, occupancy(after))) {
        if (!can_stand(WHITE, befores[b], from)) continue;
        Layout l = after;
        l.board[from] = make_piece(WHITE, befores[b]);
        l.board[to] = NO_PIECE;
        const Move m = Move::make(from, to, make_piece(WHITE, befores[b]), befores[b] != pt);
        out.emplace_back(l, m);
        for (PieceType captured : CAPTURABLE) {
          if (!available(l, captured) || !can_stand(BLACK, captured, to)) continue;
          Layout c = l;
          c.board[to] = make_piece(BLACK, captured);
          out.emplace_back(c, m);
        }
      }
    }
  }
  return out;
}

// The move of the attacker piece now on `to`, taken back to `from` as a `before`: having
// captured nothing, or any piece the attacker holds now.
void add_unmoves(const Layout& after, Square from, Square to, PieceType before, PieceType now,
                 std::vector<Unplay>& out) {
  if (!can_stand(BLACK, before, from)) return;
  Layout l = after;
  l.board[from] = make_piece(BLACK, before);
  l.board[to] = NO_PIECE;
  const Move m = Move::make(from, to, make_piece(BLACK, before), before != now);
  out.emplace_back(l, m);
  for (PieceType h : HAND_TYPES_SFEN_ORDER) {
    if (l.hand[BLACK][h] == 0 || !can_stand(WHITE, h, to)) continue;
    Layout c = l;
    --c.hand[BLACK][h];
    c.board[to] = make_piece(WHITE, h);
    out.emplace_back(c, m);
  }
}

// Every un-play of the attacker's check in `after` (`pos`: the same, White to move in check):
// the checking piece's drop or move taken back, or the move of a piece that uncovered a ranging
// piece's check.
std::vector<Unplay> all_checks(const Layout& after, const Position& pos) {
  std::vector<Unplay> out;
  const Square ksq = pos.king_square(WHITE);
  const Bitboard checkers = pos.checkers();
  if (!checkers.more_than_one()) {
    const Square to = checkers.lsb();
    const PieceType pt = type_of(after.board[to]);
    if (is_hand_type(pt)) {
      Layout l = after;
      l.board[to] = NO_PIECE;
      ++l.hand[BLACK][pt];
      out.emplace_back(l, Move::make_drop(pt, to, BLACK));
    }
    PieceType befores[2];
    for (int b = 0, n = types_before(pt, befores); b < n; ++b)
      for (Square from : origins(BLACK, befores[b], to, occupancy(after)))
        add_unmoves(after, from, to, befores[b], pt, out);
  }
  for (Square slider : checkers) {
    const Bitboard line = between_bb(slider, ksq);
    if (line.none()) continue;
    for (Square to = 0; to < SQ_NB; ++to) {
      const Piece pc = after.board[to];
      if (pc == NO_PIECE || color_of(pc) != BLACK || to == slider) continue;
      if (checkers.more_than_one() && !checkers.test(to)) continue;
      Layout without = after;
      without.board[to] = NO_PIECE;
      PieceType befores[2];
      for (int b = 0, n = types_before(type_of(pc), befores); b < n; ++b) {
        const Bitboard on_line = line & attacks_bb(WHITE, befores[b], to, occupancy(without));
        for (Square from : on_line) add_unmoves(after, from, to, befores[b], type_of(pc), out);
      }
    }
  }
  return out;
}

}  // namespace

std::vector<BackwardStep> backward_steps(const Position& problem, const ProposalLimits& limits) {
  std::vector<BackwardStep> steps;
  if (problem.side_to_move() != BLACK) return steps;
  Result<Layout> start = layout_of(problem);
  if (!start) return steps;
  std::set<uint64_t> seen;
  for (const auto& [replying_layout, reply] : all_defences(*start)) {
    const Position replying = build_replying(replying_layout);
    if (!replying.in_check() || !MoveList<EVASIONS>(replying).contains(reply)) continue;
    for (const auto& [layout, check] : all_checks(replying_layout, replying)) {
      if (piece_count(layout) > limits.max_pieces) continue;
      const Result<Position> checking = build(layout);
      if (!checking || !MoveList<CHECKS>(*checking).contains(check)) continue;
      if (!seen.insert(checking->key()).second) continue;
      steps.push_back({layout, check, reply});
    }
  }
  return steps;
}

std::vector<Layout> walled_steps(const BackwardStep& step, Color color,
                                 const ProposalLimits& limits) {
  constexpr PieceType WALLS[] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK, PRO_PAWN};
  std::vector<Layout> out;
  const Square ksq = white_king(step.layout);
  if (ksq == SQ_NONE || piece_count(step.layout) + 1 > limits.max_pieces) return out;
  for (Square sq = 0; sq < SQ_NB; ++sq) {
    if (step.layout.board[sq] != NO_PIECE || distance(sq, ksq) > 2) continue;
    for (PieceType pt : WALLS) {
      if (!available(step.layout, pt) || !can_stand(color, pt, sq)) continue;
      Layout l = step.layout;
      l.board[sq] = make_piece(color, pt);
      Result<Position> pos = build(l);  // the defender not in check, no 二歩
      if (!pos || !MoveList<CHECKS>(*pos).contains(step.check)) continue;
      pos->do_move(step.check);
      if (!MoveList<EVASIONS>(*pos).contains(step.reply)) continue;
      out.push_back(l);
    }
  }
  return out;
}

Square mirror_square(Square sq) { return make_square(8 - file_of(sq), rank_of(sq)); }

Result<Position> to_position(const Layout& layout) { return build(layout); }

Result<Layout> layout_of(const Position& problem) {
  const Color attacker = problem.side_to_move();
  Layout l;
  for (Square sq = 0; sq < SQ_NB; ++sq) {
    const Piece pc = problem.piece_on(sq);
    if (pc == NO_PIECE || (color_of(pc) == attacker && type_of(pc) == KING)) continue;
    const Square at = attacker == BLACK ? sq : SQ_NB - 1 - sq;
    l.board[at] = make_piece(color_of(pc) == attacker ? BLACK : WHITE, type_of(pc));
  }
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) l.hand[BLACK][pt] = problem.hand(attacker).count(pt);
  if (white_king(l) == SQ_NONE) return Error{"the defender has no king"};
  return l;
}

Layout mirrored(const Layout& layout) {
  Layout l = layout;
  for (Square sq = 0; sq < SQ_NB; ++sq) l.board[mirror_square(sq)] = layout.board[sq];
  return l;
}

int piece_count(const Layout& layout) {
  int n = 0;
  for (Piece pc : layout.board) n += pc != NO_PIECE;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) n += layout.hand[BLACK][pt];
  return n;
}

Layout random_layout(Rng& rng, const ProposalLimits& limits) {
  Layout l;
  // Kings on the top ranks and the edges are the easiest to mate with few pieces.
  const int file = rng.chance(0.4) ? (rng.chance(0.5) ? 0 : 8) : rng.below(9);
  const int rank = std::min(rng.below(3), rng.below(3));
  const Square king = make_square(file, rank);
  l.board[king] = make_piece(WHITE, KING);
  const int attackers = 1 + rng.below(3), defenders = rng.below(3), held = 1 + rng.below(2);
  for (int i = 0; i < attackers && piece_count(l) < limits.max_pieces; ++i) {
    const PieceType pt = draw(rng, BOARD_TYPES);
    const bool slider = pt == BISHOP || pt == ROOK || pt == LANCE || pt == HORSE || pt == DRAGON;
    add_near(l, rng, king, slider ? 4 : 2, BLACK, pt);
  }
  for (int i = 0; i < defenders && piece_count(l) < limits.max_pieces; ++i)
    add_near(l, rng, king, 2, WHITE, draw(rng, BOARD_TYPES));
  for (int i = 0; i < held && piece_count(l) < limits.max_pieces; ++i)
    add_to_hand(l, draw(rng, HAND_DRAW));
  return l;
}

std::optional<Layout> mutate(const Layout& layout, Rng& rng, const ProposalLimits& limits) {
  Layout l = layout;
  bool done = false;
  switch (rng.below(10)) {
    case 0:
    case 1:
    case 2: done = shift_piece(l, rng); break;
    case 3: done = piece_count(l) < limits.max_pieces && add_piece(l, rng); break;
    case 4: done = remove_piece(l, rng); break;
    case 5: done = change_type(l, rng); break;
    case 6: done = flip_promotion(l, rng); break;
    case 7: done = board_hand_exchange(l, rng); break;
    case 8: done = piece_count(l) <= limits.max_pieces && hand_edit(l, rng); break;
    default: l = mirrored(l), done = true; break;
  }
  if (!done || piece_count(l) > limits.max_pieces) return std::nullopt;
  return l;
}

std::optional<Layout> extend_backward(const Position& problem, Rng& rng,
                                      const ProposalLimits& limits, std::vector<Move>* played) {
  if (problem.side_to_move() != BLACK) return std::nullopt;
  Result<Layout> start = layout_of(problem);
  if (!start) return std::nullopt;
  // Step 1. Before the defender's reply: White to move, in check, the reply legal.
  const auto defence = unplay_defence(*start, rng);
  if (!defence) return std::nullopt;
  const Position replying = build_replying(defence->first);
  if (!replying.in_check() || !MoveList<EVASIONS>(replying).contains(defence->second))
    return std::nullopt;
  // Step 2. Before the attacker's check: Black to move, the check legal.
  const auto check = unplay_check(defence->first, replying, rng);
  if (!check || piece_count(check->first) > limits.max_pieces) return std::nullopt;
  const Result<Position> checking = build(check->first);
  if (!checking || !MoveList<CHECKS>(*checking).contains(check->second)) return std::nullopt;
  if (played) *played = {check->second, defence->second};
  return check->first;
}

}  // namespace kanju
