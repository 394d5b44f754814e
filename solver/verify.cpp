#include "verify.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>

#include "movegen.h"
#include "notation.h"
#include "sfen.h"
#include "usi_move.h"

namespace kanju {

namespace {

enum class Tri { Yes, No, Unknown };

// Positions a detour search may visit for one alternative: enough for a return within four
// plies in a crowded position, small enough to stay well under a second.
constexpr int DETOUR_VISITS = 50'000;
// The table of the searches that the shared table leaves undecided (see Check::prove).
constexpr size_t SCRATCH_TABLE_MB = 32;
// The first, cheap pass of the 不要駒 search for a new mating check: most are found at once.
constexpr uint64_t QUICK_CHECK_NODES = 20'000;

// What is left of the verification's budget. Each check gets its own search with a share of it,
// and is charged what it used when it ends.
class Budget {
 public:
  explicit Budget(const SearchLimits& total) : total_(total) {}

  // Limits for one search of at most `cap` nodes. Its progress reports count the nodes of the
  // earlier searches too, so that a caller sees one growing total.
  SearchLimits for_check(uint64_t cap) const {
    SearchLimits l;
    l.max_nodes = std::min(cap, total_.max_nodes - std::min(total_.max_nodes, used_));
    if (total_.max_seconds > 0) l.max_seconds = std::max(total_.max_seconds - elapsed(), 1e-3);
    l.stop = total_.stop;
    l.progress_interval = total_.progress_interval;
    if (total_.progress) {
      l.progress = [base = used_, report = total_.progress](const SearchProgress& s) {
        SearchProgress t = s;
        t.nodes += base;
        report(t);
      };
    }
    return l;
  }
  void charge(uint64_t nodes) { used_ += nodes; }
  uint64_t remaining_nodes() const { return total_.max_nodes - std::min(total_.max_nodes, used_); }
  uint64_t used() const { return used_; }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool exhausted() const {
    return used_ >= total_.max_nodes ||
           (total_.max_seconds > 0 && elapsed() >= total_.max_seconds) ||
           (total_.stop && total_.stop->load(std::memory_order_relaxed));
  }

 private:
  SearchLimits total_;
  uint64_t used_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// One bounded search on the shared table, charged to the budget when it goes out of scope.
class Check {
 public:
  Check(Budget& budget, ProofTable& table, const std::function<ProofTable&()>& scratch,
        FutilePolicy futile, Color attacker, uint64_t cap)
      : budget_(budget),
        dfpn_(table, budget.for_check(cap), futile),
        scratch_(scratch),
        futile_(futile),
        attacker_(attacker),
        cap_(cap) {}
  ~Check() { settle(); }
  Check(const Check&) = delete;
  Check& operator=(const Check&) = delete;

  // Mate within max_len? A search can stop undecided with budget left: an infinite proof number
  // that is not a disproof, found in the table (left there by repetitions met on other paths)
  // or reached by saturated sums. The question is then asked again on an empty scratch table,
  // which answers the first kind.
  //
  // Every search is charged at once and limited by what is left of both the check's cap and
  // the whole budget, so that checks made inside others (a line inside a classification)
  // never search past the budget.
  NodeOutcome prove(Position& pos, MateLen max_len = DEPTH_UNLIMITED) {
    dfpn_.set_max_nodes(dfpn_.nodes() + left());
    const NodeOutcome o = dfpn_.prove(pos, attacker_, max_len);
    settle();
    aborted_ = dfpn_.aborted();
    if (o.proven() || o.disproven() || aborted_) return o;
    ProofTable& scratch = scratch_();
    scratch.clear();
    Dfpn fresh(scratch, budget_.for_check(left()), futile_);
    const NodeOutcome again = fresh.prove(pos, attacker_, max_len);
    budget_.charge(fresh.nodes());
    spent_ += fresh.nodes();
    aborted_ = fresh.aborted();
    return again;
  }
  // Why the last question has no answer.
  std::string why_undecided() const {
    return aborted_ ? "limit reached" : "the search stopped undecided (infinite proof number)";
  }

  // Mate within `len` plies of pos (either side to move)?
  Tri mates_within(Position& pos, int len) {
    if (len < 0) return Tri::No;
    const NodeOutcome o = prove(pos, MateLen(len));
    return o.proven() ? Tri::Yes : o.disproven() ? Tri::No : Tri::Unknown;
  }
  bool futile(Position& pos, Move m) { return dfpn_.is_futile(pos, attacker_, m); }

  // The exact mate length of pos, given that it mates within `hi`: asks for two plies less
  // until there is no such mate. `exact` is false when the budget ran out first.
  int shortest(Position& pos, int hi, bool& exact) {
    exact = true;
    while (hi >= 2) {
      const NodeOutcome o = prove(pos, MateLen(hi - 2));
      if (o.disproven()) break;
      if (!o.proven()) {
        exact = false;
        break;
      }
      hi = o.hi;
    }
    return hi;
  }

  // A minimax line of exactly `value` plies from pos (either side to move): the attacker's first
  // check that keeps the value, the defender's first reply that does. False when a limit cut it.
  bool line(Position& pos, int value, std::vector<Move>& out) {
    if (value <= 0) return true;
    const bool attacker_moves = pos.side_to_move() == attacker_;
    std::vector<Move> moves;
    if (attacker_moves) {
      for (Move m : MoveList<CHECKS>(pos)) moves.push_back(m);
    } else {
      for (Move e : MoveList<EVASIONS>(pos))
        if (!futile(pos, e)) moves.push_back(e);
    }
    for (Move m : moves) {
      pos.do_move(m);
      const Tri t = attacker_moves ? mates_within(pos, value - 1) : mates_within(pos, value - 3);
      const bool keeps = attacker_moves ? t == Tri::Yes : t == Tri::No;
      bool ok = t != Tri::Unknown;
      if (keeps) {
        out.push_back(m);
        ok = line(pos, value - 1, out);
      }
      pos.undo_move();
      if (!ok) return false;
      if (keeps) return true;
    }
    return false;
  }

 private:
  Budget& budget_;
  Dfpn dfpn_;
  const std::function<ProofTable&()>& scratch_;
  FutilePolicy futile_;
  Color attacker_;
  uint64_t cap_;
  uint64_t charged_ = 0;  // nodes of dfpn_ already charged to the budget
  uint64_t spent_ = 0;    // nodes of this check, the scratch searches included

  // Charges the budget with the nodes dfpn_ searched since the last time.
  void settle() {
    const uint64_t n = dfpn_.nodes() - charged_;
    budget_.charge(n);
    spent_ += n;
    charged_ = dfpn_.nodes();
  }
  // Nodes this check may still search.
  uint64_t left() const {
    return std::min(cap_ - std::min(cap_, spent_), budget_.remaining_nodes());
  }
  bool aborted_ = false;
};

std::string hand_text(Hand h) {
  std::string text;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
    const int n = h.count(pt);
    if (n == 0) continue;
    if (!text.empty()) text += ' ';
    text += piece_kanji(pt);
    if (n > 1) text += std::to_string(n);
  }
  return text;
}

// The severities of docs/RULES.md §5 for a finding whose context changes nothing: MODERN first,
// CLASSIC second.
void set_default_severity(Finding& f) {
  using S = Severity;
  switch (f.kind) {
    case FindingKind::NoMate:
    case FindingKind::ClaimedLineFails:
    case FindingKind::Leftover:
    case FindingKind::Yozume:
    case FindingKind::EarlyMate: f.set_severity(S::Unsound, S::Unsound); break;
    case FindingKind::LengthMismatch: f.set_severity(S::Unsound, S::Unsound); break;
    case FindingKind::FinalLonger: f.set_severity(S::KizuDeep, S::Note); break;
    case FindingKind::PieceNonLimiting: f.set_severity(S::KizuDeep, S::Kizu); break;
    case FindingKind::PromotionNonLimiting:
    case FindingKind::DropNonLimiting:
    case FindingKind::DestinationNonLimiting:
    case FindingKind::Transposition:
    case FindingKind::Detour:
    case FindingKind::SameLengthVariation:
    case FindingKind::UnneededPiece: f.set_severity(S::Kizu, S::Note); break;
    case FindingKind::LongerVariation:
    case FindingKind::CorrectedLine: f.set_severity(S::Unsound, S::Note); break;
    case FindingKind::Unchecked: f.set_severity(S::Unchecked, S::Unchecked); break;
    default: f.set_severity(S::Note, S::Note); break;
  }
}

// 非限定: the final move's piece mates as well by promoting or not, or on another square.
bool same_piece(Move a, Move b) {
  if (a.is_drop() || b.is_drop())
    return a.is_drop() && b.is_drop() && a.drop_type() == b.drop_type();
  return a.from() == b.from();
}

// The problem with the piece on sq moved to the defender's hand, if that is a legal problem.
Result<Position> without_piece(const Position& root, Square sq) {
  Position p = root;
  const Color defender = ~root.side_to_move();
  const PieceType pt = unpromote(type_of(p.piece_on(sq)));
  p.remove_piece(sq);
  Hand h = p.hand(defender);
  h.add(pt);
  p.set_hand(defender, h);
  p.refresh();
  return parse_sfen(to_sfen(p));
}

// Follows the main line and runs the checks of RULES.md §5 along it.
class Verifier {
 public:
  Verifier(const Position& root, const Claim& claim, ProofTable& table,
           const VerifyOptions& options)
      : root_(root),
        claim_(claim),
        table_(table),
        options_(options),
        attacker_(root.side_to_move()),
        budget_(options.limits) {}

  VerifyResult run();

 private:
  // A search bounded by the per-check cap.
  Check check(uint64_t cap = 0) {
    return Check(budget_, table_, scratch_, options_.futile, attacker_,
                 cap ? cap : options_.check_nodes);
  }
  SolveResult sub_solve(const Position& pos, uint64_t cap);
  void add(Finding f) {
    if (f.severity_in(Profile::Modern) == Severity::None &&
        f.severity_in(Profile::Classic) == Severity::None)
      set_default_severity(f);
    result_.findings.push_back(std::move(f));
  }
  void unchecked(int ply, Move m, std::string what, std::string why = "limit reached") {
    Finding f;
    f.kind = FindingKind::Unchecked;
    f.ply = ply;
    f.move = m;
    f.note = std::move(what) + ": " + std::move(why);
    add(std::move(f));
  }
  int length() const { return int(main_.size()); }

  bool solve_root();
  void choose_main_line();
  void check_leftover();
  void check_attacker_node(Position& pos, int ply);
  void classify_alternative(Check& c, Position& pos, int ply, Finding& f);
  bool forced_return(Check& c, Position& pos, int plies, int value, int& visits, int& back_to);
  void check_defender_node(Position& pos, int ply);
  void check_unneeded_pieces();
  Tri piece_needed(const Position& reduced, std::string& why);
  Tri follows_main_line(const Position& reduced, std::string& why);

  const Position& root_;
  const Claim& claim_;
  ProofTable& table_;
  const VerifyOptions& options_;
  const Color attacker_;
  Budget budget_;
  VerifyResult result_;
  std::vector<Move> main_;
  std::unordered_map<uint64_t, int> main_keys_;  // main-line positions: key -> plies played
  // Other checks along the main line that mate or are undecided: (ply, move) -> what they are.
  std::map<std::pair<int, uint32_t>, FindingKind> alternatives_;
  bool out_of_budget_reported_ = false;
  std::unique_ptr<ProofTable> scratch_table_;  // made when first needed
  const std::function<ProofTable&()> scratch_ = [this]() -> ProofTable& {
    if (!scratch_table_) scratch_table_ = std::make_unique<ProofTable>(SCRATCH_TABLE_MB);
    return *scratch_table_;
  };
};

SolveResult Verifier::sub_solve(const Position& pos, uint64_t cap) {
  SolveOptions o;
  o.limits = budget_.for_check(cap);
  o.futile = options_.futile;
  // Among equally long defences the main line takes the one the table vouches for first, and
  // the findings are reported along that line: the plain shortening keeps verify's lines (and
  // its budgets) as they were measured.
  o.local_query_nodes = 0;
  SolveResult r = solve(pos, table_, o);
  budget_.charge(r.nodes);
  return r;
}

VerifyResult Verifier::run() {
  if (solve_root()) {
    // Step 2. The line to follow, and what its end holds.
    choose_main_line();
    check_leftover();
    Position pos = root_;
    for (int i = 0; i < length(); ++i) {
      main_keys_.emplace(pos.key(), i);
      pos.do_move(main_[i]);
    }
    main_keys_.emplace(pos.key(), length());

    // Step 3. Other mating checks at the attacker's nodes (余詰, 迂回, 最終手余詰).
    pos = root_;
    for (int ply = 1; ply <= length(); ply += 2) {
      check_attacker_node(pos, ply);
      pos.do_move(main_[ply - 1]);
      if (ply < length()) pos.do_move(main_[ply]);
    }

    // Step 4. Other defences at the defender's nodes (変化同手数 but in the last two plies,
    // 変長).
    pos = root_;
    if (length() > 1) pos.do_move(main_[0]);
    for (int ply = 2; ply < length(); ply += 2) {
      check_defender_node(pos, ply);
      pos.do_move(main_[ply - 1]);
      pos.do_move(main_[ply]);
    }

    // Step 5. Pieces the problem does not need (不要駒).
    if (options_.unneeded_pieces) check_unneeded_pieces();
  }
  // By ply, the pieces last.
  const auto order = [](const Finding& f) {
    return f.square != SQ_NONE || f.note.starts_with("不要駒") ? 1 << 20 : f.ply;
  };
  std::stable_sort(result_.findings.begin(), result_.findings.end(),
                   [&](const Finding& a, const Finding& b) { return order(a) < order(b); });
  result_.main_line = main_;
  result_.profile = options_.profile ? *options_.profile : claim_.profile.value_or(Profile::Modern);
  result_.verdict = verdict_of(result_.findings, result_.profile);
  result_.nodes = budget_.used();
  result_.seconds = budget_.elapsed();
  return result_;
}

// Step 1. Mate or not, and in how many plies, against the claim. True when it is mate.
bool Verifier::solve_root() {
  result_.solve = sub_solve(root_, UINT64_MAX);
  result_.solve_seconds = result_.solve.seconds;
  const SolveResult& s = result_.solve;
  Finding f;
  if (s.status == SolveStatus::NoMate) {
    f.kind = FindingKind::NoMate;
    if (claim_.kind == Claim::Kind::NoMate) f.note = "as claimed";
    add(std::move(f));
    return false;
  }
  if (s.status == SolveStatus::Unknown) {
    unchecked(0, MOVE_NONE, "solving", s.note);
    return false;
  }
  if (claim_.kind == Claim::Kind::NoMate ||
      (claim_.kind == Claim::Kind::Length && claim_.length != s.length)) {
    f.kind = FindingKind::LengthMismatch;
    f.length = s.length;
    f.note = claim_.kind == Claim::Kind::NoMate ? "claimed no mate"
                                                : "claimed " + std::to_string(claim_.length) +
                                                      ", proven " + std::to_string(s.length);
    add(std::move(f));
  }
  main_ = s.line;
  return true;
}

// The claimed line when it mates (so that the checks concern the author's solution), else the
// solver's; how the two differ is reported either way.
void Verifier::choose_main_line() {
  const std::vector<Move>& claimed = claim_.line;
  if (claimed.empty()) return;
  Check c = check();
  const std::string problem =
      check_main_line(root_, claimed, [&](Position& p, Move m) { return c.futile(p, m); });
  if (problem.empty()) {
    main_ = claimed;
    result_.main_line_claimed = true;
  } else {
    Finding f;
    f.kind = FindingKind::ClaimedLineFails;
    f.note = problem;
    add(std::move(f));
  }
  const std::vector<Move>& found = result_.solve.line;
  size_t same = 0;
  while (same < claimed.size() && same < found.size() && claimed[same] == found[same]) ++same;
  if (same == claimed.size() && same == found.size()) return;
  Finding f;
  f.kind = FindingKind::LineDiffers;
  f.ply = int(same) + 1;
  f.move = same < claimed.size() ? claimed[same] : MOVE_NONE;
  f.main_move = same < found.size() ? found[same] : MOVE_NONE;
  f.line.assign(found.begin() + std::min(same, found.size()), found.end());
  f.length = int(f.line.size());
  f.note = "the claimed line (" + std::to_string(claimed.size()) + " plies) and the found one (" +
           std::to_string(found.size()) + ") agree on " + std::to_string(same) + " plies";
  add(std::move(f));
}

// 駒余り: the attacker holds pieces when the main line ends.
void Verifier::check_leftover() {
  Position pos = root_;
  for (Move m : main_) pos.do_move(m);
  const Hand left = pos.hand(attacker_);
  if (left.empty()) return;
  Finding f;
  f.kind = FindingKind::Leftover;
  f.ply = length();
  f.note = "the attacker still holds " + hand_text(left);
  add(std::move(f));
}

// Every check but the main line's, at the node before the main line's move `ply`.
void Verifier::check_attacker_node(Position& pos, int ply) {
  const Move main_move = main_[ply - 1];
  const bool final_move = ply == length() && length() > 1;
  for (Move m : MoveList<CHECKS>(pos)) {
    if (m == main_move) continue;
    if (budget_.exhausted()) {
      if (!out_of_budget_reported_) unchecked(ply, MOVE_NONE, "余詰 and the checks after it");
      out_of_budget_reported_ = true;
      alternatives_.emplace(std::pair{ply, m.raw()}, FindingKind::Unchecked);
      continue;
    }
    Check c = check();
    pos.do_move(m);
    // On the final move only other mates in one matter (最終手余詰, 非限定); elsewhere any mate.
    const NodeOutcome o = c.prove(pos, final_move ? MateLen(0) : DEPTH_UNLIMITED);
    if (!o.disproven()) alternatives_.emplace(std::pair{ply, m.raw()}, FindingKind::Unchecked);
    if (o.proven()) {
      Finding f;
      f.ply = ply;
      f.move = m;
      f.main_move = main_move;
      const int reply_len = c.shortest(pos, o.hi, f.exact);
      f.length = reply_len + 1;
      f.line.push_back(m);
      if (f.exact && !c.line(pos, reply_len, f.line)) f.line.resize(1);
      classify_alternative(c, pos, ply, f);
      alternatives_[{ply, m.raw()}] = f.kind;
      add(std::move(f));
    } else if (!o.disproven()) {
      unchecked(ply, m, "余詰", c.why_undecided());
    }
    pos.undo_move();
  }
}

// What a mating alternative is (pos: after it): allowed on the final move (but in a 1-move
// problem), a detour when it only comes back to the main line, else 余詰.
void Verifier::classify_alternative(Check& c, Position& pos, int ply, Finding& f) {
  if (ply == length()) {
    const bool non_limiting = same_piece(f.move, f.main_move);
    if (length() > 1) {
      f.kind = non_limiting ? FindingKind::PromotionNonLimiting : FindingKind::FinalAlternative;
      return;
    }
    f.kind = FindingKind::Yozume;
    f.note = non_limiting && f.length == 1 ? "non-limiting, but a 1-move problem has no final-move "
                                             "exception"
                                           : "a 1-move problem has no final-move exception";
    return;
  }
  // A detour is longer than the main line from here and comes back to it on its fastest mate.
  int visits = 0, back_to = -1;
  const bool returns =
      f.exact && forced_return(c, pos, options_.detour_plies, f.length - 1, visits, back_to);
  const int main_left = length() - ply + 1;
  if (returns && f.length > main_left) {
    f.kind = FindingKind::Detour;
    f.note = "returns to the main line's position after ply " + std::to_string(back_to);
    return;
  }
  // As fast as the main line and back on it: the same move promoting or not (the piece taken at
  // once, say) is 非限定; another order of moves is 手順前後, a kind of 余詰.
  const bool promotion_only = returns && !f.move.is_drop() && !f.main_move.is_drop() &&
                              f.move.from() == f.main_move.from() &&
                              f.move.to() == f.main_move.to();
  f.kind = promotion_only ? FindingKind::PromotionNonLimiting : FindingKind::Yozume;
  if (returns)
    f.note = (promotion_only ? "promoting or not, the lines meet after ply "
                             : "another order (手順前後) that reaches the main line after ply ") +
             std::to_string(back_to);
}

// Whether the alternative's fastest mate comes back to a position of the main line within
// `plies` plies from pos, whatever the defender replies: pos mates in exactly `value` plies,
// the attacker keeps to checks that keep the value, and defender replies mated sooner than the
// best one do not count (the defender would not choose them).
bool Verifier::forced_return(Check& c, Position& pos, int plies, int value, int& visits,
                             int& back_to) {
  if (auto it = main_keys_.find(pos.key()); it != main_keys_.end()) {
    back_to = it->second;
    return true;
  }
  if (plies == 0 || value <= 0 || ++visits > DETOUR_VISITS) return false;
  if (pos.side_to_move() == attacker_) {
    for (Move m : MoveList<CHECKS>(pos)) {
      pos.do_move(m);
      const bool r = c.mates_within(pos, value - 1) == Tri::Yes &&
                     forced_return(c, pos, plies - 1, value - 1, visits, back_to);
      pos.undo_move();
      if (r) return true;
    }
    return false;
  }
  bool any = false;
  for (Move e : MoveList<EVASIONS>(pos)) {
    if (c.futile(pos, e)) continue;
    pos.do_move(e);
    const bool inferior = c.mates_within(pos, value - 3) == Tri::Yes;
    const bool r = inferior || forced_return(c, pos, plies - 1, value - 1, visits, back_to);
    pos.undo_move();
    if (!r) return false;
    any |= !inferior;
  }
  return any;
}

// Every defence but the main line's, at the node before the main line's move `ply`.
void Verifier::check_defender_node(Position& pos, int ply) {
  const Move main_move = main_[ply - 1];
  const int after = length() - ply;  // the main line's plies after the defender's move
  for (Move e : MoveList<EVASIONS>(pos)) {
    if (e == main_move) continue;
    if (budget_.exhausted()) {
      if (!out_of_budget_reported_) unchecked(ply, MOVE_NONE, "variations");
      out_of_budget_reported_ = true;
      return;
    }
    // Shorter defences are ordinary variations; in the last two plies, so are equal ones.
    Tri answered;
    std::string why;
    {
      Check c = check();
      if (c.futile(pos, e)) continue;
      pos.do_move(e);
      answered = c.mates_within(pos, after - 2);
      if (answered == Tri::No && ply + 1 == length()) answered = c.mates_within(pos, after);
      why = c.why_undecided();
    }
    if (answered == Tri::Yes) {
      pos.undo_move();
      continue;
    }
    const SolveResult r =
        answered == Tri::No ? sub_solve(pos, options_.check_nodes) : SolveResult{};
    Finding f;
    f.ply = ply;
    f.move = e;
    f.main_move = main_move;
    if (r.status == SolveStatus::Mate) {
      Position end = pos;
      for (Move m : r.line) end.do_move(m);
      f.length = r.length + 1;
      f.line.push_back(e);
      f.line.insert(f.line.end(), r.line.begin(), r.line.end());
      if (r.length > after) {
        f.kind = FindingKind::LongerVariation;
        f.note = std::to_string(f.length) + " plies against the main line's " +
                 std::to_string(after + 1);
        add(std::move(f));
      } else if (r.length == after && end.hand(attacker_).empty()) {
        f.kind = FindingKind::SameLengthVariation;
        add(std::move(f));
      }
    } else if (r.status == SolveStatus::NoMate) {
      f.kind = FindingKind::ClaimedLineFails;
      f.note = "this defence escapes: no mate after it";
      add(std::move(f));
    } else {
      unchecked(ply, e, "variation", answered == Tri::Unknown ? why : r.note);
    }
    pos.undo_move();
  }
}

// A piece is unneeded when the problem without it is still sound with the same main line. A
// problem whose main line ends with pieces in hand, or whose claim is wrong, stays unsound
// whatever is removed, so the check is left out for it.
void Verifier::check_unneeded_pieces() {
  for (const Finding& f : result_.findings)
    if (f.kind == FindingKind::Leftover || f.kind == FindingKind::LengthMismatch ||
        f.kind == FindingKind::ClaimedLineFails)
      return;
  result_.unneeded_checked = true;
  for (Square sq = 0; sq < SQ_NB; ++sq) {
    const Piece pc = root_.piece_on(sq);
    if (pc == NO_PIECE || type_of(pc) == KING) continue;
    const Result<Position> reduced = without_piece(root_, sq);
    if (!reduced) continue;  // not a legal problem without it (e.g. the defender in check)
    if (budget_.exhausted()) {
      if (!out_of_budget_reported_) unchecked(0, MOVE_NONE, "不要駒");
      out_of_budget_reported_ = true;
      result_.unneeded_checked = false;
      return;
    }
    std::string why;
    const Tri needed = piece_needed(*reduced, why);
    if (needed == Tri::Yes) continue;
    Finding f;
    f.kind = needed == Tri::No ? FindingKind::UnneededPiece : FindingKind::Unchecked;
    f.square = sq;
    f.piece = pc;
    if (needed == Tri::Unknown) f.note = "不要駒 " + square_name(sq) + ": " + why;
    add(std::move(f));
  }
}

// Whether the problem without a piece (`reduced`) is no longer sound with the main line: it lost
// the line or its length, or another check mates along it (but on the final move, and but the
// detours the problem already has). The checks that mate with the piece are tried first: most
// still do without it.
Tri Verifier::piece_needed(const Position& reduced, std::string& why) {
  const SolveResult r = sub_solve(reduced, options_.check_nodes);
  why = r.note;
  if (r.status == SolveStatus::Unknown) return Tri::Unknown;
  if (r.status == SolveStatus::NoMate || r.length != length()) return Tri::Yes;
  if (r.line != main_) {
    const Tri same = follows_main_line(reduced, why);
    if (same != Tri::Yes) return same == Tri::No ? Tri::Yes : Tri::Unknown;
  }
  std::vector<Position> nodes;  // before each attacker move of the main line
  Position pos = reduced;
  for (int ply = 1; ply <= length(); ++ply) {
    if (ply % 2) nodes.push_back(pos);
    pos.do_move(main_[ply - 1]);
  }
  std::vector<std::pair<int, Move>> todo, others;
  const int last = length() == 1 ? 1 : length() - 2;
  for (int ply = 1; ply <= last; ply += 2) {
    for (Move m : MoveList<CHECKS>(nodes[ply / 2])) {
      if (m == main_[ply - 1]) continue;
      const auto it = alternatives_.find({ply, m.raw()});
      if (it != alternatives_.end() && it->second == FindingKind::Detour) continue;
      (it != alternatives_.end() ? todo : others).emplace_back(ply, m);
    }
  }
  todo.insert(todo.end(), others.begin(), others.end());
  // A quick pass decides most; a full one the rest.
  for (uint64_t cap : {QUICK_CHECK_NODES, options_.check_nodes}) {
    std::vector<std::pair<int, Move>> undecided;
    for (const auto& [ply, m] : todo) {
      Check c = check(cap);
      Position& node = nodes[ply / 2];
      node.do_move(m);
      const NodeOutcome o = c.prove(node);
      node.undo_move();
      if (o.proven()) return Tri::Yes;
      if (!o.disproven()) undecided.emplace_back(ply, m), why = c.why_undecided();
    }
    if (undecided.empty()) return Tri::No;
    if (budget_.exhausted()) break;
    todo = std::move(undecided);
  }
  return Tri::Unknown;
}

// Whether the main line is a minimax line of `reduced`, whose length is the main line's: each
// attacker move mates within what is left, each defender move is a longest defence.
Tri Verifier::follows_main_line(const Position& reduced, std::string& why) {
  Check c = check();
  Position pos = reduced;
  int left = length();
  for (Move m : main_) {
    if (!MoveList<LEGAL>(pos).contains(m)) return Tri::No;
    const bool attacker_moves = pos.side_to_move() == attacker_;
    pos.do_move(m);
    --left;
    const Tri t = attacker_moves ? c.mates_within(pos, left) : c.mates_within(pos, left - 2);
    if (t == Tri::Unknown) {
      why = c.why_undecided();
      return Tri::Unknown;
    }
    if ((t == Tri::Yes) != attacker_moves) return Tri::No;
  }
  return Tri::Yes;
}

}  // namespace

Claim claim_of(const ProblemRecord& record) {
  Claim c;
  if (record.claimed_length > 0) {
    c.kind = Claim::Kind::Length;
    c.length = record.claimed_length;
  }
  c.line = record.claimed_line;
  return c;
}

Position position_before(const Position& root, const std::vector<Move>& line, int ply) {
  Position pos = root;
  for (int i = 0; i + 1 < ply && i < int(line.size()); ++i) pos.do_move(line[i]);
  return pos;
}

VerifyResult verify(const Position& root, const Claim& claim, ProofTable& table,
                    const VerifyOptions& options) {
  return Verifier(root, claim, table, options).run();
}

VerifyResult verify(const ProblemRecord& record, ProofTable& table, const VerifyOptions& options) {
  return verify(record.position, claim_of(record), table, options);
}

}  // namespace kanju
