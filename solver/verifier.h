// The verifier's state while it follows one main line (internal to verify*.cpp). verify.cpp
// drives it; verify_attacker.cpp judges the attacker's alternatives (docs/RULES.md §5.2-5.3),
// verify_defender.cpp the defender's (§5.4).
#pragma once

#include <algorithm>
#include <climits>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "verify.h"
#include "verify_check.h"
#include "way_back.h"

namespace kanju::verify_detail {

class Verifier {
 public:
  // `earlier_solve`: an earlier pass's solve of the root that ended without a proven length,
  // taken as this pass's instead of solving again (verify.cpp, solve_root).
  Verifier(const Position& root, const Claim& claim, ProofTable& table,
           const VerifyOptions& options, const SolveResult* earlier_solve = nullptr)
      : root_(root),
        claim_(claim),
        table_(table),
        options_(options),
        attacker_(root.side_to_move()),
        budget_(options.limits),
        earlier_solve_(earlier_solve) {}

  VerifyResult run();

 private:
  // A search bounded by the per-check cap.
  Check check(uint64_t cap = 0) {
    return Check(budget_, table_, scratch_, options_.futile, attacker_,
                 cap ? cap : options_.check_nodes, helpers_.get());
  }
  SolveResult sub_solve(const Position& pos, uint64_t cap, int threads = 1);
  void add(Finding f);
  void unchecked(int ply, Move m, std::string what, std::string why = "limit reached");
  bool budget_gone(int ply, const char* what);
  int length() const { return int(main_.size()); }

  // verify.cpp
  bool solve_root();
  void choose_main_line();
  void check_leftover();
  void check_unneeded_pieces();
  Tri piece_needed(const Position& reduced, std::string& why);
  Tri follows_main_line(const Position& reduced, std::string& why);
  Tri accepted_alternatives_hold(const Position& reduced, std::string& why);
  void index_main_line();

  // verify_attacker.cpp
  void check_attacker_node(Position& pos, int ply);
  // V(m), the main move's value at an attacker node, computed when first needed: `exact` false
  // when the budget did not allow its proof (len is then the plies the main line has left).
  struct MainValue {
    int len = 0;
    bool exact = true;
    bool known() const { return len != 0; }
  };
  void check_alternative(Position& pos, int ply, Move m, MainValue& main);
  MainValue main_value(Check& c, Position& pos, int ply);
  void judge_alternative(Position& pos, int ply, int main_len, bool line_known, Finding& f);
  void leave_open(Finding& f, const std::string& why) const;
  // The search for an alternative's way back to the main line: positions visited, and the most
  // nodes for each of its questions.
  struct Walk {
    int visits = 0;
    int max_visits = 0;  // the walk's cap on visits (check_alternative)
    uint64_t question_nodes = UINT64_MAX;
  };
  // Whether the alternative comes back to the main line (way_back.h).
  WayBack converges(Check& c, Position& pos, int ply, int value, int alt_plies, Walk& walk,
                    Convergence& found);
  bool exact_meeting(const Position& pos, int alt_plies, Convergence& found) const;
  bool meeting_out_of_reach(const Position& pos, int ply, int value) const;
  bool cannot_meet(Position& pos, int ply, int value, int& budget) const;
  // Positions a walk's probe of cannot_meet may visit (at a check's position, a quarter).
  static constexpr int REACH_PROBE_NODES = 256;
  Tri replays_main_line(Check& c, const Position& pos, int from_ply, uint64_t question_nodes);

  // verify_defender.cpp
  void check_defender_node(Position& pos, int ply);
  Tri claimed_reply_shorter(int ply, int other);

  const Position& root_;
  const Claim& claim_;
  ProofTable& table_;
  const VerifyOptions& options_;
  const Color attacker_;
  Budget budget_;
  const SolveResult* earlier_solve_;
  VerifyResult result_;
  std::vector<Move> main_;
  // Main-line positions: full key -> plies played, and board key -> (plies, attacker hand).
  std::unordered_map<uint64_t, int> main_keys_;
  std::unordered_multimap<uint64_t, std::pair<int, Hand>> main_boards_;
  std::vector<Position> main_nodes_;      // the position before each main-line move (index ply - 1)
  std::vector<Position> main_positions_;  // every main-line position, the mate included
  // Other checks along the main line that mate or are undecided: (ply, move) -> what they are.
  std::map<std::pair<int, uint32_t>, FindingKind> alternatives_;
  // The first defender ply of the main line whose claimed reply is proven mated sooner than
  // another (a 作意不成立 or 変長 there): from there on the claimed line is a shorter variation,
  // in which the attacker is free (docs/RULES.md §5.7). INT_MAX while there is none.
  int shorter_variation_ply_ = INT_MAX;
  bool in_shorter_variation(int ply) const { return ply > shorter_variation_ply_; }
  // The first defender ply before that where the claimed reply may be mated sooner than another,
  // not decided within the budget (another reply unchecked, or longer with the claimed one not
  // proven shorter). After it an attacker's alternative is a finding only if the line is not a
  // shorter variation there, which is not known: one that would weigh on the verdict (a cook, a
  // kizu) is unchecked instead, an 早詰 stays (it is one in a shorter variation too).
  int doubt_ply_ = INT_MAX;
  void doubt_from(int ply) {
    if (ply < shorter_variation_ply_ && ply + 1 < length()) doubt_ply_ = std::min(doubt_ply_, ply);
  }
  bool out_of_budget_reported_ = false;
  // The checks' helpers, one problem on several threads (VerifyOptions::solve_threads).
  std::unique_ptr<HelperThreads> helpers_;
  std::unique_ptr<ProofTable> scratch_table_;  // made when first needed
  ProofTable* borrowed_scratch_ = nullptr;     // a verifier made by another uses the other's
  const std::function<ProofTable&()> scratch_ = [this]() -> ProofTable& {
    if (borrowed_scratch_) return *borrowed_scratch_;
    if (!scratch_table_) scratch_table_ = std::make_unique<ProofTable>(options_.scratch_mb);
    return *scratch_table_;
  };
};

// Pieces in hand as text: "金 歩2".
std::string hand_text(Hand h);

}  // namespace kanju::verify_detail
