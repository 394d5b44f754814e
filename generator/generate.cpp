#include "generator/generate.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include "generator/dedupe.h"
#include "generator/family.h"
#include "generator/mutation.h"
#include "generator/rng.h"
#include "generator/screen.h"
#include "solver/proof_table.h"
#include "solver/sfen.h"
#include "solver/solve.h"
#include "solver/text.h"
#include "solver/usi_move.h"
#include "solver/verify.h"

namespace kanju {

namespace {

using Clock = std::chrono::steady_clock;

// A verified problem outweighs one ply and a half of an unverified one: the climb moves to a
// longer unverified mate, which may become sound, but not to a shorter one.
constexpr double SOUND_BONUS = 30;
// A family already reported (family.h) costs its new members this much, up to three times: the
// climbs go after other endings (a third of a ply each, so length still comes first).
constexpr double FAMILY_PENALTY = 7;
// Pieces left in hand at the end: never sound, but a step away from it.
constexpr double LEFTOVER_PENALTY = 15;
// The annealing temperature at the start of a climb, falling linearly to 0 at its end.
constexpr double START_TEMPERATURE = 8;
constexpr int MAX_PRUNES = 8;
// The screen for other mating checks (screen.h): at most this many nodes in all, and per check.
constexpr uint64_t QUICK_VERIFY_NODES = 400'000, QUICK_CHECK_NODES = 20'000;
// The ladder's screen of a backward step's first move (cooked_first_move), per check and in all.
constexpr uint64_t FIRST_MOVE_NODES = 2'000, FIRST_MOVE_TOTAL = 100'000;
// --ladder: backward steps of a rung per climb, and seeds screened per climb (ladder_plan).
constexpr size_t LADDER_CHUNK = 8, LADDER_SEEDS = 4;
// --ladder: the walls of this many backward steps per climb (a step has up to two hundred).
constexpr size_t LADDER_WALL_CHUNK = 1;
constexpr double SIBLING_PENALTY = 1.5;
// --ladder: a backward step with no mate found within this part of its screening budget is
// dropped. The solve of a sound problem goes mostly to proving its length (25-ply rungs of a
// ladder run: their first mate within 25k-130k nodes, of 0.6-1.2M), and a step that finds none
// within the part mostly has no mate at all.
constexpr uint64_t LADDER_FIRST_LOOK = 8;
// Proposals drawn per proposal solved, at most: most failed draws cost nothing.
constexpr int DRAWS_PER_STEP = 20;

// A proposal that mates, with what the search knows of it.
struct Candidate {
  Layout layout;
  Position position;
  std::vector<Move> line;
  Features features;
  bool empty_hand = false;
  bool sound = false;
  double score = 0;
  const char* origin = "random";
};

struct Found {
  Candidate candidate;
  uint64_t batch = 0, index = 0;
  double seconds = 0;
};

// What a climb did, for the run's statistics.
struct ClimbCounts {
  uint64_t tried = 0, mates = 0, verified = 0, solve_nodes = 0, verify_nodes = 0;
};

// What a climb hands back: the sound problems it found, and the positions it verified in vain,
// which later climbs need not verify again.
struct ClimbResult {
  std::vector<Found> found;
  std::set<std::string> verified;
  ClimbCounts counts;
};

// A climb's result as text for another process (Generation), one record a line, fields split by
// tabs: "F batch index seconds origin sfen usi-line", "V key", "C tried mates verified
// solve-nodes verify-nodes". A found problem's layout and features are recomputed from its
// position and line, exactly as they were made.
std::string to_text(const ClimbResult& r) {
  std::string text;
  for (const Found& f : r.found) {
    std::vector<std::string> fields = {"F",
                                       std::to_string(f.batch),
                                       std::to_string(f.index),
                                       std::to_string(f.seconds),
                                       f.candidate.origin,
                                       to_sfen(f.candidate.position)};
    std::string usi;
    for (Move m : f.candidate.line) {
      if (!usi.empty()) usi += ' ';
      usi += to_usi(m);
    }
    fields.push_back(usi);
    for (const std::string& field : fields)
      text += field + (&field == &fields.back() ? "\n" : "\t");
  }
  for (const std::string& key : r.verified) text += "V\t" + key + "\n";
  const ClimbCounts& c = r.counts;
  text += "C\t" + std::to_string(c.tried) + "\t" + std::to_string(c.mates) + "\t" +
          std::to_string(c.verified) + "\t" + std::to_string(c.solve_nodes) + "\t" +
          std::to_string(c.verify_nodes) + "\n";
  return text;
}

// The origins a candidate can have: to_text writes one, and a pointer to the same literal comes
// back.
const char* origin_named(const std::string& name) {
  for (const char* o : {"random", "seed", "mutation", "backward"})
    if (name == o) return o;
  return "random";
}

Result<ClimbResult> climb_from_text(const std::string& text) {
  ClimbResult r;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::vector<std::string> f = split_tabs(text.substr(start, end - start));
    if (f[0] == "V" && f.size() == 2) {
      r.verified.insert(f[1]);
    } else if (f[0] == "C" && f.size() == 6) {
      r.counts = {std::stoull(f[1]), std::stoull(f[2]), std::stoull(f[3]), std::stoull(f[4]),
                  std::stoull(f[5])};
    } else if (f[0] == "F" && f.size() == 7) {
      Found found{{}, std::stoull(f[1]), std::stoull(f[2]), std::stod(f[3])};
      Candidate& c = found.candidate;
      Result<Position> pos = parse_sfen(f[5]);
      if (!pos) return Error{"a climb's problem: " + pos.error()};
      Result<std::vector<Move>> line = parse_usi_line(*pos, f[6]);
      if (!line) return Error{"a climb's line: " + line.error()};
      Result<Layout> layout = layout_of(*pos);
      if (!layout) return Error{"a climb's problem: " + layout.error()};
      c.position = std::move(*pos);
      c.line = std::move(*line);
      c.layout = *layout;
      c.origin = origin_named(f[4]);
      c.sound = true;  // only verified problems are found
      r.found.push_back(std::move(found));
    } else {
      return Error{"a climb's result has a line that does not read: " + text.substr(start, 40)};
    }
  }
  return r;
}

// What a generated problem may not have (issue 20): any finding a modern judge reports, even as
// a note, but another mate or a longer one on the final move (which composers leave alone).
bool blemish(const Finding& f) {
  return f.severity_in(Profile::Modern) >= Severity::Note && f.kind != FindingKind::UnneededPiece &&
         f.kind != FindingKind::FinalAlternative && f.kind != FindingKind::FinalLonger;
}

bool publishable(const VerifyResult& r) {
  return std::none_of(r.findings.begin(), r.findings.end(), blemish);
}

bool ends_empty_handed(const Position& root, const std::vector<Move>& line) {
  Position pos = root;
  for (Move m : line) pos.do_move(m);
  return pos.hand(root.side_to_move()).empty();
}

}  // namespace

// What one generate() call shares between its threads: the options, the stop flag, the
// counters, and the archive (read-only while a batch runs).
class GenerationRun {
 public:
  GenerationRun(const GenerateOptions& options,
                const std::function<void(const GenerateStats&)>& progress)
      : options_(options), progress_(progress) {
    limits_.max_pieces = options.max_pieces;
    for (const Position& p : options.seeds)
      if (Result<Layout> l = layout_of(p)) seeds_.push_back(*l);
  }

  GenerateStats run(const std::function<void(const GeneratedProblem&)>& found);

  // The pieces of run() that Generation hands to other processes.
  int batch_size() const {
    return options_.batch > 0 ? options_.batch : 4 * std::max(1, options_.threads);
  }
  std::string climb_text(uint64_t batch, uint64_t index, ProofTable& table) {
    return to_text(climb(batch, index, table));
  }
  void merge_texts(const std::vector<std::string>& texts,
                   const std::function<void(const GeneratedProblem&)>& sink);
  bool finished() const { return found_ >= options_.count || stopped(); }
  std::atomic<bool>* stop_flag() { return &stop_; }
  GenerateStats current_stats() const { return stats(); }
  void start_watch();
  void end_watch();

 private:
  // A climb's part of the ladder: seeds [begin, end), or of a rung's `steps` backward steps,
  // indices [begin, end) below `steps` for the steps, `steps` and above for the walls of step
  // index - steps (try_walls).
  struct LadderJob {
    bool seeds = false;
    size_t rung = 0;  // archive_ index
    size_t begin = 0, end = 0, steps = 0;
  };
  // --ladder: what climb `index` of the next batch does (ladder_plan), the climb itself, and the
  // cursors moved on once the batch is merged.
  std::vector<LadderJob> ladder_plan() const;
  // `plan`: the batch's ladder_plan() when the caller has it (run()), else it is made here.
  ClimbResult climb(uint64_t batch, uint64_t index, ProofTable& table,
                    const std::vector<LadderJob>* plan = nullptr);
  ClimbResult ladder_climb(const LadderJob& job, uint64_t batch, uint64_t index, ProofTable& table);
  void try_walls(const Candidate& rung, const BackwardStep& step, ProofTable& table,
                 ClimbResult& result, uint64_t batch, uint64_t index);
  void advance_ladder(const std::vector<LadderJob>& plan);
  Candidate start(Rng& rng, ProofTable& table, ClimbResult& result, uint64_t batch, uint64_t index,
                  bool& ok);
  // Solves a proposal within the screening budget; with `first_look`, gives up when no mate is
  // found within that many nodes.
  std::optional<Candidate> screen(const Layout& layout, ProofTable& table, const char* origin,
                                  int near_length, ClimbCounts& counts, uint64_t first_look = 0);
  void consider(Candidate& c, ProofTable& table, ClimbResult& result, uint64_t batch,
                uint64_t index);
  bool verify_and_prune(Candidate& c, ProofTable& table, ClimbCounts& counts);
  bool quickly_refuted(const Candidate& c, ProofTable& table, ClimbCounts& counts);
  bool cooked_first_move(const Layout& layout, const std::vector<Move>& played, ProofTable& table,
                         ClimbCounts& counts);
  // The screening budget for proposals near a problem of `length` plies: longer problems need
  // more, and most proposals that do not mate would spend the whole of it.
  uint64_t solve_budget(int length) const {
    return std::min<uint64_t>(options_.solve_nodes, 5'000 * (1 + uint64_t(length * length) / 2));
  }
  void rescore(Candidate& c) const {
    c.features = features_of(c.position, c.line);
    c.empty_hand = ends_empty_handed(c.position, c.line);
    c.score = objective(c.features, options_.min_length, options_.max_length) +
              (c.sound ? SOUND_BONUS : 0) - (c.empty_hand ? 0 : LEFTOVER_PENALTY) -
              FAMILY_PENALTY * std::min(3, family_size(c));
  }
  // Problems of the candidate's family reported or withheld so far (read-only while climbs run).
  int family_size(const Candidate& c) const {
    if (families_.empty()) return 0;
    auto it = families_.find(family_key(c.position, c.line));
    return it == families_.end() ? 0 : it->second;
  }
  bool worth_verifying(const Candidate& c) const {
    // The ladder verifies every rung: the next extension builds on a sound problem only.
    const int shortest = options_.ladder ? 3 : std::max(1, options_.min_length - 4);
    return c.empty_hand && c.features.length <= options_.max_length &&
           c.features.length >= shortest;
  }
  const Candidate& pick_archived(Rng& rng) const;
  const Candidate& pick_longest(Rng& rng) const;
  void merge(ClimbResult& result, const std::function<void(const GeneratedProblem&)>& sink);
  void report() {
    if (!progress_) return;
    std::lock_guard lock(progress_mutex_);
    GenerateStats s = stats();
    progress_(s);
  }
  GenerateStats stats() const {
    GenerateStats s;
    s.tried = tried_.load();
    s.mates = mates_.load();
    s.verified = verified_.load();
    s.solve_nodes = solve_nodes_.load();
    s.verify_nodes = verify_nodes_.load();
    s.archived = archive_.size();
    s.families = families_.size();
    s.found = found_;
    s.longest = longest_;
    s.batches = batches_;
    s.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    return s;
  }
  bool stopped() const { return stop_.load(std::memory_order_relaxed); }
  void watch_clock(std::mutex& m, std::condition_variable& cv, const bool& done);

  const GenerateOptions& options_;
  const std::function<void(const GenerateStats&)>& progress_;
  ProposalLimits limits_;
  std::vector<Layout> seeds_;
  std::atomic<bool> stop_ = false;
  std::atomic<uint64_t> tried_ = 0, mates_ = 0, verified_ = 0;
  std::atomic<uint64_t> solve_nodes_ = 0, verify_nodes_ = 0;
  std::mutex progress_mutex_;
  // Written only between batches, by the calling thread.
  std::vector<Candidate> archive_;  // every distinct sound problem found, in the order found
  std::vector<std::string> archive_families_;  // family_key() of each
  std::vector<std::string> archive_keys_;      // position_key() of each
  std::set<std::string> verified_keys_;        // positions verified, sound or not (position_key)
  Deduper dedupe_;
  std::map<std::string, int> families_;  // family key -> problems of it reported or withheld
  // --ladder: backward steps assigned so far, by rung (position_key); SIZE_MAX once all are.
  std::map<std::string, size_t> rung_cursor_;
  size_t seed_cursor_ = 0;  // seeds screened so far
  int found_ = 0, longest_ = 0;
  uint64_t batches_ = 0;
  Clock::time_point start_ = Clock::now();
  // The clock watch of start_watch()
  std::mutex watch_mutex_;
  std::condition_variable watch_cv_;
  bool watch_done_ = false;
  std::thread watcher_;
};

void GenerationRun::start_watch() {
  watcher_ = std::thread([this] { watch_clock(watch_mutex_, watch_cv_, watch_done_); });
}

void GenerationRun::end_watch() {
  if (!watcher_.joinable()) return;
  {
    std::lock_guard lock(watch_mutex_);
    watch_done_ = true;
  }
  watch_cv_.notify_all();
  watcher_.join();
}

void GenerationRun::merge_texts(const std::vector<std::string>& texts,
                                const std::function<void(const GeneratedProblem&)>& sink) {
  const std::vector<LadderJob> plan = ladder_plan();
  for (const std::string& text : texts) {
    Result<ClimbResult> r = climb_from_text(text);
    if (!r) throw std::runtime_error(r.error());
    for (Found& f : r->found) rescore(f.candidate);
    tried_ += r->counts.tried, mates_ += r->counts.mates, verified_ += r->counts.verified;
    solve_nodes_ += r->counts.solve_nodes, verify_nodes_ += r->counts.verify_nodes;
    merge(*r, sink);
  }
  advance_ladder(plan);
  ++batches_;
}

// Sets the stop flag once the time is up or the caller asks, until `done`.
void GenerationRun::watch_clock(std::mutex& m, std::condition_variable& cv, const bool& done) {
  std::unique_lock lock(m);
  while (!done) {
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    if ((options_.seconds > 0 && elapsed >= options_.seconds) ||
        (options_.stop && options_.stop->load())) {
      stop_ = true;
      return;
    }
    cv.wait_for(lock, std::chrono::milliseconds(50));
  }
}

GenerateStats GenerationRun::run(const std::function<void(const GeneratedProblem&)>& sink) {
  const int threads = std::max(1, options_.threads);
  const int batch_size = this->batch_size();
  std::vector<std::unique_ptr<ProofTable>> tables;
  // Each thread's verifications take their scratch table out of the same cap.
  for (int i = 0; i < threads; ++i)
    tables.push_back(std::make_unique<ProofTable>(
        std::max<size_t>(1, options_.hash_mb - verify_scratch_mb(options_.hash_mb))));
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::thread watcher([&] { watch_clock(m, cv, done); });

  std::exception_ptr failure;
  for (uint64_t batch = 0; found_ < options_.count && !stopped(); ++batch) {
    std::vector<ClimbResult> results(batch_size);
    const std::vector<LadderJob> plan = ladder_plan();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int i = 0; i < batch_size; ++i) {
      try {
        results[i] = climb(batch, uint64_t(i), *tables[omp_get_thread_num()], &plan);
      } catch (...) {
#pragma omp critical(kanju_generate_failure)
        if (!failure) failure = std::current_exception();
        stop_ = true;
      }
    }
    if (failure) break;
    for (ClimbResult& r : results) merge(r, sink);
    advance_ladder(plan);
    ++batches_;
    report();
  }
  {
    std::lock_guard lock(m);
    done = true;
  }
  cv.notify_all();
  watcher.join();
  if (failure) std::rethrow_exception(failure);
  return stats();
}

// Problems of a climb, in the order found: new ones join the archive, and those within the
// length range are reported while more are wanted.
void GenerationRun::merge(ClimbResult& result,
                          const std::function<void(const GeneratedProblem&)>& sink) {
  verified_keys_.merge(result.verified);
  for (Found& f : result.found) {
    Candidate& c = f.candidate;
    if (!dedupe_.insert(c.position, c.line)) continue;
    archive_.push_back(c);
    archive_families_.push_back(family_key(c.position, c.line));
    archive_keys_.push_back(position_key(c.position));
    const int length = c.features.length;
    if (length < options_.min_length || length > options_.max_length) continue;
    if (found_ >= options_.count) continue;
    if (quality(c.features) < options_.min_score) continue;
    // One problem a family (family.h) unless all are asked for; the others stay in the archive.
    const std::string family = family_key(c.position, c.line);
    if (families_[family]++ > 0 && !options_.all_families) continue;
    ++found_;
    longest_ = std::max(longest_, length);
    GeneratedProblem p;
    p.position = c.position;
    p.line = c.line;
    p.features = c.features;
    p.score = objective(c.features, options_.min_length, options_.max_length);
    p.batch = f.batch;
    p.index = f.index;
    p.origin = c.origin;
    p.seconds = f.seconds;
    p.quality = quality(c.features);
    p.family = family_id(family);
    sink(p);
  }
}

// --ladder: one of the longest problems archived, or of a rung a little below.
const Candidate& GenerationRun::pick_longest(Rng& rng) const {
  int top = 0;
  for (const Candidate& c : archive_) top = std::max(top, c.features.length);
  // Mostly the top rung, sometimes one to three rungs below: a rung that no extension leads on
  // from must not hold every climb.
  const double draw = rng.uniform();
  const int floor = top - 2 * (draw < 0.5 ? 0 : draw < 0.75 ? 1 : draw < 0.9 ? 2 : 3);
  std::vector<int> picks;
  for (int i = 0; i < int(archive_.size()); ++i)
    if (archive_[i].features.length >= floor) picks.push_back(i);
  return archive_[picks[rng.below(int(picks.size()))]];
}

// Archived problems are drawn with a preference for the longest: they are the ones backward
// extension makes into the problems wanted.
const Candidate& GenerationRun::pick_archived(Rng& rng) const {
  if (rng.chance(0.5)) return archive_[rng.below(int(archive_.size()))];
  int best = rng.below(int(archive_.size()));
  for (int k = 0; k < 3; ++k) {
    const int other = rng.below(int(archive_.size()));
    if (archive_[other].features.length > archive_[best].features.length) best = other;
  }
  return archive_[best];
}

std::optional<Candidate> GenerationRun::screen(const Layout& layout, ProofTable& table,
                                               const char* origin, int near_length,
                                               ClimbCounts& counts, uint64_t first_look) {
  if (piece_count(layout) > options_.max_pieces) return std::nullopt;
  Result<Position> pos = to_position(layout);
  if (!pos) return std::nullopt;
  ++tried_;
  ++counts.tried;
  table.clear();
  SolveOptions o;
  o.limits.max_nodes = solve_budget(near_length);
  o.limits.stop = &stop_;
  o.futile = options_.futile;
  // A first look: no mate found within it, and the whole budget is not worth spending (most
  // proposals that would spend it have no mate at all). A mate found is solved again on the
  // same table, which holds its proof.
  uint64_t spent = 0;
  if (first_look > 0 && first_look < o.limits.max_nodes) {
    SolveOptions look = o;
    look.limits.max_nodes = first_look;
    const SolveResult first = solve(*pos, table, look);
    spent = first.nodes;
    if (first.status != SolveStatus::Mate && first.upper_bound < 0) {
      solve_nodes_ += spent;
      counts.solve_nodes += spent;
      report();
      return std::nullopt;
    }
    o.limits.max_nodes -= spent;
  }
  const SolveResult r = solve(*pos, table, o);
  solve_nodes_ += spent + r.nodes;
  counts.solve_nodes += spent + r.nodes;
  if (r.status != SolveStatus::Mate) {
    report();
    return std::nullopt;
  }
  ++mates_;
  ++counts.mates;
  Candidate c;
  c.layout = layout;
  c.position = std::move(*pos);
  c.line = r.line;
  c.origin = origin;
  rescore(c);
  report();
  return c;
}

// Most candidates have another mating check along the main line (余詰): a small search proves
// it, far faster than verify() would.
bool GenerationRun::quickly_refuted(const Candidate& c, ProofTable& table, ClimbCounts& counts) {
  uint64_t nodes = 0;
  const Screen s = screen_alternatives(c.position, c.line, table, options_.futile,
                                       QUICK_CHECK_NODES, QUICK_VERIFY_NODES, &stop_, nodes);
  verify_nodes_ += nodes;
  counts.verify_nodes += nodes;
  return s == Screen::Cooked;
}

// The ladder's backward step (A', D') leads to a sound problem only if no other first check
// mates: such a check is a finding verify() would hold against it (余詰, or a transposition or
// detour, none of them publishable). A small search finds most of them, far cheaper than the
// screening solve, which must also prove the length shortest. The ladder moves only to sound
// problems, so this changes no result of it, only its cost.
bool GenerationRun::cooked_first_move(const Layout& layout, const std::vector<Move>& played,
                                      ProofTable& table, ClimbCounts& counts) {
  Result<Position> pos = to_position(layout);
  if (!pos || played.size() != 2) return false;
  uint64_t nodes = 0;
  const Screen s = screen_alternatives(*pos, played, table, options_.futile, FIRST_MOVE_NODES,
                                       FIRST_MOVE_TOTAL, &stop_, nodes);
  solve_nodes_ += nodes;
  counts.solve_nodes += nodes;
  if (s != Screen::Cooked) return false;
  ++tried_;
  ++counts.tried;
  report();
  return true;
}

// Verifies the candidate; while its only flaw is unneeded pieces, removes the first of them and
// verifies again. True, with the candidate updated, when it ends sound.
bool GenerationRun::verify_and_prune(Candidate& c, ProofTable& table, ClimbCounts& counts) {
  if (quickly_refuted(c, table, counts)) return false;
  VerifyOptions o;
  o.limits.max_nodes = options_.verify_nodes;
  o.limits.stop = &stop_;
  o.check_nodes = options_.check_nodes;
  o.futile = options_.futile;
  o.unneeded_pieces = true;
  o.scratch_mb = verify_scratch_mb(options_.hash_mb);
  for (int round = 0; round <= MAX_PRUNES; ++round) {
    table.clear();
    ++verified_;
    ++counts.verified;
    const VerifyResult r = verify(c.position, Claim{}, table, o);
    verify_nodes_ += r.nodes;
    counts.verify_nodes += r.nodes;
    if (r.verdict == Verdict::Sound && publishable(r)) {
      c.line = r.main_line;
      c.sound = true;
      rescore(c);
      return true;
    }
    if (r.verdict != Verdict::Flawed || round == MAX_PRUNES) return false;
    Square unneeded = SQ_NONE;
    for (const Finding& f : r.findings) {
      if (f.kind == FindingKind::UnneededPiece && unneeded == SQ_NONE)
        unneeded = f.square;
      else if (blemish(f))
        return false;
    }
    if (unneeded == SQ_NONE) return false;
    c.layout.board[unneeded] = NO_PIECE;
    Result<Position> pos = to_position(c.layout);
    if (!pos) return false;
    c.position = std::move(*pos);
  }
  return false;
}

// Verifies a candidate that could be a problem, once per position in a climb; a sound one is
// recorded.
void GenerationRun::consider(Candidate& c, ProofTable& table, ClimbResult& result, uint64_t batch,
                             uint64_t index) {
  if (!worth_verifying(c)) return;
  const std::string key = position_key(c.position);
  if (verified_keys_.count(key) || !result.verified.insert(key).second) return;
  Candidate pruned = c;
  if (!verify_and_prune(pruned, table, result.counts)) return;
  c = std::move(pruned);
  result.verified.insert(position_key(c.position));
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  result.found.push_back({c, batch, index, seconds});
}

// The climb's first problem: an archived one, a seed, or a random one that mates.
Candidate GenerationRun::start(Rng& rng, ProofTable& table, ClimbResult& result, uint64_t batch,
                               uint64_t index, bool& ok) {
  ok = true;
  if (options_.ladder && !archive_.empty()) return pick_longest(rng);
  if (!archive_.empty() && rng.chance(0.65)) return pick_archived(rng);
  for (int step = 0; step < options_.steps && !stopped(); ++step) {
    const bool from_seed = !seeds_.empty() && (step == 0 || rng.chance(0.7));
    const Layout layout =
        from_seed ? seeds_[rng.below(int(seeds_.size()))] : random_layout(rng, limits_);
    std::optional<Candidate> c = screen(layout, table, from_seed ? "seed" : "random",
                                        from_seed ? options_.max_length : 0, result.counts);
    if (!c) continue;
    consider(*c, table, result, batch, index);
    return *c;
  }
  ok = false;
  return {};
}

// --ladder, a best-first search over sound problems: the seeds are screened first, a few to a
// climb; then every climb takes the next LADDER_CHUNK backward steps (backward_steps(), all of
// them in a fixed order) of the longest archived problem whose steps are not all taken, the
// earliest archived among equals. A step that mates in more plies than its rung is verified; a
// sound one joins the archive and becomes the next rung. The plan is a function of the archive
// and the cursors, which change only when a batch is merged, so every climb of a batch (in any
// thread or process) reads the same plan. An empty plan (no seeds, no rung with steps left)
// leaves the climbs to the usual annealing, which fills the archive.
std::vector<GenerationRun::LadderJob> GenerationRun::ladder_plan() const {
  std::vector<LadderJob> plan;
  if (!options_.ladder) return plan;
  const size_t want = size_t(batch_size());
  size_t seed = seed_cursor_;
  while (plan.size() < want && seed < seeds_.size()) {
    LadderJob job;
    job.seeds = true;
    job.begin = seed;
    job.end = seed = std::min(seeds_.size(), seed + LADDER_SEEDS);
    plan.push_back(job);
  }
  // Rungs of one family and length are mostly one problem with a piece moved: each whose steps
  // were taken before ranks a ply and a half lower, so that other endings get their turn.
  std::map<std::pair<std::string, int>, int> started;
  std::vector<size_t> order(archive_.size());
  for (size_t i = 0; i < order.size(); ++i) {
    order[i] = i;
    if (rung_cursor_.count(archive_keys_[i]))
      ++started[{archive_families_[i], archive_[i].features.length}];
  }
  std::vector<double> priority(archive_.size());
  for (size_t i = 0; i < order.size(); ++i) {
    const auto it = started.find({archive_families_[i], archive_[i].features.length});
    int others = it == started.end() ? 0 : it->second;
    if (rung_cursor_.count(archive_keys_[i])) --others;  // itself
    priority[i] = archive_[i].features.length - SIBLING_PENALTY * others;
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return priority[a] > priority[b]; });
  for (size_t i : order) {
    if (plan.size() >= want) break;
    auto it = rung_cursor_.find(archive_keys_[i]);
    size_t cursor = it == rung_cursor_.end() ? 0 : it->second;
    if (cursor == SIZE_MAX) continue;
    // The steps first, then their walls: a rung's walls are tried only when no step of it has
    // led to a longer rung in the meantime.
    const size_t steps = backward_steps(archive_[i].position, limits_).size();
    while (plan.size() < want && cursor < 2 * steps) {
      LadderJob job;
      job.rung = i;
      job.begin = cursor;
      job.end = cursor = cursor < steps ? std::min(steps, cursor + LADDER_CHUNK)
                                        : std::min(2 * steps, cursor + LADDER_WALL_CHUNK);
      job.steps = steps;
      plan.push_back(job);
    }
  }
  return plan;
}

void GenerationRun::advance_ladder(const std::vector<LadderJob>& plan) {
  for (const LadderJob& job : plan) {
    if (job.seeds) {
      seed_cursor_ = std::max(seed_cursor_, job.end);
      continue;
    }
    size_t& cursor = rung_cursor_[archive_keys_[job.rung]];
    if (cursor != SIZE_MAX)
      cursor = job.end >= 2 * job.steps ? SIZE_MAX : std::max(cursor, job.end);
  }
}

ClimbResult GenerationRun::ladder_climb(const LadderJob& job, uint64_t batch, uint64_t index,
                                        ProofTable& table) {
  ClimbResult result;
  if (job.seeds) {
    for (size_t i = job.begin; i < job.end && !stopped(); ++i)
      if (std::optional<Candidate> c =
              screen(seeds_[i], table, "seed", options_.max_length, result.counts))
        consider(*c, table, result, batch, index);
    return result;
  }
  const Candidate& rung = archive_[job.rung];
  const std::vector<BackwardStep> steps = backward_steps(rung.position, limits_);
  for (size_t i = job.begin; i < job.end && i < 2 * steps.size() && !stopped(); ++i) {
    if (i >= steps.size()) {
      try_walls(rung, steps[i - steps.size()], table, result, batch, index);
      continue;
    }
    const BackwardStep& step = steps[i];
    if (cooked_first_move(step.layout, {step.check, step.reply}, table, result.counts)) continue;
    const int length = rung.features.length + 2;
    std::optional<Candidate> c = screen(step.layout, table, "backward", length, result.counts,
                                        solve_budget(length) / LADDER_FIRST_LOOK);
    if (c && c->features.length >= length) consider(*c, table, result, batch, index);
  }
  return result;
}

// The walls of one backward step (walled_steps): an attacker piece where the step alone has no
// mate found within the first look (the king stepped back has somewhere to go), a defender piece
// where it mates sooner than two plies more than its rung (the attacker has a shortcut). A step
// that mates long enough is its own job's; a step with another mating first move is left alone.
// The step is screened again here rather than its first screening remembered: the plan stays a
// function of the archive and the cursors (ladder_plan), and one screening is little beside the
// hundred-odd of its walls.
void GenerationRun::try_walls(const Candidate& rung, const BackwardStep& step, ProofTable& table,
                              ClimbResult& result, uint64_t batch, uint64_t index) {
  if (cooked_first_move(step.layout, {step.check, step.reply}, table, result.counts)) return;
  const int length = rung.features.length + 2;
  const uint64_t first_look = solve_budget(length) / LADDER_FIRST_LOOK;
  const std::optional<Candidate> alone =
      screen(step.layout, table, "backward", length, result.counts, first_look);
  if (alone && alone->features.length >= length) return;
  for (const Layout& walled : walled_steps(step, alone ? WHITE : BLACK, limits_)) {
    if (stopped()) return;
    std::optional<Candidate> c = screen(walled, table, "wall", length, result.counts, first_look);
    if (c && c->features.length >= length) consider(*c, table, result, batch, index);
  }
}

ClimbResult GenerationRun::climb(uint64_t batch, uint64_t index, ProofTable& table,
                                 const std::vector<LadderJob>* plan) {
  if (options_.ladder) {
    const std::vector<LadderJob> own = plan ? std::vector<LadderJob>() : ladder_plan();
    const std::vector<LadderJob>& jobs = plan ? *plan : own;
    if (index < jobs.size()) return ladder_climb(jobs[index], batch, index, table);
  }
  Rng rng = Rng::for_job(options_.seed, batch, index);
  ClimbResult result;
  bool ok = false;
  Candidate current = start(rng, table, result, batch, index, ok);
  if (!ok) return result;
  for (int step = 0, draws = 0;
       step < options_.steps && draws < options_.steps * DRAWS_PER_STEP && !stopped(); ++draws) {
    // Step 1. A proposal: backward extension mostly from sound problems, edits otherwise.
    // The ladder extends backward mostly, and edits a rung now and then (a sound problem of
    // the same length that other extensions may lead on from).
    const bool backward =
        options_.ladder ? rng.chance(0.75) : rng.chance(current.sound ? 0.5 : 0.15);
    std::vector<Move> played;
    std::optional<Layout> layout = backward
                                       ? extend_backward(current.position, rng, limits_, &played)
                                       : mutate(current.layout, rng, limits_);
    if (!layout) continue;
    ++step;
    if (backward && options_.ladder && cooked_first_move(*layout, played, table, result.counts))
      continue;
    // Step 2. Solve it; verify it if it could be a problem.
    std::optional<Candidate> c =
        screen(*layout, table, backward ? "backward" : "mutation",
               current.features.length + (backward ? 2 : 0), result.counts);
    if (!c) continue;
    consider(*c, table, result, batch, index);
    // Step 3. Anneal: better is taken, worse sometimes while the climb is young. The ladder
    // moves only to a sound problem at least as long.
    if (options_.ladder) {
      if (c->sound && c->features.length >= current.features.length) current = std::move(*c);
      continue;
    }
    const double temperature = START_TEMPERATURE * (1.0 - double(step) / options_.steps);
    const double delta = c->score - current.score;
    if (delta >= 0 || (temperature > 0 && rng.uniform() < std::exp(delta / temperature)))
      current = std::move(*c);
  }
  return result;
}

GenerateStats generate(const GenerateOptions& options,
                       const std::function<void(const GeneratedProblem&)>& found,
                       const std::function<void(const GenerateStats&)>& progress) {
  GenerationRun run(options, progress);
  return run.run(found);
}

Generation::Generation(const GenerateOptions& options)
    : options_(options), run_(std::make_unique<GenerationRun>(options_, no_progress_)) {
  run_->start_watch();
}

Generation::~Generation() { run_->end_watch(); }

int Generation::batch_size() const { return run_->batch_size(); }

std::string Generation::climb(uint64_t batch, uint64_t index, ProofTable& table) {
  return run_->climb_text(batch, index, table);
}

void Generation::merge(const std::vector<std::string>& results,
                       const std::function<void(const GeneratedProblem&)>& found) {
  const auto ignore = [](const GeneratedProblem&) {};
  run_->merge_texts(results, found ? found : ignore);
}

bool Generation::finished() const { return run_->finished(); }

std::atomic<bool>* Generation::stop_flag() { return run_->stop_flag(); }

GenerateStats Generation::stats() const { return run_->current_stats(); }

}  // namespace kanju
