// Verifying a tsume problem (docs/RULES.md §5): is it mate, in the claimed length, with an empty hand
// at the end, with one solution only, and without pieces it does not need?
//
// verify() first solves the problem (solve.h), then follows one line, the main line: the
// claimed line when one is given and it mates, else the line the solver found. Along it:
//
//   attacker nodes   every other check is proven to mate or not, at any length (余詰). A longer
//                    mate whose best line returns to a position of the main line within a few
//                    plies is a detour (迂回); one as fast, back on the main line, is 手順前後
//                    (余詰), or 非限定 when it is the main move promoting or not. On the final
//                    move other mates in one are allowed (最終手余詰, 非限定), but in a 1-move
//                    problem
//   defender nodes   every other reply: one as long as the main line's and ending with an empty
//                    hand (変化同手数; not in the last two plies), or longer (変長)
//   the board        every piece but a king, moved to the defender's hand: a problem that stays
//                    sound with the same main line does not need it (不要駒). Left out when the
//                    problem cannot be sound whatever is removed (駒余り, a wrong claim).
//
// Every check runs within what is left of the budget, and at most `check_nodes` nodes; a check
// that runs out is reported as unchecked, never as passed. The checks share the caller's table,
// so the solver's proofs answer most of their questions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "claim.h"
#include "finding.h"
#include "position.h"
#include "problem_record.h"
#include "profile.h"
#include "proof_table.h"
#include "solve.h"

namespace kanju {

// The claims of a KIF/KI2/CSA record: its 手数 (or the length of its line) and its line.
Claim claim_of(const ProblemRecord& record);

struct VerifyOptions {
  SearchLimits limits;               // for the whole verification: nodes, seconds, stop, progress
  uint64_t check_nodes = 2'000'000;  // at most this many nodes for one check
  // Checks left undecided are asked again: when a verification ends unknown with budget left,
  // the whole problem is verified once more on the same table with eight times the nodes a
  // check, up to `check_nodes_max` (0: one pass only). The table still holds the earlier
  // passes' results, so what they decided costs little, and easy problems never pay for the
  // hard ones' budget.
  uint64_t check_nodes_max = 0;
  FutilePolicy futile = FutilePolicy::Composer;
  // The profile to judge by; unset: the claim's era, else Profile::Modern.
  std::optional<Profile> profile;
  bool unneeded_pieces = true;  // the 不要駒 check, the costliest
  // Threads for the problem (SolveOptions::threads): they solve it together, then search each
  // check's larger questions together (verify_check.h). Their nodes count in the budget.
  int solve_threads = 1;
  // The final move's other checks: false (the default) asks only for other mates in one (最終手
  // 余詰, a note); true also proves the longer ones, a deep flaw in the modern profile as
  // docs/RULES.md §5.2 step D reads the strictest judges. Off by default: nearly every final
  // position has some check that mates later, and the attacker's duty to mate fastest already
  // excludes it.
  bool strict_final = false;
  // The table of the questions the shared table leaves undecided (verify_check.h, Check::prove),
  // made when first needed and kept for the verification. It counts in the caller's memory cap:
  // give the shared table the rest (verify_scratch_mb).
  size_t scratch_mb = 32;
};

// The part of a memory cap of `hash_mb` that verify's scratch table takes (an eighth, 32 MB at
// most, 1 at least); the shared table gets the rest.
inline size_t verify_scratch_mb(size_t hash_mb) {
  return hash_mb >= 256 ? 32 : hash_mb >= 16 ? hash_mb / 8 : 1;
}

// Findings, severities and verdicts: finding.h.

struct VerifyResult {
  SolveResult solve;                  // the solver's answer: status, proven length, its line
  std::vector<Move> main_line;        // the line the checks followed
  bool main_line_claimed = false;     // main_line is the claimed line
  bool unneeded_checked = false;      // every piece was checked (不要駒)
  Profile profile = Profile::Modern;  // the profile `verdict` is given in
  Verdict verdict = Verdict::Unknown;
  std::vector<Finding> findings;  // in the order found: the whole problem, then by ply
  uint64_t nodes = 0;             // every search, the solve included, of every pass
  int passes = 1;                 // verifications run (VerifyOptions::check_nodes_max)
  uint64_t check_nodes = 0;       // the node limit of one check in the last pass
  double seconds = 0;
  double solve_seconds = 0;  // of which the solve
};

// Verifies `root` (the attacker to move) against `claim`, using and filling `table` (not
// cleared here).
VerifyResult verify(const Position& root, const Claim& claim, ProofTable& table,
                    const VerifyOptions& options);
VerifyResult verify(const ProblemRecord& record, ProofTable& table, const VerifyOptions& options);

// The position before the main line's move `ply` (1-based), where a finding's line starts.
Position position_before(const Position& root, const std::vector<Move>& line, int ply);

}  // namespace kanju
