#include "finding.h"

#include <algorithm>

namespace kanju {

const char* to_string(FindingKind kind) {
  switch (kind) {
    case FindingKind::NoMate: return "no_mate";
    case FindingKind::ClaimedLineFails: return "claimed_line_fails";
    case FindingKind::LengthMismatch: return "length_mismatch";
    case FindingKind::LineDiffers: return "line_differs";
    case FindingKind::Leftover: return "leftover";
    case FindingKind::Yozume: return "yozume";
    case FindingKind::EarlyMate: return "early_mate";
    case FindingKind::FinalAlternative: return "final_alternative";
    case FindingKind::FinalLonger: return "final_longer";
    case FindingKind::DominatedNonPromotion: return "dominated_non_promotion";
    case FindingKind::PromotionNonLimiting: return "promotion_non_limiting";
    case FindingKind::DropNonLimiting: return "drop_non_limiting";
    case FindingKind::DestinationNonLimiting: return "destination_non_limiting";
    case FindingKind::PieceNonLimiting: return "piece_non_limiting";
    case FindingKind::Transposition: return "transposition";
    case FindingKind::Detour: return "detour";
    case FindingKind::LongerVariation: return "longer_variation";
    case FindingKind::CorrectedLine: return "corrected_line";
    case FindingKind::SameLengthVariation: return "same_length_variation";
    case FindingKind::UnneededPiece: return "unneeded_piece";
    default: return "unchecked";
  }
}

const char* japanese_name(FindingKind kind) {
  switch (kind) {
    case FindingKind::NoMate: return "不詰";
    case FindingKind::ClaimedLineFails: return "作意不詰";
    case FindingKind::LengthMismatch: return "手数違い";
    case FindingKind::LineDiffers: return "手順相違";
    case FindingKind::Leftover: return "駒余り";
    case FindingKind::Yozume: return "余詰";
    case FindingKind::EarlyMate: return "早詰";
    case FindingKind::FinalAlternative: return "最終手余詰";
    case FindingKind::FinalLonger: return "最終手迂回";
    case FindingKind::DominatedNonPromotion: return "不成";
    case FindingKind::PromotionNonLimiting: return "成生非限定";
    case FindingKind::DropNonLimiting: return "打点非限定";
    case FindingKind::DestinationNonLimiting: return "着手非限定";
    case FindingKind::PieceNonLimiting: return "駒種非限定";
    case FindingKind::Transposition: return "手順前後";
    case FindingKind::Detour: return "迂回";
    case FindingKind::LongerVariation: return "変長";
    case FindingKind::CorrectedLine: return "作意不成立";
    case FindingKind::SameLengthVariation: return "変同";
    case FindingKind::UnneededPiece: return "不要駒";
    default: return "未検証";
  }
}

const char* to_string(Severity s) {
  switch (s) {
    case Severity::None: return "none";
    case Severity::Note: return "note";
    case Severity::Kizu: return "kizu";
    case Severity::KizuDeep: return "kizu_deep";
    case Severity::Unchecked: return "unchecked";
    default: return "unsound";
  }
}

const char* to_string(Convergence::Kind k) {
  switch (k) {
    case Convergence::Kind::Exact: return "exact";
    case Convergence::Kind::Replay: return "replay";
    default: return "none";
  }
}

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Sound: return "sound";
    case Verdict::Flawed: return "flawed";
    case Verdict::Unsound: return "unsound";
    default: return "unknown";
  }
}

Severity worst_severity(const std::vector<Finding>& findings, Profile p) {
  Severity worst = Severity::None;
  for (const Finding& f : findings) worst = std::max(worst, f.severity_in(p));
  return worst;
}

Verdict verdict_of(const std::vector<Finding>& findings, Profile p) {
  switch (worst_severity(findings, p)) {
    case Severity::Unsound: return Verdict::Unsound;
    case Severity::Unchecked: return Verdict::Unknown;
    case Severity::Kizu:
    case Severity::KizuDeep: return Verdict::Flawed;
    default: return Verdict::Sound;
  }
}

}  // namespace kanju
