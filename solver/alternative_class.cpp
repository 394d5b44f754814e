#include "alternative_class.h"

#include "bitboard.h"

namespace kanju {

namespace {

using S = Severity;

PieceType moving_type(Move m) {
  return m.is_drop() ? m.drop_type() : unpromote(type_of(m.moved_piece()));
}

// Step C: the main move promotes a rook, bishop or pawn and m' is the same move unpromoted.
// Not promoting these only weakens them, and composers do not count it as another idea.
bool dominated_non_promotion(Move alt, Move main) {
  if (alt.is_drop() || main.is_drop() || alt.from() != main.from() || alt.to() != main.to())
    return false;
  const PieceType pt = moving_type(main);
  return main.is_promotion() && !alt.is_promotion() && (pt == ROOK || pt == BISHOP || pt == PAWN) &&
         !is_promoted(type_of(main.moved_piece()));
}

// Step E's sub-kinds, by the shape of m' against m (docs/RULES.md §5.2). An identical position
// reached by another order of moves is 手順前後 whatever the pieces; a piece of another type on
// the same square that only replays the main line is 駒種非限定.
FindingKind equal_length_kind(const AlternativeFacts& a) {
  const Move alt = a.move, main = a.main_move;
  const bool replayed = a.convergence.kind == Convergence::Kind::Replay;
  if (!alt.is_drop() && !main.is_drop() && alt.from() == main.from()) {
    if (alt.to() == main.to()) return FindingKind::PromotionNonLimiting;
    // The same piece to another square of the same line, or to a square from which the main
    // line replays (the piece then stays where it went): 着手非限定.
    if (aligned(main.from(), main.to(), alt.to()) || replayed)
      return FindingKind::DestinationNonLimiting;
  }
  // The same piece dropped farther on the line (以遠打), or elsewhere with the main line
  // replaying (打ち場所非限定): 打点非限定.
  if (alt.is_drop() && main.is_drop() && alt.drop_type() == main.drop_type() &&
      ((a.king != SQ_NONE && aligned(a.king, main.to(), alt.to())) || replayed))
    return FindingKind::DropNonLimiting;
  if (a.convergence.kind == Convergence::Kind::Exact) return FindingKind::Transposition;
  if (alt.to() == main.to() && moving_type(alt) != moving_type(main))
    return FindingKind::PieceNonLimiting;
  return FindingKind::Transposition;
}

// m' drops the main drop's lance, bishop or rook farther on the same line to the king: m's square
// lies between the king and m''s.
bool farther_drop(const AlternativeFacts& a) {
  const Move alt = a.move, main = a.main_move;
  if (!alt.is_drop() || !main.is_drop() || alt.drop_type() != main.drop_type()) return false;
  const PieceType pt = alt.drop_type();
  if ((pt != LANCE && pt != BISHOP && pt != ROOK) || a.king == SQ_NONE) return false;
  return aligned(a.king, main.to(), alt.to()) && between_bb(a.king, alt.to()).test(main.to());
}

}  // namespace

AlternativeClass classify_alternative(const AlternativeFacts& a) {
  const int l = a.length, v = a.main_length;
  // A. Another mate in one on the final move: accepted, but not in a one-move problem.
  if (a.final_node && l == 1) {
    if (a.one_move_work) return {FindingKind::Yozume, S::Unsound, S::Unsound};
    return {FindingKind::FinalAlternative, S::Note, S::Note};
  }
  // B. Faster than the main move (早詰). In the classic profile a shortcut around a detour of the
  // author's own line, or one near the end, is a flaw that the editions correct.
  if (l < v) {
    const bool corrected = a.convergence.converges() || a.near_end;
    return {FindingKind::EarlyMate, S::Unsound, corrected ? S::Kizu : S::Unsound};
  }
  // C. A rook, bishop or pawn not promoting, no faster.
  if (dominated_non_promotion(a.move, a.main_move))
    return {FindingKind::DominatedNonPromotion, S::Note, S::Note};
  // D. A longer mate instead of the final move.
  if (a.final_node) return {FindingKind::FinalLonger, S::KizuDeep, S::Note};
  if (a.convergence.converges()) {
    // Back on the main line only where the defender chooses so, another line as long mating
    // elsewhere: the modern profile reads the alternative as another mate, a cook (convergence
    // must be forced); the classic one holds neither the 手順前後 nor the 変同 inside it against
    // a work (docs/RULES.md §5.3).
    // Where whether the defender could avoid it was not decided, the modern severity is not
    // known; the classic one does not depend on it.
    auto modern = [&](Severity if_forced) {
      if (!a.convergence.forced_known) return S::Unchecked;
      return a.convergence.forced ? if_forced : S::Unsound;
    };
    // E. As long and back on the main line: a kind of 非限定, or 手順前後.
    if (l == v && a.exact) {
      const FindingKind k = equal_length_kind(a);
      if (k == FindingKind::PieceNonLimiting) return {k, modern(S::KizuDeep), S::Kizu};
      return {k, modern(S::Kizu), S::Note};
    }
    // F. Longer and back on the main line: 迂回.
    return {FindingKind::Detour, modern(S::Kizu), S::Note};
  }
  // G'. The main drop made farther (以遠打), mating more slowly only because the king has more
  // room: every defence of its line is a king move, with no interposition the farther drop
  // allows. The classic profile accepts every 打点非限定 (docs/RULES.md §5.6); the Edo works
  // have it with the king running a file farther (将棋図巧98 ply 11, ▲３五飛打 for ▲３四飛打,
  // 23 plies for 21, which the literature calls an accepted 打ち場所非限定). Modern rules need
  // it as long and back on the main line (step E); longer and elsewhere, it is another mate.
  if (farther_drop(a) && a.exact && a.king_moves_only)
    return {FindingKind::DropNonLimiting, S::Unsound, S::Note};
  // G. Another mate: 余詰, whatever its length. In the classic profile one near the end that is
  // no slower is a flaw of the 収束, as the Edo errata record it.
  const bool classic_relief = a.near_end && l == v;
  return {FindingKind::Yozume, S::Unsound, classic_relief ? S::Kizu : S::Unsound};
}

}  // namespace kanju
