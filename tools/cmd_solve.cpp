// kanju solve: solves one problem given on the command line, or a collection of them (--file or
// stdin, one SFEN a line), printing each result as soon as it is found.
//
// A collection line is the format of problems/*.tsv: SFEN<TAB>expected<TAB>id<TAB>note<TAB>line,
// where only the SFEN is required, expected is an odd ply count or "nomate" (anything else claims
// nothing), and line is the published solution in USI moves ("-": none), which the printed main
// line follows wherever it is as good as any other; further columns are ignored. A line that does not parse is reported on stderr
// with its line number and the rest are still solved.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "batch.h"
#include "commands.h"
#include "json.h"
#include "progress.h"
#include "solver/claim.h"
#include "solver/diagram.h"
#include "solver/notation.h"
#include "solver/solve.h"
#include "solver/svg_diagram.h"
#include "solver/usi_move.h"

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
  std::vector<std::string> export_to;  // --export svg DIR
  std::string svg_dir;                 // from it: write each mate's diagram with its line here
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
  o.unproven_line = true;
  return o;
}

// --- Reading a collection

struct Collection {
  std::vector<Problem> problems;
  int errors = 0;  // lines that did not parse (already reported)
};

Collection read_collection(std::istream& in) {
  Collection c;
  int index = 0;
  for_each_collection_line(
      in, [&](int line, const std::string&, const std::vector<std::string>& cols) {
        ++index;
        Result<Position> pos = position_from_words({cols[0]});
        if (!pos) {
          std::cerr << "error: line " << line << ": " << pos.error() << '\n';
          ++c.errors;
          return;
        }
        std::vector<Move> published;
        if (cols.size() > 4 && !cols[4].empty() && cols[4] != "-") {
          Result<std::vector<Move>> moves = parse_usi_line(*pos, cols[4]);
          if (!moves) {
            std::cerr << "error: line " << line << ": fifth column (the published line), "
                      << moves.error() << '\n';
            ++c.errors;
            return;
          }
          published = std::move(*moves);
        }
        Claim claim = claim_from_column(cols.size() > 1 ? cols[1] : "");
        claim.line = std::move(published);
        c.problems.push_back({index, line, cols[0], cols.size() > 2 ? cols[2] : "",
                              std::move(claim), std::move(*pos)});
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
void print_compact(const Problem& p, const SolveResult& r) {
  std::cout << '#' << p.line << (p.id.empty() ? "" : " " + p.id) << ": ";
  if (r.status == SolveStatus::Mate)
    std::cout << "mate in " << r.length;
  else
    std::cout << (r.status == SolveStatus::NoMate ? "no mate" : "unknown");
  if (p.claim.kind != Claim::Kind::None) {
    std::cout << " (expected " << expected_text(p.claim) << ", " << verdict(judge(p.claim, r))
              << ')';
  }
  if (!p.claim.line.empty() && r.status == SolveStatus::Mate)
    std::cout << (r.line == p.claim.line ? ", the published line" : ", another line");
  std::printf("  nodes %llu  nodes/s %.0f  %.3fs\n", (unsigned long long)r.nodes,
              nodes_per_second(r), r.seconds);
  if (!r.line.empty())
    std::cout << "    " << line_to_japanese(p.position, r.line) << "\n    "
              << joined(usi_moves(r.line)) << '\n';
  std::cout << wide_futile_text(p.position, r, "    ");
  if (!r.note.empty()) std::cout << "    note: " << r.note << '\n';
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

struct Tally {
  int mate = 0, nomate = 0, unknown = 0;
  int matched = 0, mismatched = 0, unconfirmed = 0;
  std::vector<int> mismatch_lines;
  uint64_t nodes = 0;

  void add(const Problem& p, const SolveResult& r) {
    (r.status == SolveStatus::Mate ? mate : r.status == SolveStatus::NoMate ? nomate : unknown)++;
    nodes += r.nodes;
    if (p.claim.kind == Claim::Kind::None) return;
    const std::optional<bool> match = judge(p.claim, r);
    if (!match) {
      ++unconfirmed;
    } else if (*match) {
      ++matched;
    } else {
      ++mismatched;
      mismatch_lines.push_back(p.line);
    }
  }
};

void print_summary(std::ostream& out, const Tally& t, int errors, double seconds) {
  out << "Solved " << t.mate + t.nomate << " of " << t.mate + t.nomate + t.unknown << ": mate "
      << t.mate << ", no mate " << t.nomate << ", unknown " << t.unknown << '\n';
  out << "Expected: " << t.matched << " matched, " << t.mismatched << " mismatched, "
      << t.unconfirmed << " unconfirmed (unknown)\n";
  if (!t.mismatch_lines.empty()) {
    out << "Mismatched lines:";
    for (int line : t.mismatch_lines) out << ' ' << line;
    out << '\n';
  }
  out << "Errors: " << errors << '\n';
  char buf[128];
  std::snprintf(buf, sizeof buf, "Nodes: %llu  Nodes/s: %.0f  Time: %.3fs\n",
                (unsigned long long)t.nodes, seconds > 0 ? t.nodes / seconds : 0, seconds);
  out << buf << std::flush;
}

int run_collection(const SolveCliOptions& opt) {
  std::ifstream file;
  if (!opt.file.empty()) {
    file.open(opt.file);
    if (!file) return fail("cannot open " + opt.file + ": " + std::strerror(errno));
  } else if (isatty(STDIN_FILENO)) {
    std::cerr << "Reading problems from stdin, one SFEN a line; end with Ctrl-D.\n";
  }
  const Collection c = read_collection(opt.file.empty() ? std::cin : file);
  const size_t threads = std::max<size_t>(1, std::min<size_t>(opt.threads, c.problems.size()));
  auto tables = make_tables(threads, opt.hash_mb);
  if (!tables) return fail(tables.error());

  const auto start = std::chrono::steady_clock::now();
  Tally tally;
  BatchProgress progress(c.problems.size(), stderr_is_terminal());
  const SolveOptions options = solve_options(opt);
  run_batch(
      c.problems.size(), *tables, progress, nullptr,
      [&](size_t i, ProofTable& table, const std::function<void(const SearchProgress&)>& live) {
        SolveOptions o = options;
        o.limits.progress = live;
        o.preferred_line = c.problems[i].claim.line;
        return solve(c.problems[i].position, table, o);
      },
      [&](size_t i, const SolveResult& r) {
        const Problem& p = c.problems[i];
        progress.finish(r.nodes, [&] {
          tally.add(p, r);
          if (const std::string e = write_svg(opt.svg_dir, p, r); !e.empty())
            std::cerr << "error: " << e << '\n';
          if (opt.json)
            std::cout << json_record(p, r) << '\n';
          else
            print_compact(p, r);
        });
      });
  progress.clear();
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  // With --json, stdout holds only the records.
  print_summary(opt.json ? std::cerr : std::cout, tally, c.errors, elapsed.count());

  if (c.errors > 0) return 1;
  if (opt.fail_on_mismatch && tally.mismatched + tally.unconfirmed > 0) return 2;
  return 0;
}

int run_single(const SolveCliOptions& opt) {
  Result<Position> pos = position_from_words(opt.sfen);
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
  sub->add_option("--export", opt->export_to,
                  "svg DIR: also write each mate's diagram with its line as DIR/ID.svg "
                  "(problem-LINE.svg without an id)")
      ->expected(2);
  sub->add_flag("--quiet", opt->quiet, "No board diagram");
  sub->add_flag("--wide-futile", opt->wide_futile,
                "Also list the line's drops that composers often call futile (無駄合) though the "
                "narrow rule does not, and the length without them");
  sub->add_flag("--fail-on-mismatch", opt->fail_on_mismatch,
                "Exit with 2 when a result does not confirm an expected length or nomate");
  sub->footer(
      "Exit status: 0 when every line parsed, 1 when a line had an error, 2 with "
      "--fail-on-mismatch when an expectation was not confirmed.");
  return {sub, [opt] { return run_solve(*opt); }};
}

}  // namespace kanju::cli
