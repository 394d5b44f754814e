// What `kanju verify` prints: a JSON line or a text block per problem, the summary table, and
// the reading of an earlier run's JSON lines for --resume.
#pragma once

#include <array>
#include <map>
#include <ostream>
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

// A problem of an earlier run, as its JSON line gives it (for --resume).
struct ResumedResult {
  std::string verdict;
  std::vector<std::string> kinds;
  double seconds = 0, solve_seconds = 0;
};

// What the tally counts of a result: what its JSON line gives read_resume.
ResumedResult summary_of(const VerifyResult& r);

// The name of a problem in the summary: its id, or its key where it has none.
inline const std::string& tally_name(const VerifyItem& item) {
  return item.id.empty() ? item.key : item.id;
}

// Counts per verdict and per finding kind, over this run and the resumed one.
struct VerifyTally {
  std::map<std::string, int> verdicts;  // "sound" ... "unknown"
  std::map<std::string, int> kinds;     // problems with at least one finding of a kind
  // The problems that are not sound, by verdict: their ids, or their keys where they have none.
  std::map<std::string, std::vector<std::string>> names;
  int errors = 0;
  double seconds = 0, solve_seconds = 0;  // the resumed problems included
  int resumed = 0;                        // problems counted from the earlier run

  // `name`: the problem's id, or its key.
  void add(const std::string& name, const ResumedResult& r);
  void add(const VerifyItem& item, const VerifyResult& r);
  int count(const std::string& verdict) const;
};

// The summary: a Markdown table of verdicts, one of finding kinds, errors and times (wall: this
// run's).
void print_verify_summary(std::ostream& out, const VerifyTally& t, double wall_seconds);

// An earlier run's output, for --resume: the problems it holds by key (complete lines only; the
// first line of a key) and where its last complete line ends (a torn last line, cut by an
// interruption, is dropped from there).
struct ResumeState {
  std::map<std::string, ResumedResult> done;
  size_t valid_bytes = 0;
};
ResumeState read_resume(const std::string& text);

}  // namespace kanju::cli
