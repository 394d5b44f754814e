// kanju verify: checks tsume problems for soundness (docs/RULES.md §5) — one given as a SFEN, KIF,
// KI2 or CSA files, folders of them, collections (problems/*.tsv), or stdin — in parallel,
// printing each result as it is found, then a summary table.
//
// Each result is also one JSON line, written with one write() as the problem finishes, so that
// --resume can continue an interrupted run from the output file: the problems whose key is in
// it are skipped, and a last line torn by the interruption is dropped. Ctrl-C stops the
// searches; the problems still running are not written, so a resumed run does them again.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <set>

#include "batch.h"
#include "commands.h"
#include "interrupt.h"
#include "mpi_farm.h"
#include "output_file.h"
#include "progress.h"
#include "solver/csa.h"
#include "solver/kif.h"
#include "solver/svg_diagram.h"
#include "verify_input.h"
#include "verify_report.h"
#include "wire.h"

namespace kanju::cli {

namespace {

namespace fs = std::filesystem;

struct VerifyCliOptions {
  std::vector<std::string> inputs;  // paths, or the words of one SFEN
  std::vector<std::string> files;
  int length = 0;
  std::string line;
  std::string format = "auto";
  double seconds = 0;
  uint64_t nodes = 2'000'000'000;
  uint64_t check_nodes = 2'000'000;
  uint64_t check_nodes_max = 1'000'000'000;
  size_t hash_mb = 256;
  int threads = 1;
  FutilePolicy futile = FutilePolicy::Composer;
  bool json = false;
  std::string output;
  bool resume = false;
  std::string fail_on;
  std::vector<std::string> export_to;  // FORMAT DIR
  bool no_unneeded = false;
  std::string profile;  // "modern", "classic", or empty: the problem's own era, else modern
  bool strict_final = false;
  bool ordered = false;  // print in input order
  bool mpi = false;      // rank 0 hands problems out to the other MPI ranks
  double mpi_timeout = 30;
};

// --- Inputs

// A SFEN's first word is its board (eight '/') or a word of the USI position command.
bool looks_like_sfen(const std::string& word) {
  return word == "startpos" || word == "sfen" || word == "position" ||
         std::count(word.begin(), word.end(), '/') == 8;
}

std::vector<VerifyItem> read_items(const VerifyCliOptions& opt) {
  std::error_code ec;
  if (!opt.inputs.empty() && looks_like_sfen(opt.inputs[0]) && !fs::exists(opt.inputs[0], ec)) {
    if (!opt.files.empty()) return {};
    return {item_from_sfen(opt.inputs, opt.length, opt.line)};
  }
  std::vector<std::string> paths = opt.inputs;
  paths.insert(paths.end(), opt.files.begin(), opt.files.end());
  if (!paths.empty()) return read_inputs(paths);
  if (isatty(STDIN_FILENO))
    std::cerr << "Reading problems from stdin (one SFEN a line, or a KIF/CSA record); end with "
                 "Ctrl-D.\n";
  return read_stdin(std::cin, opt.format);
}

// --- Export

std::string export_name(const std::string& key) {
  std::string name = key;
  for (const char* ext : {".kifu", ".kif", ".ki2u", ".ki2", ".csa", ".KIF", ".CSA"})
    if (name.ends_with(ext)) name.resize(name.size() - std::strlen(ext));
  if (const size_t tsv = name.rfind(".tsv:"); tsv != std::string::npos) name.replace(tsv, 5, "-");
  for (char& c : name)
    if (c == '/' || c == '\\' || c == ':' || c == ' ') c = '_';
  while (name.starts_with("._") || name.starts_with("_")) name.erase(0, name[0] == '.' ? 2 : 1);
  return name.empty() ? "problem" : name;
}

// The problem with its verified solution: the claimed line when it is a right one, else the
// solver's. Nothing when there is no mate.
std::string export_problem(const VerifyItem& item, const VerifyResult& r, const std::string& format,
                           const std::string& dir) {
  if (r.solve.status != SolveStatus::Mate) return "";
  bool claimed_ok = r.main_line_claimed && int(r.main_line.size()) == r.solve.length;
  for (const Finding& f : r.findings)
    claimed_ok &= f.kind != FindingKind::LongerVariation && f.kind != FindingKind::ClaimedLineFails;
  ProblemRecord record = item.record;
  record.claimed_line = claimed_ok ? r.main_line : r.solve.line;
  record.claimed_length = int(record.claimed_line.size());
  std::erase_if(record.headers, [](const auto& h) { return h.first == "手数"; });
  if (!item.id.empty() && !record.header("作品名")) record.headers.emplace_back("作品名", item.id);
  record.headers.emplace_back("手数", std::to_string(record.claimed_length));
  record.headers.emplace_back("備考", std::string("kanju verify: ") + to_string(r.verdict));
  // The formats (README, kanju verify): KIF and KI2 in Shift_JIS (.kif, .ki2) or UTF-8 (.kifu,
  // .ki2u), CSA V3.0 in UTF-8 (csa) or V2.2 in Shift_JIS (csa2), the SVG diagram.
  SvgDiagramOptions svg;
  svg.title = item.id;
  svg.line = record.claimed_line;
  std::string ext = "." + format, text;
  if (format == "kif" || format == "kifu")
    text = to_kif(record);
  else if (format == "ki2" || format == "ki2u")
    text = to_ki2(record);
  else if (format == "csa")
    text = to_csa(record, CsaVersion::V3_0);
  else if (format == "csa2")
    text = to_csa(record, CsaVersion::V2_2), ext = "-v22.csa";
  else
    text = render_svg_diagram(record.position, svg);
  if (format == "kif" || format == "ki2" || format == "csa2") {
    Result<std::string> sjis = to_shift_jis(text);
    if (!sjis) return item.key + ": " + sjis.error();
    text = std::move(*sjis);
  }
  const std::string path = (fs::path(dir) / (export_name(item.key) + ext)).string();
  std::ofstream out(path, std::ios::binary);
  out << text;
  return out ? "" : "cannot write " + path;
}

// --- Running

// "kif,csa" -> {"kif", "csa"}; empty parts dropped.
std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  for (char c : text + ",") {
    if (c != ',') {
      part += c;
      continue;
    }
    if (!part.empty()) parts.push_back(part);
    part.clear();
  }
  return parts;
}

VerifyOptions verify_options(const VerifyCliOptions& opt, const std::atomic<bool>* stop) {
  VerifyOptions o;
  if (opt.nodes > 0) o.limits.max_nodes = opt.nodes;
  o.limits.max_seconds = opt.seconds;
  o.limits.stop = stop;
  o.check_nodes = opt.check_nodes > 0 ? opt.check_nodes : UINT64_MAX;
  o.check_nodes_max = opt.check_nodes_max;
  o.futile = opt.futile;
  o.unneeded_pieces = !opt.no_unneeded;
  if (!opt.profile.empty()) o.profile = parse_profile(opt.profile);
  o.strict_final = opt.strict_final;
  o.scratch_mb = verify_scratch_mb(opt.hash_mb);
  return o;
}

// --export FORMAT[,FORMAT...] DIR: the formats, after making DIR; an error message, or empty.
std::string export_formats(const VerifyCliOptions& opt, std::vector<std::string>& formats) {
  if (opt.export_to.empty()) return "";
  for (const std::string& f : split_commas(opt.export_to[0])) {
    if (f != "kif" && f != "kifu" && f != "ki2" && f != "ki2u" && f != "csa" && f != "csa2" &&
        f != "svg")
      return "--export " + f + ": the format is kif, kifu, ki2, ki2u, csa, csa2 or svg";
    formats.push_back(f);
  }
  std::error_code ec;
  fs::create_directories(opt.export_to[1], ec);
  if (ec) return "cannot create " + opt.export_to[1] + ": " + ec.message();
  return "";
}

// The indexes of the items to verify: not those with an error (counted and printed), repeated
// ones, or those the earlier run of --resume holds (which count in the summary).
std::vector<size_t> items_to_do(const VerifyCliOptions& opt, const std::vector<VerifyItem>& items,
                                const ResumeState& resume, VerifyTally& tally) {
  std::vector<size_t> todo;
  std::set<std::string> seen;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].error.empty()) {
      std::cerr << "error: " << items[i].error << '\n';
      ++tally.errors;
    } else if (!seen.insert(items[i].key).second) {
      continue;
    } else if (auto it = resume.done.find(items[i].key); it != resume.done.end()) {
      tally.add(tally_name(items[i]), it->second);
      ++tally.resumed;
    } else {
      todo.push_back(i);
    }
  }
  if (!opt.output.empty() && !resume.done.empty()) {
    std::cerr << "Resuming " << opt.output << ": " << tally.resumed << " done, " << todo.size()
              << " to go\n";
    if (const size_t other = resume.done.size() - size_t(tally.resumed); other > 0) {
      auto it = std::find_if(resume.done.begin(), resume.done.end(),
                             [&](const auto& done) { return !seen.contains(done.first); });
      std::cerr << "note: " << other << " of the " << resume.done.size() << " problems in "
                << opt.output << " are not among these inputs (such as " << it->first
                << "): they stay in the file, left out of the summary\n";
    }
  }
  return todo;
}

// The exit status after a run (README: 0, 1 on an error, 2 with --fail-on, 130 interrupted).
int verify_exit_status(const VerifyCliOptions& opt, const VerifyTally& tally, bool interrupted,
                       int write_errors) {
  if (interrupted) return 130;
  if (tally.errors > 0 || write_errors > 0) return 1;
  const int failing = tally.count("unsound") + tally.count("unknown");
  if (opt.fail_on == "unsound" && failing > 0) return 2;
  if (opt.fail_on == "flawed" && failing + tally.count("flawed") > 0) return 2;
  return 0;
}

// What one problem's verification gives the output: the same bytes whether it ran here or on
// another rank (which sends them packed: tools/wire.h).
struct VerifyOutput {
  std::string json;  // the JSON line, newline included
  std::string text;  // the text report
  uint64_t nodes = 0;
  ResumedResult summary;  // what the tally counts
  std::string errors;     // export errors, one a line
};

VerifyOutput verify_output(const VerifyCliOptions& opt, const std::vector<std::string>& formats,
                           size_t index, const VerifyItem& item, const VerifyResult& r) {
  VerifyOutput out;
  out.json = verify_json(item, r) + "\n";
  out.text = opt.json ? "" : verify_text(int(index + 1), item, r);
  out.nodes = r.nodes;
  for (const std::string& format : formats)
    if (const std::string e = export_problem(item, r, format, opt.export_to[1]); !e.empty())
      out.errors += e + "\n";
  return out;
}

std::string pack_output(const VerifyOutput& o) {
  return pack({o.json, o.text, wire_number(o.nodes), o.errors});
}

VerifyOutput unpack_output(const std::string& bytes) {
  VerifyOutput o;
  const auto parts = unpack(bytes);
  if (!parts || parts->size() != 4) {
    o.errors = "a result from another rank that does not decode\n";
    return o;
  }
  o.json = (*parts)[0], o.text = (*parts)[1], o.nodes = wire_to_number((*parts)[2]);
  o.errors = (*parts)[3];
  const ResumeState s = read_resume(o.json);
  if (!s.done.empty()) o.summary = s.done.begin()->second;
  return o;
}

// A worker rank of --mpi: verifies the problems rank 0 sends, on --threads threads.
int verify_worker(const VerifyCliOptions& opt, const std::vector<std::string>& formats) {
  std::atomic<bool>& stop = catch_interrupt();
  auto tables = make_tables(size_t(opt.threads),
                            std::max<size_t>(1, opt.hash_mb - verify_scratch_mb(opt.hash_mb)));
  if (!tables) return fail(tables.error());
  const VerifyOptions options = verify_options(opt, &stop);
  work_for_rank0(opt.threads, opt.mpi_timeout, stop, [&](const std::string& task, int thread) {
    const auto parts = unpack(task);
    if (!parts || parts->size() != 2)
      return pack_output({"", "", 0, {}, "a task that does not decode\n"});
    const size_t index = wire_to_number((*parts)[0]);
    const VerifyItem item = decode_item((*parts)[1]);
    if (!item.error.empty()) return pack_output({"", "", 0, {}, item.error + "\n"});
    ProofTable& table = *(*tables)[size_t(thread)];
    if (table.used() > 0) table.clear();
    const VerifyResult r = verify(item.record.position, item.claim, table, options);
    return pack_output(verify_output(opt, formats, index, item, r));
  });
  return 0;
}

// Verifies the problems `todo` of `items` in this process, on --threads threads; an error
// message, or empty.
std::string verify_here(const VerifyCliOptions& opt, const std::vector<std::string>& formats,
                        const std::vector<VerifyItem>& items, const std::vector<size_t>& todo,
                        BatchProgress& progress, std::atomic<bool>& interrupted,
                        const std::function<void(size_t, const VerifyOutput&)>& report) {
  const size_t threads = std::max<size_t>(1, std::min<size_t>(opt.threads, todo.size()));
  // --hash is the memory of a thread: the shared table and the scratch table of its checks.
  auto tables =
      make_tables(threads, std::max<size_t>(1, opt.hash_mb - verify_scratch_mb(opt.hash_mb)));
  if (!tables) return tables.error();
  VerifyOptions options = verify_options(opt, &interrupted);
  // One problem: its threads solve it together, then search its checks together.
  if (todo.size() == 1) options.solve_threads = opt.threads;
  // A problem cut short by Ctrl-C is not reported: a resumed run does it again.
  run_batch(
      todo.size(), *tables, progress, &interrupted,
      [&](size_t i, ProofTable& table, const std::function<void(const SearchProgress&)>& live) {
        VerifyOptions o = options;
        o.limits.progress = live;
        return verify(items[todo[i]].record.position, items[todo[i]].claim, table, o);
      },
      [&](size_t i, const VerifyResult& r) {
        VerifyOutput out = verify_output(opt, formats, todo[i], items[todo[i]], r);
        out.summary = summary_of(r);
        report(i, out);
      });
  return "";
}

int run_verify(const VerifyCliOptions& opt) {
  if (opt.resume && opt.output.empty()) return fail("--resume needs --output FILE");
  std::vector<std::string> formats;
  if (const std::string e = export_formats(opt, formats); !e.empty()) return fail(e);
  if (opt.mpi) {
    Result<int> rank = farm_rank();
    if (!rank) return fail(rank.error());
    if (*rank != 0) return verify_worker(opt, formats);
  }
  const std::vector<VerifyItem> items = read_items(opt);
  if (items.empty() && !opt.files.empty())
    return fail("no such file: " + opt.inputs[0] + " (a SFEN and --file cannot be mixed)");

  VerifyTally tally;
  ResumeState resume;
  int fd = -1;
  if (!opt.output.empty()) {
    std::string earlier, error;
    fd = open_output(opt.output, opt.resume, earlier, error);
    if (fd < 0) return fail(error);
    resume = read_resume(earlier);
  }
  const std::vector<size_t> todo = items_to_do(opt, items, resume, tally);
  std::atomic<bool>& interrupted = catch_interrupt();
  const auto start = std::chrono::steady_clock::now();
  BatchProgress progress(todo.size(), stderr_is_terminal());
  InputOrder order(todo.size(), opt.ordered);
  size_t done = 0;
  int write_errors = 0;
  // Each result is on disk (--output) as soon as it is in, whatever --ordered holds back.
  const auto report = [&](size_t i, const VerifyOutput& out) {
    progress.finish(out.nodes, [&] {
      if (fd >= 0 && !out.json.empty() && !write_all(fd, out.json)) ++write_errors;
      order.ready(i, [&opt, out] { std::cout << (opt.json ? out.json : out.text) << std::flush; });
      if (!out.errors.empty()) {
        std::cerr << "error: " << out.errors << std::flush;
        ++write_errors;
      }
      if (!out.json.empty()) tally.add(tally_name(items[todo[i]]), out.summary);
      ++done;
    });
  };

  std::vector<std::string> unfinished;
  if (opt.mpi) {
    const auto task = [&](size_t i) {
      return pack({wire_number(todo[i]), encode_item(items[todo[i]])});
    };
    const auto result = [&](size_t i, const std::string& b) { report(i, unpack_output(b)); };
    for (size_t i : run_batch_on_ranks(todo.size(), task, result, &interrupted, opt.mpi_timeout))
      unfinished.push_back(items[todo[i]].key);
  } else if (const std::string e =
                 verify_here(opt, formats, items, todo, progress, interrupted, report);
             !e.empty()) {
    return fail(e);
  }
  order.flush();
  progress.clear();
  if (fd >= 0) ::close(fd);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  print_verify_summary(opt.json ? std::cerr : std::cout, tally, elapsed.count());
  if (write_errors > 0) std::cerr << "error: " << write_errors << " results could not be written\n";
  const std::string again =
      opt.output.empty() ? "\n" : "; run the same command with --resume to continue\n";
  if (!unfinished.empty()) {
    std::cerr << "Unfinished: " << unfinished.size() << " problems held by ranks that were lost or "
              << "stopped:";
    for (const std::string& key : unfinished) std::cerr << ' ' << key;
    std::cerr << again;
  }
  if (interrupted.load())
    std::cerr << "Interrupted: " << done << " of " << todo.size() << " problems verified" << again;
  if (!interrupted.load() && done < todo.size()) ++write_errors;  // a lost rank's problems
  return verify_exit_status(opt, tally, interrupted.load(), write_errors);
}

}  // namespace

Command add_verify(CLI::App& app) {
  auto opt = std::make_shared<VerifyCliOptions>();
  CLI::App* sub = app.add_subcommand(
      "verify", "Check tsume problems for soundness: mate, length, 余詰, 駒余り, 変同, 不要駒 ...");
  sub->add_option("INPUT", opt->inputs,
                  "KIF/KI2/CSA files, folders of them, collections (.tsv), or one SFEN; without "
                  "it, stdin");
  sub->add_option("--file", opt->files, "A collection, problem file or folder (repeatable)");
  sub->add_option("--length", opt->length, "With a SFEN: the claimed length in plies");
  sub->add_option("--line", opt->line, "With a SFEN: the claimed line, USI moves");
  sub->add_option("--format", opt->format, "What stdin holds")
      ->capture_default_str()
      ->transform(CLI::IsMember({"auto", "tsv", "kif", "csa"}, CLI::ignore_case));
  sub->add_option("--time", opt->seconds, "Time limit per problem in seconds (0: none)")
      ->check(CLI::NonNegativeNumber);
  sub->add_option("--nodes", opt->nodes,
                  "Node limit per problem, every check and pass included (0: none)")
      ->capture_default_str();
  sub->add_option("--check-nodes", opt->check_nodes,
                  "Node limit of one check (one alternative, one removed piece ...; 0: none) in "
                  "the first pass")
      ->capture_default_str();
  sub->add_option("--check-nodes-max", opt->check_nodes_max,
                  "A problem left unknown is verified again on the same table with 8 times the "
                  "nodes a check, up to this (0: one pass)")
      ->capture_default_str();
  add_table_options(sub, opt->hash_mb, opt->threads,
                    "Problems verified in parallel; for one problem, threads that search its "
                    "solve and its larger checks together",
                    opt->futile);
  sub->add_flag("--json", opt->json, "One JSON object per problem on stdout instead of text");
  sub->add_option("--output,-o", opt->output,
                  "Also write the JSON lines to FILE, each as its problem finishes");
  sub->add_flag("--resume", opt->resume,
                "Continue the run whose --output FILE exists: skip the problems it holds");
  sub->add_option("--fail-on", opt->fail_on,
                  "Exit with 2 when a problem is unsound (or unknown), "
                  "or also flawed")
      ->transform(CLI::IsMember({"unsound", "flawed"}, CLI::ignore_case));
  sub->add_option(
         "--export", opt->export_to,
         "FORMAT[,FORMAT...] DIR: write each solved problem with its verified solution: kif, ki2 "
         "(Shift_JIS), kifu, ki2u (UTF-8), csa (V3.0, UTF-8), csa2 (V2.2, Shift_JIS), svg "
         "(the diagram with the solution below)")
      ->expected(2);
  sub->add_flag("--no-unneeded", opt->no_unneeded, "Skip the 不要駒 check (the costliest)");
  sub->add_option("--profile", opt->profile,
                  "Judge by the conventions of an era (docs/RULES.md §5): modern (today's) or "
                  "classic (Edo and 妙手説 works); default: the problem's own era (a 時代 header, "
                  "a collection's sixth column), else modern")
      ->check(CLI::IsMember({"modern", "classic"}));
  add_ordered_option(sub, opt->ordered);
  add_mpi_options(sub, opt->mpi, opt->mpi_timeout,
                  "rank 0 reads the inputs and writes the results, the other ranks verify "
                  "(--threads each)");
  sub->add_flag("--strict-final", opt->strict_final,
                "Also prove the final move's longer alternatives (a deep flaw in the modern "
                "profile for the strictest judges)");
  sub->footer(
      "Verdicts: sound (notes only), flawed (キズ: kizu or kizu_deep), unsound (不詰, 余詰, 早詰, "
      "main-line 駒余り, a failing claimed line; modern also 変長), unknown (a check ran out of "
      "budget).\n"
      "Exit status: 0, 1 when an input had an error, 2 with --fail-on, 130 when interrupted.");
  return {sub, [opt] { return run_verify(*opt); }};
}

}  // namespace kanju::cli
