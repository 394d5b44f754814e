#include "verify.h"

#include <algorithm>

#include "notation.h"
#include "sfen.h"
#include "verifier.h"

namespace kanju {

namespace verify_detail {

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

namespace {

// The severities of docs/RULES.md §5 for the findings whose context changes nothing (the
// attacker's alternatives and the defences are classed where they are found): modern first.
void set_default_severity(Finding& f) {
  using S = Severity;
  switch (f.kind) {
    case FindingKind::UnneededPiece: f.set_severity(S::Kizu, S::Note); break;
    case FindingKind::LineDiffers: f.set_severity(S::Note, S::Note); break;
    case FindingKind::Unchecked: f.set_severity(S::Unchecked, S::Unchecked); break;
    default: f.set_severity(S::Unsound, S::Unsound); break;
  }
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

}  // namespace

void Verifier::add(Finding f) {
  if (f.severity_in(Profile::Modern) == Severity::None &&
      f.severity_in(Profile::Classic) == Severity::None)
    set_default_severity(f);
  result_.findings.push_back(std::move(f));
}

void Verifier::unchecked(int ply, Move m, std::string what, std::string why) {
  Finding f;
  f.kind = FindingKind::Unchecked;
  f.ply = ply;
  f.move = m;
  f.note = std::move(what) + ": " + std::move(why);
  add(std::move(f));
}

// Whether the budget is spent; reported once, as what was left unchecked from `ply` on.
bool Verifier::budget_gone(int ply, const char* what) {
  if (!budget_.exhausted()) return false;
  if (!out_of_budget_reported_) unchecked(ply, MOVE_NONE, what);
  out_of_budget_reported_ = true;
  return true;
}

SolveResult Verifier::sub_solve(const Position& pos, uint64_t cap, int threads) {
  SolveOptions o;
  o.threads = threads;
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

// The main line's positions, for the convergence walks (docs/RULES.md §5.3).
void Verifier::index_main_line() {
  Position pos = root_;
  for (int i = 0; i < length(); ++i) {
    main_nodes_.push_back(pos);
    main_positions_.push_back(pos);
    main_keys_.emplace(pos.key(), i);
    main_boards_.emplace(pos.board_key(), std::pair{i, pos.hand(attacker_)});
    pos.do_move(main_[i]);
  }
  main_positions_.push_back(pos);
  main_keys_.emplace(pos.key(), length());
  main_boards_.emplace(pos.board_key(), std::pair{length(), pos.hand(attacker_)});
}

VerifyResult Verifier::run() {
  result_.profile = options_.profile ? *options_.profile : claim_.profile.value_or(Profile::Modern);
  // Step 1. Mate or not, the proven length, and the line to follow (docs/RULES.md §5.1).
  if (solve_root()) {
    // One problem on several threads: they searched its solve together (solve_root), and now
    // search each larger question of the checks together, on the same table.
    if (options_.solve_threads > 1)
      helpers_ = std::make_unique<HelperThreads>(table_, options_.limits, options_.futile,
                                                 options_.solve_threads - 1);
    check_leftover();
    index_main_line();
    Position pos = root_;

    // Steps 2 and 3, ply by ply: other checks at the attacker's nodes (§5.2), other defences
    // at the defender's (§5.4). In this order a defender node that turns the rest of the line
    // into a shorter variation (§5.7) is known before the attacker nodes after it.
    for (int ply = 1; ply <= length(); ++ply) {
      if (ply % 2 == 0 && ply == length()) break;  // the mated position has no defence
      pos = main_nodes_[ply - 1];
      if (ply % 2)
        check_attacker_node(pos, ply);
      else
        check_defender_node(pos, ply);
    }
    // Step 4. Pieces the problem does not need (§5.5): a flaw of the modern profile only, and
    // the costliest check, so the classic profile leaves it out.
    if (options_.unneeded_pieces && result_.profile == Profile::Modern) check_unneeded_pieces();
  }
  // By ply, the pieces last.
  const auto order = [](const Finding& f) {
    return f.kind == FindingKind::UnneededPiece || f.square != SQ_NONE ? 1 << 20 : f.ply;
  };
  std::stable_sort(result_.findings.begin(), result_.findings.end(),
                   [&](const Finding& a, const Finding& b) { return order(a) < order(b); });
  result_.main_line = main_;
  result_.verdict = verdict_of(result_.findings, result_.profile);
  result_.nodes = budget_.used();
  result_.seconds = budget_.elapsed();
  return result_;
}

// Mate or not, and in how many plies, against the claim; the line to follow. True when there is
// a mating line to follow: the claimed one when it mates (it is the 作意, and the findings are
// placed on it), else the solver's.
bool Verifier::solve_root() {
  // Along a claimed line the checks below decide everything, so the solver, which only adds its
  // own length and line, gets half the budget and leaves the rest to them.
  // A later pass does not solve again what an earlier one left unproven along a claimed line:
  // the solve, with the earlier nodes in the table, would take half of what is left again and
  // still add only a note, while the checks that decide wait for their larger caps (将棋図巧21
  // with the defaults: its solve unproven in the first pass's 1G nodes and again in the second's
  // half of the rest, two passes in all; three when the second does not solve again).
  const uint64_t total = budget_.remaining_nodes();
  if (earlier_solve_) {
    result_.solve = *earlier_solve_;
  } else {
    result_.solve =
        sub_solve(root_, claim_.line.empty() || total == UINT64_MAX ? UINT64_MAX : total / 2,
                  options_.solve_threads);
  }
  result_.solve_seconds = result_.solve.seconds;
  const SolveResult& s = result_.solve;
  if (s.status == SolveStatus::NoMate) {
    Finding f;
    f.kind = FindingKind::NoMate;
    if (claim_.kind == Claim::Kind::NoMate) f.note = "as claimed";
    add(std::move(f));
    return false;
  }
  main_ = s.line;
  choose_main_line();
  if (s.status == SolveStatus::Unknown) {
    // Without a line of its own the problem cannot be judged. Along a claimed line every defence
    // is proven mated by the checks below, so the solver's length is not needed.
    if (!result_.main_line_claimed) {
      unchecked(0, MOVE_NONE, "solving", s.note);
      return false;
    }
    return true;
  }
  if (claim_.kind == Claim::Kind::NoMate ||
      (claim_.kind == Claim::Kind::Length && claim_.length != s.length)) {
    Finding f;
    f.kind = FindingKind::LengthMismatch;
    f.length = s.length;
    f.note = claim_.kind == Claim::Kind::NoMate ? "claimed no mate"
                                                : "claimed " + std::to_string(claim_.length) +
                                                      ", proven " + std::to_string(s.length);
    // Along the claimed line the difference is placed at its ply (早詰, 変長), with the severity
    // the conventions give it there.
    if (result_.main_line_claimed && claim_.kind == Claim::Kind::Length)
      f.set_severity(Severity::Note, Severity::Note);
    add(std::move(f));
  }
  return true;
}

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
  if (found.empty()) return;
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
  f.leaves_pieces = true;
  f.note = "the attacker still holds " + hand_text(left);
  add(std::move(f));
}

// A piece is unneeded when the problem without it is still sound with the same main line. A
// problem whose main line ends with pieces in hand, or whose claim is wrong, stays unsound
// whatever is removed, so the check is left out for it.
void Verifier::check_unneeded_pieces() {
  for (const Finding& f : result_.findings)
    if (f.kind == FindingKind::Leftover || f.kind == FindingKind::ClaimedLineFails ||
        f.kind == FindingKind::NoMate ||
        (f.kind == FindingKind::LengthMismatch &&
         f.severity_in(result_.profile) == Severity::Unsound))
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
    // In a shorter variation the attacker is free (§5.7): no cook there for the piece to stop.
    if (in_shorter_variation(ply)) break;
    for (Move m : MoveList<CHECKS>(nodes[ply / 2])) {
      if (m == main_[ply - 1]) continue;
      const auto it = alternatives_.find({ply, m.raw()});
      // Alternatives the conventions accept (非限定, 手順前後, 迂回, ...) mate with the piece too.
      if (it != alternatives_.end() && it->second != FindingKind::Yozume &&
          it->second != FindingKind::EarlyMate && it->second != FindingKind::Unchecked)
        continue;
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
    if (undecided.empty()) return accepted_alternatives_hold(reduced, why);
    if (budget_.exhausted()) break;
    todo = std::move(undecided);
  }
  return Tri::Unknown;
}

// Whether the alternatives the conventions accept with the piece (非限定, 手順前後, 迂回, ...) are
// still accepted in `reduced`, the problem without it: judged again on its own main line (the same
// moves), one that no longer comes back is a cook the piece prevents, and the piece is needed
// (Tri::Yes). The checks the piece makes no difference to were asked above.
Tri Verifier::accepted_alternatives_hold(const Position& reduced, std::string& why) {
  std::vector<std::pair<int, Move>> accepted;
  for (const auto& [key, kind] : alternatives_) {
    if (kind == FindingKind::Yozume || kind == FindingKind::EarlyMate ||
        kind == FindingKind::Unchecked || kind == FindingKind::FinalAlternative)
      continue;
    accepted.emplace_back(key.first, Move(key.second));
  }
  if (accepted.empty()) return Tri::No;
  Claim claim;
  claim.kind = Claim::Kind::Length;
  claim.length = length();
  claim.line = main_;
  VerifyOptions options = options_;
  options.limits = budget_.for_check(UINT64_MAX);
  options.unneeded_pieces = false;
  Verifier sub(reduced, claim, table_, options);
  sub.borrowed_scratch_ = &scratch_();
  sub.main_ = main_;
  sub.result_.main_line_claimed = true;
  sub.index_main_line();
  Tri needed = Tri::No;
  MainValue main;
  int main_ply = 0;
  for (const auto& [ply, m] : accepted) {
    if (ply != main_ply) main = MainValue{}, main_ply = ply;
    Position pos = sub.main_nodes_[ply - 1];
    if (!MoveList<CHECKS>(pos).contains(m)) continue;
    sub.check_alternative(pos, ply, m, main);
    const auto it = sub.alternatives_.find({ply, m.raw()});
    if (it == sub.alternatives_.end()) continue;  // no mate without the piece
    if (it->second == FindingKind::Yozume || it->second == FindingKind::EarlyMate) {
      needed = Tri::Yes;
      why = "without it " + to_usi(m) + " at ply " + std::to_string(ply) + " is a cook";
      break;
    }
    if (it->second == FindingKind::Unchecked) {
      needed = Tri::Unknown;
      why = "without it, " + to_usi(m) + " at ply " + std::to_string(ply) + " is unchecked";
    }
  }
  budget_.charge(sub.budget_.used());
  return needed;
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

}  // namespace verify_detail

Claim claim_of(const ProblemRecord& record) {
  Claim c;
  if (record.claimed_length > 0) {
    c.kind = Claim::Kind::Length;
    c.length = record.claimed_length;
  }
  c.line = record.claimed_line;
  // The era a record says it belongs to: a 時代 (or "profile") header, in the words of
  // parse_profile.
  for (const char* key : {"時代", "profile"})
    if (const std::string* era = record.header(key); era && !c.profile)
      c.profile = parse_profile(*era);
  return c;
}

Position position_before(const Position& root, const std::vector<Move>& line, int ply) {
  Position pos = root;
  for (int i = 0; i + 1 < ply && i < int(line.size()); ++i) pos.do_move(line[i]);
  return pos;
}

namespace {

// Whether an unknown verification is worth another pass with larger checks (check_nodes_max).
bool worth_another_pass(const VerifyResult& r, const VerifyOptions& pass,
                        const VerifyOptions& options, uint64_t nodes, double seconds) {
  const SearchLimits& l = options.limits;
  return r.verdict == Verdict::Unknown && pass.check_nodes < options.check_nodes_max &&
         nodes < l.max_nodes && (l.max_seconds <= 0 || seconds < l.max_seconds) &&
         !(l.stop && l.stop->load(std::memory_order_relaxed));
}

}  // namespace

VerifyResult verify(const Position& root, const Claim& claim, ProofTable& table,
                    const VerifyOptions& options) {
  VerifyOptions pass = options;
  VerifyResult r = verify_detail::Verifier(root, claim, table, pass).run();
  r.check_nodes = pass.check_nodes;
  uint64_t nodes = r.nodes;
  double seconds = r.seconds;
  // The first pass solved the problem; later ones find its proofs in the table.
  const double solve_seconds = r.solve_seconds;
  while (worth_another_pass(r, pass, options, nodes, seconds)) {
    // The next pass gets what is left of the problem's limits, and its progress reports go on
    // from the earlier passes' nodes.
    pass.check_nodes =
        std::min(options.check_nodes_max,
                 pass.check_nodes > UINT64_MAX / 8 ? UINT64_MAX : pass.check_nodes * 8);
    pass.limits.max_nodes = options.limits.max_nodes - nodes;
    if (options.limits.max_seconds > 0)
      pass.limits.max_seconds = options.limits.max_seconds - seconds;
    if (options.limits.progress)
      pass.limits.progress = verify_detail::counted_from(options.limits.progress, nodes);
    const int passes = r.passes + 1;
    const SolveResult earlier = r.solve;
    const bool reuse = r.main_line_claimed && earlier.status == SolveStatus::Unknown;
    r = verify_detail::Verifier(root, claim, table, pass, reuse ? &earlier : nullptr).run();
    r.passes = passes;
    r.check_nodes = pass.check_nodes;
    nodes += r.nodes;
    seconds += r.seconds;
  }
  r.nodes = nodes;
  r.seconds = seconds;
  r.solve_seconds = solve_seconds;
  return r;
}

VerifyResult verify(const ProblemRecord& record, ProofTable& table, const VerifyOptions& options) {
  return verify(record.position, claim_of(record), table, options);
}

}  // namespace kanju
