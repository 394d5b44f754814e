// kanju solve: solves one problem given on the command line, or a collection of them (--file or
// stdin, one SFEN a line), printing each result as soon as it is found.
//
// A collection line is the format of problems/*.tsv: SFEN<TAB>expected<TAB>id<TAB>note<TAB>line,
// where only the SFEN is required, expected is an odd ply count or "nomate" (anything else claims
// nothing), and line is the published solution in USI moves ("-": none), which the printed main
// line follows wherever it is as good as any other; further columns are ignored. A line that does not parse is reported on stderr
// with its line number and the rest are still solved.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "batch.h"
#include "commands.h"
#include "interrupt.h"
#include "json.h"
#include "mpi_farm.h"
#include "output_file.h"
#include "progress.h"
#include "solver/claim.h"
#include "solver/diagram.h"
#include "solver/notation.h"
#include "solver/solve.h"
#include "solver/svg_diagram.h"
#include "solver/text.h"
#include "solver/usi_move.h"
#include "wire.h"

namespace kanju::cli {

namespace fs = std::filesystem;

namespace {

struct SolveCliOptions {
  std::vector<std::string> sfen;
  std::string file;
  double seconds = 0;  // 0: no limit
  uint64_t nodes = 0;  // 0: no limit
  size_t hash_mb = 256;
  int threads = 1;
  FutilePolicy futile = FutilePolicy::Composer;
  bool json = false;
  bool quiet = false;
  bool fail_on_mismatch = false;
  bool wide_futile = false;
  bool expect_no_mate = false;
  std::vector<std::string> export_to;  // --export svg DIR
  std::string svg_dir;                 // from it: write each mate's diagram with its line here
  std::string output;                  // --output FILE: the JSON lines, each as it finishes
  bool resume = false;
  bool ordered = false;
  bool mpi = false;
  double mpi_timeout = 30;
};

struct Problem {
  int index = 0;  // 1-based among the problem lines, the bad ones included
  int line = 0;   // line number in the input; 0 for a position given as arguments
  std::string sfen;
  std::string id;  // may be empty
  Claim claim;     // the expected column; its line: the fifth column (the published one), if any
  Position position;
};

SolveOptions solve_options(const SolveCliOptions& opt) {
  SolveOptions o;
  if (opt.nodes > 0) o.limits.max_nodes = opt.nodes;
  o.limits.max_seconds = opt.seconds;
  o.futile = opt.futile;
  o.wide_futile = opt.wide_futile;
  o.expect_no_mate = opt.expect_no_mate;
  o.unproven_line = true;
  return o;
}

// --- Reading a collection

struct Collection {
  std::vector<Problem> problems;
  int errors = 0;  // lines that did not parse (already reported)
};

// The problem of a collection line (its columns); an error names the column.
Result<Problem> problem_from_columns(int index, int line, const std::vector<std::string>& cols) {
  Result<Position> pos = problem_from_words({cols[0]});
  if (!pos) return Error{pos.error()};
  std::vector<Move> published;
  if (cols.size() > 4 && !cols[4].empty() && cols[4] != "-") {
    Result<std::vector<Move>> moves = parse_usi_line(*pos, cols[4]);
    if (!moves) return Error{"fifth column (the published line), " + moves.error()};
    published = std::move(*moves);
  }
  Claim claim = claim_from_column(cols.size() > 1 ? cols[1] : "");
  claim.line = std::move(published);
  return Problem{index,          line, cols[0], cols.size() > 2 ? cols[2] : "", std::move(claim),
                 std::move(*pos)};
}

Collection read_collection(std::istream& in, std::vector<std::string>* texts) {
  Collection c;
  int index = 0;
  for_each_collection_line(
      in, [&](int line, const std::string& text, const std::vector<std::string>& cols) {
        ++index;
        Result<Problem> p = problem_from_columns(index, line, cols);
        if (!p) {
          std::cerr << "error: line " << line << ": " << p.error() << '\n';
          ++c.errors;
          return;
        }
        c.problems.push_back(std::move(*p));
        if (texts) texts->push_back(text);
      });
  return c;
}

// --- Judging and printing one result

// Whether the result agrees with the claim; nullopt when there is no claim or no answer.
std::optional<bool> judge(const Claim& e, const SolveResult& r) {
  if (e.kind == Claim::Kind::None || r.status == SolveStatus::Unknown) return std::nullopt;
  if (e.kind == Claim::Kind::NoMate) return r.status == SolveStatus::NoMate;
  return r.status == SolveStatus::Mate && r.length == e.length;
}

const char* status_word(SolveStatus s) {
  return s == SolveStatus::Mate ? "mate" : s == SolveStatus::NoMate ? "nomate" : "unknown";
}

std::string expected_text(const Claim& e) {
  return e.kind == Claim::Kind::NoMate ? "nomate" : std::to_string(e.length);
}

const char* verdict(std::optional<bool> match) {
  if (!match) return "unconfirmed";
  return *match ? "ok" : "MISMATCH";
}

std::vector<std::string> usi_moves(const std::vector<Move>& line) {
  std::vector<std::string> moves;
  for (Move m : line) moves.push_back(to_usi(m));
  return moves;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

double nodes_per_second(const SolveResult& r) { return r.seconds > 0 ? r.nodes / r.seconds : 0; }

std::string json_record(const Problem& p, const SolveResult& r) {
  JsonObject o;
  o.integer("index", p.index);
  p.line ? o.integer("line", p.line) : o.null("line");
  p.id.empty() ? o.null("id") : o.str("id", p.id);
  o.str("sfen", p.sfen).str("status", status_word(r.status));
  r.status == SolveStatus::Mate ? o.integer("length", r.length) : o.null("length");
  // Unknown with a mate found: "mate in at most N", with that mate's line in usi/japanese.
  if (r.upper_bound >= 0) o.integer("upper_bound", r.upper_bound);
  if (r.wide_length >= 0) {
    std::vector<std::string> plies;
    for (const WideFutileDrop& d : r.wide_futile)
      plies.push_back(std::to_string(d.ply) + (d.shortens ? "" : " as long"));
    o.strings("wide_futile", plies).integer("wide_length", r.wide_length);
    o.strings("wide_usi", usi_moves(r.wide_line));
  }
  if (p.claim.kind == Claim::Kind::Length)
    o.integer("expected", p.claim.length);
  else if (p.claim.kind == Claim::Kind::NoMate)
    o.str("expected", "nomate");
  else
    o.null("expected");
  const std::optional<bool> match = judge(p.claim, r);
  match ? o.boolean("match", *match) : o.null("match");
  o.strings("usi", usi_moves(r.line));
  if (!p.claim.line.empty()) o.boolean("published_line", r.line == p.claim.line);
  o.str("japanese", r.line.empty() ? "" : line_to_japanese(p.position, r.line));
  o.integer("nodes", int64_t(r.nodes)).number("nps", nodes_per_second(r), 0);
  if (r.helper_nodes > 0) o.integer("helper_nodes", int64_t(r.helper_nodes));
  o.number("prove_seconds", r.prove_seconds, 3);
  o.integer("prove_nodes", int64_t(r.prove_nodes))
      .integer("shorten_nodes", int64_t(r.shorten_nodes))
      .integer("line_nodes", int64_t(r.line_nodes));
  o.number("seconds", r.seconds, 3).str("note", r.note);
  return o.text();
}

// "wide futile: 14 △３四歩打 ▲同角; 23 plies without them" and that line (--wide-futile).
std::string wide_futile_text(const Position& root, const SolveResult& r,
                             const std::string& indent) {
  if (r.wide_length < 0) return "";
  if (r.wide_futile.empty()) return indent + "wide futile: none\n";
  std::string text = indent + "wide futile:";
  for (const WideFutileDrop& d : r.wide_futile)
    text += " " + std::to_string(d.ply) + " " + d.text + (d.shortens ? "" : " (as long)") + ";";
  text += " " + std::to_string(r.wide_length) + " plies without them\n";
  return text + indent + line_to_japanese(root, r.wide_line) + '\n';
}

std::string headline(const SolveResult& r) {
  switch (r.status) {
    case SolveStatus::Mate: return "Mate in " + std::to_string(r.length);
    case SolveStatus::NoMate: return "No mate";
    default: return "Unknown: " + r.note;
  }
}

void print_single(const Problem& p, const SolveResult& r, bool quiet) {
  if (!quiet) std::cout << render_diagram(p.position) << '\n';
  std::cout << headline(r) << '\n';
  if (!r.line.empty())
    std::cout << line_to_japanese(p.position, r.line) << '\n' << joined(usi_moves(r.line)) << '\n';
  std::cout << wide_futile_text(p.position, r, "");
  std::printf("Nodes: %llu  Nodes/s: %.0f  Time: %.3fs\n", (unsigned long long)r.nodes,
              nodes_per_second(r), r.seconds);
}

// "#12 id: mate in 7 (expected 7, ok)  nodes 1234  nodes/s 56789  0.022s", then the line.
std::string compact_text(const Problem& p, const SolveResult& r) {
  std::ostringstream out;
  out << '#' << p.line << (p.id.empty() ? "" : " " + p.id) << ": ";
  if (r.status == SolveStatus::Mate)
    out << "mate in " << r.length;
  else
    out << (r.status == SolveStatus::NoMate ? "no mate" : "unknown");
  if (p.claim.kind != Claim::Kind::None)
    out << " (expected " << expected_text(p.claim) << ", " << verdict(judge(p.claim, r)) << ')';
  if (!p.claim.line.empty() && r.status == SolveStatus::Mate)
    out << (r.line == p.claim.line ? ", the published line" : ", another line");
  char stats[96];
  std::snprintf(stats, sizeof stats, "  nodes %llu  nodes/s %.0f  %.3fs\n",
                (unsigned long long)r.nodes, nodes_per_second(r), r.seconds);
  out << stats;
  if (!r.line.empty())
    out << "    " << line_to_japanese(p.position, r.line) << "\n    " << joined(usi_moves(r.line))
        << '\n';
  out << wide_futile_text(p.position, r, "    ");
  if (!r.note.empty()) out << "    note: " << r.note << '\n';
  return out.str();
}

// DIR/NAME.svg for a mate: NAME is the problem's id, else "problem-LINE" (its input line; "problem"
// for a SFEN given as arguments), with characters that do not belong in a file name replaced.
// Returns "" or what went wrong.
std::string write_svg(const std::string& dir, const Problem& p, const SolveResult& r) {
  if (dir.empty() || r.status != SolveStatus::Mate) return "";
  std::string name = !p.id.empty() ? p.id
                     : p.line      ? "problem-" + std::to_string(p.line)
                                   : "problem";
  for (char& c : name)
    if (c == '/' || c == '\\' || c == ':' || c == ' ' || c == '*' || c == '?') c = '_';
  SvgDiagramOptions svg;
  svg.title = p.id;
  svg.line = r.line;
  const std::string path = (fs::path(dir) / (name + ".svg")).string();
  std::ofstream out(path, std::ios::binary);
  out << render_svg_diagram(p.position, svg);
  return out ? "" : "cannot write " + path;
}

// --- Solving a collection

// What the summary counts of one result: what its JSON line says (so that a resumed run's and
// another rank's results count as this run's do).
struct SolveSummary {
  int line = 0;
  std::string status;  // mate, nomate, unknown
  uint64_t nodes = 0;
  bool claimed = false;       // the problem states an answer
  std::optional<bool> match;  // and the result confirms it or not (nullopt: unknown)
};

SolveSummary summary_of(const std::string& json) {
  SolveSummary s;
  size_t at = field_value(json, "line");
  if (at != std::string::npos) s.line = std::atoi(json.c_str() + at);
  if (at = field_value(json, "status"); at != std::string::npos && json[at] == '"')
    s.status = json_string_at(json, at);
  if (at = field_value(json, "nodes"); at != std::string::npos)
    s.nodes = std::strtoull(json.c_str() + at, nullptr, 10);
  if (at = field_value(json, "expected"); at != std::string::npos)
    s.claimed = json.compare(at, 4, "null") != 0;
  if (at = field_value(json, "match"); at != std::string::npos && json[at] != 'n')
    s.match = json[at] == 't';
  return s;
}

struct Tally {
  int mate = 0, nomate = 0, unknown = 0;
  int matched = 0, mismatched = 0, unconfirmed = 0;
  std::vector<int> mismatch_lines;
  uint64_t nodes = 0;
  int resumed = 0;

  void add(const SolveSummary& s) {
    (s.status == "mate" ? mate : s.status == "nomate" ? nomate : unknown)++;
    nodes += s.nodes;
    if (!s.claimed) return;
    if (!s.match) {
      ++unconfirmed;
    } else if (*s.match) {
      ++matched;
    } else {
      ++mismatched;
      mismatch_lines.push_back(s.line);
    }
  }
};

void print_summary(std::ostream& out, Tally t, int errors, double seconds) {
  out << "Solved " << t.mate + t.nomate << " of " << t.mate + t.nomate + t.unknown << ": mate "
      << t.mate << ", no mate " << t.nomate << ", unknown " << t.unknown << '\n';
  out << "Expected: " << t.matched << " matched, " << t.mismatched << " mismatched, "
      << t.unconfirmed << " unconfirmed (unknown)\n";
  if (!t.mismatch_lines.empty()) {
    std::sort(t.mismatch_lines.begin(), t.mismatch_lines.end());
    out << "Mismatched lines:";
    for (int line : t.mismatch_lines) out << ' ' << line;
    out << '\n';
  }
  if (t.resumed > 0)
    out << "Resumed from the earlier run: " << t.resumed << " (counted above, their nodes too)\n";
  out << "Errors: " << errors << '\n';
  char buf[128];
  std::snprintf(buf, sizeof buf, "Nodes: %llu  Nodes/s: %.0f  Time: %.3fs\n",
                (unsigned long long)t.nodes, seconds > 0 ? t.nodes / seconds : 0, seconds);
  out << buf << std::flush;
}

// One problem's output: the same bytes whether it was solved here or on another rank.
struct SolveOutput {
  std::string json, text, errors;
};

SolveOutput solve_output(const SolveCliOptions& opt, const Problem& p, const SolveResult& r) {
  SolveOutput out;
  out.json = json_record(p, r) + "\n";
  out.text = opt.json ? "" : compact_text(p, r);
  if (const std::string e = write_svg(opt.svg_dir, p, r); !e.empty()) out.errors = e + "\n";
  return out;
}

SolveResult solve_problem(const SolveCliOptions& opt, const Problem& p, ProofTable& table,
                          const std::function<void(const SearchProgress&)>& live,
                          const std::atomic<bool>* stop) {
  SolveOptions o = solve_options(opt);
  o.limits.progress = live;
  o.limits.stop = stop;
  o.preferred_line = p.claim.line;
  return solve(p.position, table, o);
}

// The problems an earlier run's --output holds, by input line, with their summaries.
std::map<int, SolveSummary> resumed_of(const std::string& text) {
  std::map<int, SolveSummary> done;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    const SolveSummary s = summary_of(text.substr(start, end - start));
    if (s.line > 0 && !s.status.empty()) done.emplace(s.line, s);
  }
  return done;
}

// A worker rank of --mpi: solves the collection lines rank 0 sends, on --threads threads.
int solve_worker(const SolveCliOptions& opt) {
  std::atomic<bool>& stop = catch_interrupt();
  auto tables = make_tables(size_t(opt.threads), opt.hash_mb);
  if (!tables) return fail(tables.error());
  work_for_rank0(opt.threads, opt.mpi_timeout, stop, [&](const std::string& task, int thread) {
    const auto parts = unpack(task);
    if (!parts || parts->size() != 3) return pack({"", "", "a task that does not decode\n"});
    const int line = int(wire_to_number((*parts)[1]));
    Result<Problem> p =
        problem_from_columns(int(wire_to_number((*parts)[0])), line, split_tabs((*parts)[2]));
    if (!p) return pack({"", "", "line " + std::to_string(line) + ": " + p.error() + "\n"});
    ProofTable& table = *(*tables)[size_t(thread)];
    if (table.used() > 0) table.clear();
    const SolveOutput out = solve_output(opt, *p, solve_problem(opt, *p, table, {}, &stop));
    return pack({out.json, out.text, out.errors});
  });
  return 0;
}

// The problems of the collection still to solve: not those an earlier run's --output holds
// (`resumed`), which count in the tally.
std::vector<size_t> problems_to_do(const SolveCliOptions& opt, const Collection& c,
                                   const std::map<int, SolveSummary>& resumed, Tally& tally) {
  std::vector<size_t> todo;
  for (size_t i = 0; i < c.problems.size(); ++i) {
    if (auto it = resumed.find(c.problems[i].line); it != resumed.end()) {
      tally.add(it->second);
      ++tally.resumed;
    } else {
      todo.push_back(i);
    }
  }
  if (tally.resumed > 0)
    std::cerr << "Resuming " << opt.output << ": " << tally.resumed << " done, " << todo.size()
              << " to go\n";
  return todo;
}

// --mpi, rank 0: the problems `todo` solved on the other ranks (each gets its line's text);
// returns the input lines of those left unfinished.
std::vector<int> solve_on_ranks(
    const SolveCliOptions& opt, const Collection& c, const std::vector<std::string>& texts,
    const std::vector<size_t>& todo, std::atomic<bool>& interrupted,
    const std::function<void(size_t, uint64_t, const SolveOutput&)>& report) {
  const auto task = [&](size_t i) {
    const Problem& p = c.problems[todo[i]];
    return pack({wire_number(uint64_t(p.index)), wire_number(uint64_t(p.line)), texts[todo[i]]});
  };
  const auto result = [&](size_t i, const std::string& bytes) {
    const auto parts = unpack(bytes);
    SolveOutput out;
    if (parts && parts->size() == 3)
      out = {(*parts)[0], (*parts)[1], (*parts)[2]};
    else
      out.errors = "a result from another rank that does not decode\n";
    report(i, out.json.empty() ? 0 : summary_of(out.json).nodes, out);
  };
  std::vector<int> unfinished;
  for (size_t i : run_batch_on_ranks(todo.size(), task, result, &interrupted, opt.mpi_timeout))
    unfinished.push_back(c.problems[todo[i]].line);
  return unfinished;
}

// Solves the problems `todo` of the collection in this process, on --threads threads; an error
// message, or empty.
std::string solve_here(const SolveCliOptions& opt, const Collection& c,
                       const std::vector<size_t>& todo, BatchProgress& progress,
                       std::atomic<bool>& interrupted,
                       const std::function<void(size_t, uint64_t, const SolveOutput&)>& report) {
  const size_t threads = std::max<size_t>(1, std::min<size_t>(opt.threads, todo.size()));
  auto tables = make_tables(threads, opt.hash_mb);
  if (!tables) return tables.error();
  run_batch(
      todo.size(), *tables, progress, &interrupted,
      [&](size_t i, ProofTable& table, const std::function<void(const SearchProgress&)>& live) {
        return solve_problem(opt, c.problems[todo[i]], table, live, &interrupted);
      },
      [&](size_t i, const SolveResult& r) {
        report(i, r.nodes, solve_output(opt, c.problems[todo[i]], r));
      });
  return "";
}

int run_collection(const SolveCliOptions& opt) {
  if (opt.mpi) {
    Result<int> rank = farm_rank();
    if (!rank) return fail(rank.error());
    if (*rank != 0) return solve_worker(opt);
  }
  std::ifstream file;
  if (!opt.file.empty()) {
    file.open(opt.file);
    if (!file) return fail("cannot open " + opt.file + ": " + std::strerror(errno));
  } else if (isatty(STDIN_FILENO)) {
    std::cerr << "Reading problems from stdin, one SFEN a line; end with Ctrl-D.\n";
  }
  std::vector<std::string> texts;  // each problem's line, as another rank reads it
  const Collection c = read_collection(opt.file.empty() ? std::cin : file, &texts);
  Tally tally;
  std::map<int, SolveSummary> resumed;
  int fd = -1;
  if (!opt.output.empty()) {
    std::string earlier, error;
    if ((fd = open_output(opt.output, opt.resume, earlier, error)) < 0) return fail(error);
    resumed = resumed_of(earlier);
  }
  const std::vector<size_t> todo = problems_to_do(opt, c, resumed, tally);

  std::atomic<bool>& interrupted = catch_interrupt();
  const auto start = std::chrono::steady_clock::now();
  BatchProgress progress(todo.size(), stderr_is_terminal());
  InputOrder order(todo.size(), opt.ordered);
  int write_errors = 0;
  size_t done = 0;
  const auto report = [&](size_t i, uint64_t nodes, const SolveOutput& out) {
    progress.finish(nodes, [&] {
      if (fd >= 0 && !out.json.empty() && !write_all(fd, out.json)) ++write_errors;
      order.ready(i, [&opt, out] { std::cout << (opt.json ? out.json : out.text) << std::flush; });
      if (!out.errors.empty()) std::cerr << "error: " << out.errors << std::flush, ++write_errors;
      if (!out.json.empty()) tally.add(summary_of(out.json));
      ++done;
    });
  };

  std::vector<int> unfinished;
  if (opt.mpi) {
    unfinished = solve_on_ranks(opt, c, texts, todo, interrupted, report);
  } else if (const std::string e = solve_here(opt, c, todo, progress, interrupted, report);
             !e.empty()) {
    return fail(e);
  }
  order.flush();
  progress.clear();
  if (fd >= 0) ::close(fd);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  // With --json, stdout holds only the records.
  print_summary(opt.json ? std::cerr : std::cout, tally, c.errors, elapsed.count());
  const std::string again =
      opt.output.empty() ? "\n" : "; run the same command with --resume to continue\n";
  if (!unfinished.empty()) {
    std::cerr << "Unfinished: " << unfinished.size()
              << " problems held by ranks that were lost or stopped, lines";
    for (int line : unfinished) std::cerr << ' ' << line;
    std::cerr << again;
  }
  if (interrupted.load()) {
    std::cerr << "Interrupted: " << done << " of " << todo.size() << " problems solved" << again;
    return 130;
  }
  if (c.errors > 0 || write_errors > 0 || done < todo.size()) return 1;
  if (opt.fail_on_mismatch && tally.mismatched + tally.unconfirmed > 0) return 2;
  return 0;
}

int run_single(const SolveCliOptions& opt) {
  Result<Position> pos = problem_from_words(opt.sfen);
  if (!pos) return fail(pos.error());
  const Problem p{1, 0, joined(opt.sfen), "", {}, std::move(*pos)};
  auto tables = make_tables(1, opt.hash_mb);
  if (!tables) return fail(tables.error());
  SolveOptions options = solve_options(opt);
  options.threads = opt.threads;  // one problem: its threads share the one table
  // The live line of a long search (on a terminal only: logs and pipes stay clean).
  const bool live = stderr_is_terminal();
  SearchProgressLine progress(live);
  if (live) options.limits.progress = [&](const SearchProgress& s) { progress.update(s); };
  const SolveResult r = solve(p.position, *tables->front(), options);
  progress.clear();
  if (opt.json)
    std::cout << json_record(p, r) << std::endl;
  else
    print_single(p, r, opt.quiet);
  if (const std::string e = write_svg(opt.svg_dir, p, r); !e.empty()) return fail(e);
  return 0;
}

int run_solve(SolveCliOptions opt) {
  if (!opt.sfen.empty() && !opt.file.empty()) return fail("give either a SFEN or --file, not both");
  if (!opt.sfen.empty() && (opt.mpi || !opt.output.empty()))
    return fail(std::string(opt.mpi ? "--mpi" : "--output") +
                " is for a collection (--file or stdin), not one SFEN");
  if (opt.resume && opt.output.empty()) return fail("--resume needs --output FILE");
  if (!opt.export_to.empty()) {
    if (opt.export_to[0] != "svg")
      return fail("--export " + opt.export_to[0] + ": solve writes svg (verify writes records)");
    opt.svg_dir = opt.export_to[1];
    std::error_code ec;
    fs::create_directories(opt.svg_dir, ec);
    if (ec) return fail("--export svg " + opt.svg_dir + ": " + ec.message());
  }
  return opt.sfen.empty() ? run_collection(opt) : run_single(opt);
}

}  // namespace

Command add_solve(CLI::App& app) {
  auto opt = std::make_shared<SolveCliOptions>();
  CLI::App* sub = app.add_subcommand("solve", "Solve a tsume problem, or a file of them");
  sub->add_option("SFEN", opt->sfen,
                  "The problem, as for show; without it, problems are read from --file or stdin");
  sub->add_option(
      "--file", opt->file,
      "Problems, one a line: SFEN[<TAB>expected[<TAB>id[<TAB>note[<TAB>published line]]]]; "
      "the printed line follows the published one wherever it is as good");
  sub->add_option("--time", opt->seconds, "Time limit per problem in seconds (0: none)")
      ->check(CLI::NonNegativeNumber);
  sub->add_option("--nodes", opt->nodes, "Node limit per problem (0: none)");
  add_table_options(sub, opt->hash_mb, opt->threads,
                    "Threads: for one SFEN, searches of that problem sharing one table of --hash "
                    "MB (the answer is one thread's, found sooner); for a file, problems solved "
                    "in parallel",
                    opt->futile, true);
  sub->add_flag("--json", opt->json, "One JSON object per problem, printed as each finishes");
  sub->add_option("--output,-o", opt->output,
                  "Also write the JSON lines to FILE, each as its problem finishes (a collection)");
  sub->add_flag("--resume", opt->resume,
                "Continue the run whose --output FILE exists: skip the input lines it holds");
  add_ordered_option(sub, opt->ordered);
  add_mpi_options(sub, opt->mpi, opt->mpi_timeout,
                  "rank 0 reads the collection and writes the results, the other ranks solve "
                  "(--threads each)");
  sub->add_option("--export", opt->export_to,
                  "svg DIR: also write each mate's diagram with its line as DIR/ID.svg "
                  "(problem-LINE.svg without an id)")
      ->expected(2);
  sub->add_flag("--quiet", opt->quiet, "No board diagram");
  sub->add_flag("--wide-futile", opt->wide_futile,
                "Also list the line's drops that composers often call futile (無駄合) though the "
                "narrow rule does not, and the length without them");
  sub->add_flag("--expect-no-mate", opt->expect_no_mate,
                "Search the first question as one expected to fail (as verify's checks): the "
                "same answers in another order, faster on some problems and slower on others");
  sub->add_flag("--fail-on-mismatch", opt->fail_on_mismatch,
                "Exit with 2 when a result does not confirm an expected length or nomate");
  sub->footer(
      "Exit status: 0 when every line parsed, 1 when a line had an error (or a problem was "
      "left unfinished by a lost rank), 2 with --fail-on-mismatch when an expectation was not "
      "confirmed, 130 when interrupted.");
  return {sub, [opt] { return run_solve(*opt); }};
}

}  // namespace kanju::cli
