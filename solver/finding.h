// What the verifier finds: typed values, never text to be parsed back. Each finding names its
// kind (docs/RULES.md §5, the categories of the composers' conventions), the main line's ply it
// concerns, the move, the alternative's line and length, the evidence that the alternative comes
// back to the main line, and its severity in each profile. Verdicts and tallies are computed
// from these fields alone.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "profile.h"
#include "types.h"

namespace kanju {

// clang-format off
enum class FindingKind : uint8_t {
  NoMate,                  // 不詰: the attacker cannot force mate (at the root, or after a
                           //   defence of the main line)
  ClaimedLineFails,        // the claimed line is illegal, not all checks, or does not end in mate
  LengthMismatch,          // 手数違い: the stated length is not the proven one (no line given)
  LineDiffers,             // 手順相違: the claimed line and the solver's differ (information)
  Leftover,                // 駒余り: the main line ends with pieces in the attacker's hand
  Yozume,                  // 余詰: another check mates and does not come back to the main line
  EarlyMate,               // 早詰: another check (or the solver) mates faster than the main line
  FinalAlternative,        // 最終手余詰: another mate in one on the final move
  FinalLonger,             // a longer mate instead of the final move
  DominatedNonPromotion,   // 飛・角・歩 not promoting where the main line promotes, no faster
  PromotionNonLimiting,    // 成生非限定: promoting or not, as long, back on the main line
  DropNonLimiting,         // 打点非限定 / 以遠打: the same piece dropped elsewhere on its line
  DestinationNonLimiting,  // 着手非限定: the same piece moved elsewhere on its line
  PieceNonLimiting,        // 駒種非限定: another piece type on the same square
  Transposition,           // 手順前後: another order of moves, as long, back on the main line
  Detour,                  // 迂回: a longer mate that comes back to the main line
  LongerVariation,         // 変長: a defence longer than the main line's, ending with pieces
  CorrectedLine,           // 作意不成立: a longer defence ending with an empty hand
  SameLengthVariation,     // 変同: an equally long defence ending with an empty hand
  UnneededPiece,           // 不要駒
  Unchecked,               // a check ran out of budget: nothing is known
};
// clang-format on
inline constexpr int FINDING_KIND_NB = int(FindingKind::Unchecked) + 1;

const char* to_string(FindingKind kind);      // "yozume", "same_length_variation", ...
const char* japanese_name(FindingKind kind);  // "余詰", "変同", ...

// Worst last, so that the worst of several is their maximum.
enum class Severity : uint8_t {
  None,       // not a finding of this profile (not shown)
  Note,       // accepted by convention, reported for information
  Kizu,       // a shallow flaw (キズ)
  KizuDeep,   // a deep flaw: many judges would call it (nearly) unsound
  Unchecked,  // a check ran out of budget
  Unsound,    // 不完全
};
const char* to_string(Severity s);  // "none", "note", "kizu", "kizu_deep", "unchecked", "unsound"

// How an attacker's alternative comes back to the main line (docs/RULES.md §5.3).
struct Convergence {
  enum class Kind : uint8_t {
    None,    // it does not (or it was not asked)
    Exact,   // an identical position: the alternative's line after `alt_plies` plies is the
             //   main line's position after `main_ply` plies (board, both hands, side to move)
    Replay,  // the main line's moves from ply `main_ply` (1-based) replay to mate from the
             //   alternative's line after `alt_plies` plies, each defender move a longest one
  };
  Kind kind = Kind::None;
  int alt_plies = -1;  // plies of the alternative's line, from the branch node
  int main_ply = -1;
  // Whether every longest defence comes back (false: the defender may also choose a line as long
  // that mates elsewhere, a 変同 of the alternative; docs/RULES.md §5.3). `forced_known` false:
  // it comes back, but whether it must was not decided within the budget.
  bool forced = true;
  bool forced_known = true;

  bool converges() const { return kind != Kind::None; }
};
const char* to_string(Convergence::Kind k);  // "none", "exact", "replay"

struct Finding {
  FindingKind kind = FindingKind::Unchecked;
  int ply = 0;                 // the main line's move this concerns (1-based); 0: the problem
  Move move = MOVE_NONE;       // the alternative (or the claimed move, for LineDiffers)
  Move main_move = MOVE_NONE;  // the main line's move at that ply
  int length = -1;             // plies of the alternative from its node; -1: unknown
  bool exact = true;           // false: `length` is only an upper bound
  int main_length = -1;        // plies the main line's move lasts from the same node (minimax)
  std::vector<Move> line;      // the alternative's line from the node (it starts with `move`)
  Convergence convergence;
  bool leaves_pieces = false;  // a defence: its line ends with pieces in the attacker's hand
  Square square = SQ_NONE;     // 不要駒: where the piece stands
  Piece piece = NO_PIECE;
  // Severity per profile, indexed by Profile; set by the verifier when it classifies (None in
  // both: not yet classified).
  std::array<Severity, PROFILE_NB> severity{Severity::None, Severity::None};
  std::string note;  // words for a reader; never read back

  Severity severity_in(Profile p) const { return severity[int(p)]; }
  void set_severity(Severity modern, Severity classic) {
    severity[int(Profile::Modern)] = modern;
    severity[int(Profile::Classic)] = classic;
  }
};

enum class Verdict : uint8_t { Sound, Flawed, Unsound, Unknown };
const char* to_string(Verdict v);  // "sound", "flawed", "unsound", "unknown"

// The worst severity of the findings in a profile (Severity::None without findings).
Severity worst_severity(const std::vector<Finding>& findings, Profile p);

// The verdict of the findings in a profile: unsound if any is, else unknown if a check ran out
// of budget, else flawed if any is a キズ (deep or shallow), else sound (notes only).
Verdict verdict_of(const std::vector<Finding>& findings, Profile p);

}  // namespace kanju
