#include "solve.h"

#include <algorithm>
#include <climits>
#include <unordered_map>
#include <unordered_set>

#include "mate_length.h"
#include "movegen.h"
#include "usi_move.h"

namespace kanju {

namespace {

// SolveResult::wide_line: the main line with every drop that only adds two plies replaced by
// the defender's as-long reply and that reply's own main line, in which the search goes on
// after the reply. (Taking the last drop first was tried: on the 29 将棋図巧 longer than
// published it gives the published length for 1 problem, this order for 3.)
void follow_wide_futile(const Position& root, ProofTable& table, const SearchLimits& limits,
                        FutilePolicy futile, SolveResult& result) {
  const Color attacker = root.side_to_move();
  std::vector<Move>& line = result.wide_line;
  size_t from = 0;
  for (int round = 0;; ++round) {
    const std::vector<WideFutileDrop> drops =
        wide_futile_drops(root, line, table, limits, futile, from);
    auto first = std::find_if(drops.begin(), drops.end(), [](const WideFutileDrop& d) {
      return d.shortens && d.alternative != MOVE_NONE;
    });
    // The drops before it add nothing either, but take as long as any other reply.
    result.wide_futile.insert(result.wide_futile.end(), drops.begin(), first);
    if (first == drops.end() || round == 64) break;
    result.wide_futile.push_back(*first);
    // The drop is line[p - 1]; its line after the capture has `left` plies, and so does the
    // alternative's, the reply included.
    const size_t p = size_t(first->ply);
    const int left = int(line.size() - (p + 1));
    line.resize(p - 1);
    line.push_back(first->alternative);
    Position pos = root;
    for (Move m : line) pos.do_move(m);
    Dfpn dfpn(table, limits, futile);
    const ExtractedLine tail = extract_main_line(dfpn, table, attacker, pos, left - 1);
    std::vector<Move> full = line;
    full.insert(full.end(), tail.moves.begin(), tail.moves.end());
    if (tail.failed || !check_main_line(root, full, [&](Position& q, Move m) {
                          return dfpn.is_futile(q, attacker, m);
                        }).empty()) {
      line.clear();
      result.wide_futile.clear();
      return;
    }
    line = std::move(full);
    from = p;
  }
  result.wide_length = int(line.size());
}

}  // namespace

const char* to_string(SolveStatus s) {
  switch (s) {
    case SolveStatus::Mate: return "mate";
    case SolveStatus::NoMate: return "no mate";
    default: return "unknown";
  }
}

namespace {

// One solve: its search, and the result filled in as the steps go (see solve()).
class Solver {
 public:
  Solver(const Position& root, ProofTable& table, const SolveOptions& options)
      : root_(root),
        pos_(root),
        attacker_(root.side_to_move()),
        table_(table),
        options_(options),
        dfpn_(table, options.limits, options.futile) {
    dfpn_.set_expect_refutation(options.expect_no_mate);
    if (options.threads > 1)
      helpers_ = std::make_unique<HelperThreads>(table, options.limits, options.futile,
                                                 options.threads - 1);
  }

  SolveResult run() {
    // Step 1. Mate or no mate, at any length.
    const NodeOutcome o =
        helpers_ ? helpers_->prove(dfpn_, pos_, attacker_) : dfpn_.prove(pos_, attacker_);
    result_.prove_seconds = dfpn_.elapsed_seconds();
    dfpn_.set_expect_refutation(false);  // the first question only: the others as without it
    if (o.disproven()) return finish(SolveStatus::NoMate, "");
    if (!o.proven()) return finish(SolveStatus::Unknown, "limit reached before a proof");

    // Step 2. The shortest mate: ask for a mate two plies shorter until there is none.
    enter_phase(&result_.shorten_nodes);
    const MateLength shortest = shortest_mate(dfpn_, pos_, o.hi, result_.prove_nodes,
                                              options_.local_query_nodes, helpers_.get());
    if (!shortest.proven) return not_proven_shortest(shortest.length);

    // Step 3. The main line, checked by replaying it.
    enter_phase(&result_.line_nodes);
    return main_line(shortest.length);
  }

 private:
  // Each phase's nodes are counted from the moment it starts.
  void enter_phase(uint64_t* next) {
    *phase_nodes_ += dfpn_.nodes() - phase_start_;
    phase_start_ = dfpn_.nodes();
    if (next) phase_nodes_ = next;
  }

  SolveResult finish(SolveStatus status, std::string note) {
    result_.status = status;
    result_.note = std::move(note);
    result_.helper_nodes = helpers_ ? helpers_->nodes() : 0;
    result_.nodes = dfpn_.nodes() + result_.helper_nodes;
    result_.expansions = dfpn_.expansions();
    enter_phase(nullptr);
    result_.seconds = dfpn_.elapsed_seconds();
    return result_;
  }

  // Where the caller allows it (unproven_line), a search that ran out of its node or time limit
  // gets a tenth more (1M nodes, 1 s at least) for the work after a proof.
  bool extend() {
    return options_.unproven_line &&
           dfpn_.extend_limits(std::max<uint64_t>(dfpn_.nodes() / 10, 1'000'000),
                               std::max(1.0, dfpn_.elapsed_seconds() / 10));
  }

  // What is wrong with `line` replayed from the root (check_main_line), or empty.
  std::string replay(const std::vector<Move>& line) {
    return check_main_line(root_, line,
                           [&](Position& p, Move m) { return dfpn_.is_futile(p, attacker_, m); });
  }

  // A forced mate of at most `bound` plies walked down the table's proofs (bounded_line), checked
  // like a main line, into result_.line; `bound` falls to the root's proven length. Kept only
  // when the walk is as long as that length: the walk's defender takes the longest reply whose
  // proof the table still holds, and where the proofs of the longer replies are gone it takes a
  // shorter one. Such a line is no mate of its own length (the defender had better), and shown
  // as one it is a false claim: 将棋図巧 at 20 s a problem printed "a mate in 23 plies" for 図巧31
  // (its shortest mate: 31), 29 for 図巧71 (55) and 103 for 図巧100 (611).
  bool walk_proofs(int& bound) {
    dfpn_.set_phase("line", bound);
    result_.line = bounded_line(dfpn_, pos_, bound);
    if (int(result_.line.size()) != bound || !replay(result_.line).empty()) result_.line.clear();
    return !result_.line.empty();
  }

  // Out of budget before the length was proven shortest: print the best mate found, with what
  // the budget left (or, on a node or time limit, a tenth more) to walk down the table's proofs.
  SolveResult not_proven_shortest(int length) {
    enter_phase(&result_.line_nodes);
    if (extend()) walk_proofs(length);
    std::string note = "mate found in " + std::to_string(length) +
                       " plies, limit reached before it was proven shortest";
    result_.upper_bound = length;  // proven, with or without a line to show
    if (!result_.line.empty())
      note +=
          "; the line shown is a mate in " + std::to_string(length) + " plies, not proven shortest";
    return finish(SolveStatus::Unknown, note);
  }

  SolveResult main_line(int length) {
    dfpn_.set_phase("line", length);
    ExtractedLine extracted;
    std::vector<Move> preferred = options_.preferred_line;
    bool preferred_dropped = false;
    for (int attempt = 0;; ++attempt) {
      extracted =
          extract_main_line(dfpn_, table_, attacker_, pos_, length, preferred, helpers_.get());
      // The proof may have used up the limit: where the caller allows (unproven_line), a length
      // proven is worth a tenth more to print its line, as a mate not proven shortest is.
      if (!extracted.failed || attempt > 0 || !extend()) break;
      // A published line's replies that the table does not vouch for each cost a bounded
      // disproof to confirm (将棋図巧100 at 20 s: 21.6M nodes for two replies as good as the
      // table's, and no line). The tenth more follows the table's own proofs instead: a line
      // as well proven, which may leave the published one where it is not confirmed.
      preferred_dropped = !preferred.empty();
      preferred.clear();
    }
    result_.line = std::move(extracted.moves);
    result_.length = length;
    if (extracted.failed) return line_not_extracted(length);
    const std::string problem = replay(result_.line);
    if (!problem.empty()) return finish(SolveStatus::Unknown, "self-check failed: " + problem);
    if (options_.wide_futile) {
      SearchLimits limits = options_.limits;
      limits.max_nodes = std::max<uint64_t>(dfpn_.nodes(), 1'000'000);
      limits.max_seconds = 0;
      limits.progress = nullptr;
      result_.wide_line = result_.line;
      follow_wide_futile(root_, table_, limits, options_.futile, result_);
    }
    std::vector<std::string> notes;
    if (preferred_dropped && result_.line != options_.preferred_line)
      notes.push_back(
          "the published line was not confirmed within the limit; the line shown is "
          "the search's own");
    if (extracted.tie_break_unfinished)
      notes.push_back(
          "the line leaves pieces in hand; the search for an empty-handed defence "
          "(docs/RULES.md 3.3) ran out of budget");
    std::string note;
    for (const std::string& n : notes) note += (note.empty() ? "" : "; ") + n;
    return finish(SolveStatus::Mate, note);
  }

  // Still short of budget after the length was proven (the extraction's bounded disproofs are
  // costly on long mates): show a mate walked down the proofs instead, as for a mate not proven
  // shortest.
  SolveResult line_not_extracted(int length) {
    std::string note =
        "mate in " + std::to_string(length) + " proven, limit reached while extracting the line";
    result_.line.clear();
    // Only a walk as long as the proven length is shown (walk_proofs).
    int bound = length;
    result_.upper_bound = length;  // even proven shortest; with or without a line
    if (extend() && walk_proofs(bound))
      note += "; the line shown is a mate in " + std::to_string(length) +
              " plies walked down the proofs, not the extracted main line";
    return finish(SolveStatus::Unknown, note);
  }

  const Position& root_;
  Position pos_;
  const Color attacker_;
  ProofTable& table_;
  const SolveOptions& options_;
  Dfpn dfpn_;
  std::unique_ptr<HelperThreads> helpers_;  // options_.threads > 1
  SolveResult result_;
  uint64_t* phase_nodes_ = &result_.prove_nodes;
  uint64_t phase_start_ = 0;
};

}  // namespace

SolveResult solve(const Position& root, ProofTable& table, const SolveOptions& options) {
  return Solver(root, table, options).run();
}

}  // namespace kanju
