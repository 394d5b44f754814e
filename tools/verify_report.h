// What `kanju verify` prints: a JSON line or a text block per problem, the summary table, and
// the reading of an earlier run's JSON lines for --resume.
#pragma once

#include <array>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "solver/verify.h"
#include "verify_input.h"

namespace kanju::cli {

// One JSON object (no newline): key, source, line, id, sfen, headers, status, length, claimed,
// verdict, kinds, reasons, findings, main_line, japanese, nodes, seconds, solve_seconds.
std::string verify_json(const VerifyItem& item, const VerifyResult& r);

// "#3 zukou-003 (problems/zukou.tsv:5): unsound  mate in 13 (claimed 11) ..." and one line per
// finding, each ending with '\n'.
std::string verify_text(int number, const VerifyItem& item, const VerifyResult& r);

// One finding in words, its moves in Japanese: "余詰 at ply 5: ▲２三金打 also mates in 9 ...".
std::string describe(const Position& root, const VerifyResult& r, const Finding& f);

// Counts per verdict and per finding kind, over this run and the resumed one.
struct VerifyTally {
  std::map<std::string, int> verdicts;  // "sound" ... "unknown"
  std::map<std::string, int> kinds;     // problems with at least one finding of a kind
  std::vector<std::string> failing;     // keys of unsound and unknown problems
  std::vector<std::string> flawed;      // keys of flawed problems
  int errors = 0;
  double seconds = 0, solve_seconds = 0;  // this run's problems only
  int resumed = 0;

  void add(const std::string& key, const std::string& verdict,
           const std::vector<std::string>& kinds_found);
  void add(const VerifyItem& item, const VerifyResult& r);
  int count(const std::string& verdict) const;
};

// The summary: a Markdown table of verdicts, one of finding kinds, errors and times.
void print_verify_summary(std::ostream& out, const VerifyTally& t, double wall_seconds);

// An earlier run's output, for --resume: the keys it holds (complete lines only) and where its
// last complete line ends (a torn last line, cut by an interruption, is dropped from there).
struct ResumeState {
  std::set<std::string> done;
  size_t valid_bytes = 0;
};
ResumeState read_resume(const std::string& text, VerifyTally& tally);

}  // namespace kanju::cli
