// kanju generate: searches for sound tsume problems (generator/generate.h) and prints each one
// as a JSON line as soon as it is found, optionally also as a KIF file.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>

#include "batch.h"
#include "commands.h"
#include "generator/generate.h"
#include "generator/mutation.h"
#include "interrupt.h"
#include "json.h"
#include "mpi_farm.h"
#include "progress.h"
#include "solver/kif.h"
#include "solver/notation.h"
#include "solver/sfen.h"
#include "solver/svg_diagram.h"
#include "solver/text.h"
#include "solver/usi_move.h"
#include "solver/verify.h"
#include "wire.h"

namespace kanju::cli {

namespace {

namespace fs = std::filesystem;

struct GenerateCliOptions {
  GenerateOptions run;
  std::vector<std::string> seed_sfens;
  std::vector<std::string> seed_files;
  std::string kif_dir;
  std::vector<std::string> export_to;  // --export svg DIR
  std::string svg_dir;                 // from it
  FutilePolicy futile = FutilePolicy::Composer;
  bool quiet = false;
  bool list_steps = false;
  bool mpi = false;
  double mpi_timeout = 30;
  std::string families = "one";
};

// The seeds of a file: one SFEN a line, or a collection line (SFEN<TAB>...); blank lines and
// lines starting with '#' are skipped.
Result<std::vector<Position>> read_seed_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"--seed-file " + path + ": cannot open it"};
  std::vector<Position> seeds;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    Result<Position> pos = parse_sfen(split_tabs(text)[0]);
    if (!pos)
      return Error{"--seed-file " + path + " line " + std::to_string(n) + ": " + pos.error()};
    seeds.push_back(std::move(*pos));
  }
  if (seeds.empty()) return Error{"--seed-file " + path + ": no SFEN in it"};
  return seeds;
}

Result<std::vector<Position>> read_seeds(const GenerateCliOptions& opt) {
  std::vector<Position> seeds;
  for (const std::string& sfen : opt.seed_sfens) {
    Result<Position> pos = parse_sfen(sfen);
    if (!pos) return Error{"--seed-sfen " + quoted(sfen, 80) + ": " + pos.error()};
    seeds.push_back(std::move(*pos));
  }
  for (const std::string& path : opt.seed_files) {
    Result<std::vector<Position>> more = read_seed_file(path);
    if (!more) return Error{more.error()};
    seeds.insert(seeds.end(), more->begin(), more->end());
  }
  return seeds;
}

JsonObject features_json(const Features& f) {
  JsonObject o;
  o.integer("pieces", f.pieces)
      .integer("sacrifices", f.sacrifices)
      .integer("drops", f.drops)
      .integer("promotions", f.promotions)
      .integer("non_promotions", f.non_promotions)
      .integer("variety", f.variety)
      .integer("final_pieces", f.final_pieces)
      .boolean("key_sacrifice", f.key_sacrifice)
      .integer("limited_drops", f.limited_drops)
      .integer("far_interpositions", f.far_interpositions)
      .integer("interpositions", f.interpositions);
  return o;
}

std::string problem_json(int number, const GeneratedProblem& p, uint64_t seed) {
  std::vector<std::string> usi;
  for (Move m : p.line) usi.push_back(to_usi(m));
  JsonObject o;
  o.integer("n", number)
      .str("sfen", to_sfen(p.position))
      .integer("length", int(p.line.size()))
      .strings("usi", usi)
      .str("japanese", line_to_japanese(p.position, p.line))
      .number("score", p.score, 1)
      .number("quality", p.quality, 1)
      .str("family", p.family)
      .object("features", features_json(p.features))
      .integer("seed", int64_t(seed))
      .integer("batch", int64_t(p.batch))
      .integer("index", int64_t(p.index))
      .str("origin", p.origin)
      .number("seconds", p.seconds, 2);
  return o.text();
}

// DIR/gen-SEED-NNNN.svg: the problem's diagram with its solution.
std::string write_svg(const std::string& dir, int number, const GeneratedProblem& p,
                      uint64_t seed) {
  char name[64];
  std::snprintf(name, sizeof name, "gen-%llu-%04d.svg", (unsigned long long)seed, number);
  SvgDiagramOptions svg;
  svg.title = "kanju generate " + std::to_string(seed) + "-" + std::to_string(number);
  svg.line = p.line;
  const std::string path = (fs::path(dir) / name).string();
  std::ofstream out(path, std::ios::binary);
  out << render_svg_diagram(p.position, svg);
  return out ? "" : "cannot write " + path;
}

std::string write_kif(const std::string& dir, int number, const GeneratedProblem& p,
                      uint64_t seed) {
  ProblemRecord record;
  record.position = p.position;
  record.claimed_line = p.line;
  record.claimed_length = int(p.line.size());
  record.headers = {
      {"作品名", "kanju generate " + std::to_string(seed) + "-" + std::to_string(number)},
      {"作者", "kanju generate"},
      {"手数", std::to_string(p.line.size())}};
  char name[64];
  std::snprintf(name, sizeof name, "gen-%llu-%04d.kifu", (unsigned long long)seed, number);
  const std::string path = (fs::path(dir) / name).string();
  std::ofstream out(path, std::ios::binary);
  out << to_kif(record);
  return out ? "" : "cannot write " + path;
}

// "found 3/20  tried 1234  41.2/s  longest 9  archive 12  elapsed 0:34".
std::string status_text(const GenerateStats& s, int count) {
  char text[160];
  const long t = long(s.seconds);
  std::snprintf(text, sizeof text,
                "found %d/%d  tried %llu  %.1f/s  longest %d  archive %llu  elapsed %ld:%02ld",
                s.found, count, (unsigned long long)s.tried,
                s.seconds > 0 ? s.tried / s.seconds : 0, s.longest, (unsigned long long)s.archived,
                t / 60, t % 60);
  return text;
}

// --mpi, a worker rank: runs the climbs rank 0 hands out (batch, index) on --threads threads,
// and merges each finished batch as rank 0 does, so that its archive stays the same.
int generate_worker(GenerateCliOptions& opt) {
  Generation gen(opt.run);
  std::vector<std::unique_ptr<ProofTable>> tables;
  auto made =
      make_tables(size_t(opt.run.threads),
                  std::max<size_t>(1, opt.run.hash_mb - verify_scratch_mb(opt.run.hash_mb)));
  if (!made) return fail(made.error());
  FarmPlan plan;
  plan.threads = opt.run.threads;
  plan.stop = gen.stop_flag();
  plan.timeout_seconds = opt.mpi_timeout;
  plan.work = [&](const std::string& task, int thread) {
    const auto parts = unpack(task);
    if (!parts || parts->size() != 2) return std::string();
    ProofTable& table = *(*made)[size_t(thread)];
    return gen.climb(wire_to_number((*parts)[0]), wire_to_number((*parts)[1]), table);
  };
  plan.apply = [&](const std::string& message) {
    if (const auto results = unpack(message)) gen.merge(*results, {});
  };
  run_farm(plan);
  return 0;
}

// --mpi, rank 0: hands out the climbs of one batch at a time; once all are in, merges them in
// index order (reporting the problems found) and sends the batch to every worker to merge too.
GenerateStats generate_coordinator(GenerateCliOptions& opt,
                                   const std::function<void(const GeneratedProblem&)>& found,
                                   const std::function<void(const GenerateStats&)>& progress) {
  Generation gen(opt.run);
  const uint64_t size = uint64_t(gen.batch_size());
  uint64_t batch = 0, handed = 0, received = 0;
  std::vector<std::string> results(size);
  std::vector<uint64_t> again;  // climbs of this batch whose rank was lost
  FarmPlan plan;
  plan.stop = gen.stop_flag();
  plan.timeout_seconds = opt.mpi_timeout;
  plan.next = [&]() -> std::optional<FarmTask> {
    if (gen.finished() || (handed >= size && again.empty())) return std::nullopt;
    uint64_t index = 0;
    if (!again.empty()) {
      index = again.back();
      again.pop_back();
    } else {
      index = handed++;
    }
    return FarmTask{batch * size + index, pack({wire_number(batch), wire_number(index)})};
  };
  plan.more = [&] { return !gen.finished(); };
  // A climb gives the same result on any rank: a lost rank's climbs run again elsewhere.
  plan.requeue = [&](uint64_t id) {
    if (id / size == batch) again.push_back(id % size);
  };
  plan.done = [&](uint64_t id, const std::string& result) -> std::optional<std::string> {
    results[id % size] = result;
    if (++received < size) return std::nullopt;
    gen.merge(results, found);
    if (progress) progress(gen.stats());
    std::string message = pack(results);
    ++batch, handed = received = 0;
    return message;
  };
  const FarmOutcome outcome = run_farm(plan);
  for (int r : outcome.lost) std::cerr << "error: rank " << r << " stopped answering\n";
  return gen.stats();
}

// --list-steps: every backward step of each seed (the ladder's steps, docs/GENERATOR.md §4), as
// collection lines that `kanju solve --file` and `kanju verify` read: the earlier position, "-"
// for its length, an id (seed and step, from 1), and the check and reply that lead to the seed.
int list_steps(const std::vector<Position>& seeds, int max_pieces) {
  if (seeds.empty()) return fail("--list-steps: give the problems with --seed-sfen or --seed-file");
  for (size_t i = 0; i < seeds.size(); ++i) {
    Result<Layout> layout = layout_of(seeds[i]);
    if (!layout) return fail("--list-steps: seed " + std::to_string(i + 1) + ": " + layout.error());
    const Position seed = *to_position(*layout);
    const std::vector<BackwardStep> steps = backward_steps(seed, ProposalLimits{max_pieces});
    for (size_t j = 0; j < steps.size(); ++j)
      std::cout << to_sfen(*to_position(steps[j].layout)) << "\t-\tseed" << i + 1 << "-step"
                << j + 1 << '\t' << to_usi(steps[j].check) << ' ' << to_usi(steps[j].reply) << '\n';
  }
  return 0;
}

int run_generate(GenerateCliOptions& opt) {
  if (opt.run.min_length > opt.run.max_length)
    return fail("--min-length " + std::to_string(opt.run.min_length) + " is above --max-length " +
                std::to_string(opt.run.max_length));
  Result<std::vector<Position>> seeds = read_seeds(opt);
  if (!seeds) return fail(seeds.error());
  if (opt.list_steps) return list_steps(*seeds, opt.run.max_pieces);
  opt.run.seeds = std::move(*seeds);
  opt.run.futile = opt.futile;
  opt.run.all_families = opt.families == "all";
  if (!opt.export_to.empty()) {
    if (opt.export_to[0] != "svg")
      return fail("--export " + opt.export_to[0] +
                  ": generate writes svg here (and KIF with --kif)");
    opt.svg_dir = opt.export_to[1];
  }
  for (const auto& [flag, dir] :
       {std::pair{"--kif ", opt.kif_dir}, {"--export svg ", opt.svg_dir}}) {
    if (dir.empty()) continue;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return fail(flag + dir + ": " + ec.message());
  }
  std::atomic<bool>& interrupted = catch_interrupt();
  opt.run.stop = &interrupted;
  if (opt.mpi) {
    Result<int> rank = farm_rank();
    if (!rank) return fail(rank.error());
    if (*rank != 0) return generate_worker(opt);
  }

  const bool live = stderr_is_terminal() && !opt.quiet;
  std::mutex mutex;
  StatusLine status;
  auto last_draw = std::chrono::steady_clock::now();
  int write_errors = 0;
  int number = 0;
  const auto found = [&](const GeneratedProblem& p) {
    std::lock_guard lock(mutex);
    if (live) status.erase();
    ++number;
    std::cout << problem_json(number, p, opt.run.seed) << '\n' << std::flush;
    if (!opt.kif_dir.empty()) {
      const std::string e = write_kif(opt.kif_dir, number, p, opt.run.seed);
      if (!e.empty()) std::cerr << "error: " << e << '\n', ++write_errors;
    }
    if (!opt.svg_dir.empty()) {
      const std::string e = write_svg(opt.svg_dir, number, p, opt.run.seed);
      if (!e.empty()) std::cerr << "error: " << e << '\n', ++write_errors;
    }
  };
  const auto progress = [&](const GenerateStats& s) {
    if (!live) return;
    std::lock_guard lock(mutex);
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw < std::chrono::milliseconds(250)) return;
    last_draw = now;
    status.show(status_text(s, opt.run.count));
  };
  const GenerateStats s =
      opt.mpi ? generate_coordinator(opt, found, progress) : generate(opt.run, found, progress);
  if (live) status.erase();
  std::cerr << "Found " << s.found << " of " << opt.run.count << " problems in "
            << int(s.seconds * 10) / 10.0 << "s: tried " << s.tried << ", " << s.mates << " mates, "
            << s.verified << " verifications, " << s.archived
            << " distinct sound problems of any length, " << s.families
            << " families in the length range, longest reported " << s.longest
            << "; nodes: " << s.solve_nodes << " solving, " << s.verify_nodes << " verifying\n";
  if (write_errors > 0) return 1;
  return interrupted.load() ? 130 : 0;
}

}  // namespace

Command add_generate(CLI::App& app) {
  auto opt = std::make_shared<GenerateCliOptions>();
  CLI::App* sub =
      app.add_subcommand("generate", "Generate sound tsume problems with a unique solution");
  GenerateOptions& r = opt->run;
  sub->add_option("--count", r.count, "Problems to find")
      ->capture_default_str()
      ->check(CLI::Range(1, 1'000'000));
  sub->add_option("--min-length", r.min_length, "Shortest length, in plies")
      ->capture_default_str()
      ->check(CLI::Range(1, 999));
  sub->add_option("--max-length", r.max_length, "Longest length, in plies")
      ->capture_default_str()
      ->check(CLI::Range(1, 999));
  sub->add_option("--max-pieces", r.max_pieces,
                  "Most pieces: on the board (kings included) plus the attacker's hand")
      ->capture_default_str()
      ->check(CLI::Range(2, 40));
  sub->add_option("--time", r.seconds, "Time limit of the run in seconds (0: none)")
      ->check(CLI::NonNegativeNumber);
  sub->add_option("--seed", r.seed,
                  "Random seed: the same seed and --threads give the same "
                  "problems")
      ->capture_default_str();
  sub->add_option("--threads", r.threads, "Search threads, each with its own table")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  sub->add_option("--batch", r.batch,
                  "Climbs per batch (0: four per thread); the problems depend on it")
      ->capture_default_str();
  sub->add_option("--steps", r.steps, "Proposals per climb")
      ->capture_default_str()
      ->check(CLI::Range(1, 100'000));
  sub->add_option("--hash", r.hash_mb, "Proof table size in MB, per thread")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  sub->add_option("--solve-nodes", r.solve_nodes, "Node limit of the solve of one proposal")
      ->capture_default_str();
  sub->add_option("--verify-nodes", r.verify_nodes, "Node limit of one verification")
      ->capture_default_str();
  sub->add_option("--check-nodes", r.check_nodes, "Node limit of one check in a verification")
      ->capture_default_str();
  add_futile_option(sub, opt->futile);
  sub->add_option("--min-score", r.min_score,
                  "Report only problems whose quality (docs/GENERATOR.md) is at least this");
  sub->add_option("--families", opt->families,
                  "one: one problem a family (the same last three moves, relative to the mated "
                  "king, mirror included); all: every problem")
      ->capture_default_str()
      ->check(CLI::IsMember({"one", "all"}));
  sub->add_flag("--ladder", r.ladder,
                "Long problems: climbs start from the longest sound problems found (or the seeds) "
                "and only extend them backward, two plies at a time, each step verified");
  sub->add_option("--seed-sfen", opt->seed_sfens, "Start climbs from this problem (repeatable)");
  sub->add_option("--seed-file", opt->seed_files,
                  "Start climbs from the problems of a file: one SFEN a line, or a collection "
                  "such as problems/mate7.tsv (repeatable)");
  sub->add_flag("--list-steps", opt->list_steps,
                "Print every backward step of each seed (what --ladder tries), one collection "
                "line each: the earlier position, -, an id, its check and reply in USI; no search");
  sub->add_option("--kif", opt->kif_dir, "Also write each problem as DIR/gen-SEED-N.kifu");
  sub->add_option("--export", opt->export_to,
                  "svg DIR: also write each problem's diagram, with its solution, as "
                  "DIR/gen-SEED-N.svg")
      ->expected(2);
  sub->add_flag("--quiet", opt->quiet, "No progress line on stderr");
  add_mpi_options(sub, opt->mpi, opt->mpi_timeout,
                  "the climbs of each batch run on the ranks but 0 (--threads each), rank 0 "
                  "merges and prints; the same problems as one process with the same --seed and "
                  "--batch");
  sub->footer(
      "Each problem is one JSON line on stdout, printed as it is found. A problem is reported "
      "only when `kanju verify` finds it sound, without unneeded pieces.\n"
      "Exit status: 0, 1 on an error, 130 when interrupted.");
  return {sub, [opt] { return run_generate(*opt); }};
}

}  // namespace kanju::cli
