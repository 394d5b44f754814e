// The published 将棋図巧 lines (problems/zukou_answers.tsv) against their problems
// (problems/zukou.tsv): every line replays as a mate, as tools/compare_published.py assumes.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "solver/dfpn.h"
#include "solver/sfen.h"
#include "solver/solve.h"
#include "solver/usi_move.h"

using namespace kanju;

namespace {

const std::string PROBLEMS = std::string(KANJU_TEST_DATA) + "/../../problems/";

// The tab-separated fields of each line but blanks and comments.
std::vector<std::vector<std::string>> rows(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::vector<std::vector<std::string>> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
    out.push_back(fields);
  }
  return out;
}

}  // namespace

TEST_CASE("every published 将棋図巧 line replays as a mate from its problem", "[data]") {
  std::map<std::string, std::string> sfen_of;
  for (const auto& f : rows(PROBLEMS + "zukou.tsv"))
    if (f.size() >= 3) sfen_of[f[2]] = f[0];
  const auto answers = rows(PROBLEMS + "zukou_answers.tsv");
  CHECK(answers.size() == 100);
  ProofTable table(4);
  for (const auto& f : answers) {
    REQUIRE(f.size() == 3);
    INFO(f[0]);
    REQUIRE(sfen_of.count(f[0]) == 1);
    auto parsed = parse_sfen(sfen_of[f[0]]);
    REQUIRE(parsed.ok());
    Position pos = parsed.value();
    const Position root = pos;
    std::vector<Move> line;
    std::stringstream moves(f[2]);
    for (std::string text; moves >> text;) {
      auto m = parse_usi_move(pos, text);
      INFO(text);
      REQUIRE(m.ok());
      line.push_back(m.value());
      pos.do_move(m.value());
    }
    CHECK(int(line.size()) == std::stoi(f[1]));
    // Three lines (026, 073, 093) end where only futile drops are left.
    Dfpn dfpn(table, SearchLimits{});
    CHECK(check_main_line(root, line, [&](Position& p, Move m) {
            return dfpn.is_futile(p, root.side_to_move(), m);
          }) == "");
  }
}

TEST_CASE("zukou.tsv carries each published line as its fifth column and the classic era",
          "[data]") {
  std::map<std::string, std::string> answer_of;
  for (const auto& f : rows(PROBLEMS + "zukou_answers.tsv")) answer_of[f[0]] = f[2];
  int with_line = 0;
  for (const auto& f : rows(PROBLEMS + "zukou.tsv")) {
    INFO(f[2]);
    REQUIRE(f.size() == 6);
    CHECK(f[5] == "classic");
    const auto it = answer_of.find(f[2]);
    CHECK(f[4] == (it == answer_of.end() ? "-" : it->second));
    with_line += it != answer_of.end();
  }
  CHECK(with_line == 100);
}

TEST_CASE("solve prints the published line where it is as good as any other", "[data][solve]") {
  // 図巧5 and 図巧36: without the published line to prefer, the extraction takes other moves of
  // the same value (a tie in generation order); with it, the published line.
  std::map<std::string, std::vector<std::string>> problem_of;
  for (const auto& f : rows(PROBLEMS + "zukou.tsv")) problem_of[f[2]] = f;
  for (const char* id : {"zukou-005", "zukou-036"}) {
    INFO(id);
    const auto& f = problem_of.at(id);
    const Position root = parse_sfen(f[0]).value();
    const std::vector<Move> published = parse_usi_line(root, f[4]).value();
    ProofTable table(64);
    SolveOptions options;
    options.limits.max_nodes = 5'000'000;
    const SolveResult plain = solve(root, table, options);
    REQUIRE(plain.status == SolveStatus::Mate);
    CHECK(plain.length == int(published.size()));
    CHECK(plain.line != published);
    table.clear();
    options.preferred_line = published;
    const SolveResult preferred = solve(root, table, options);
    REQUIRE(preferred.status == SolveStatus::Mate);
    CHECK(preferred.length == plain.length);
    CHECK(preferred.line == published);
  }
}

TEST_CASE("a preferred line that is not minimax is left where it stops being so", "[solve]") {
  // 図巧12: the published reply at ply 16 is not the longest (27 plies against 21). The line
  // printed follows the published one up to there and is the minimax line.
  std::map<std::string, std::vector<std::string>> problem_of;
  for (const auto& f : rows(PROBLEMS + "zukou.tsv")) problem_of[f[2]] = f;
  const auto& f = problem_of.at("zukou-012");
  const Position root = parse_sfen(f[0]).value();
  const std::vector<Move> published = parse_usi_line(root, f[4]).value();
  ProofTable table(64);
  SolveOptions options;
  options.limits.max_nodes = 5'000'000;
  options.preferred_line = published;
  const SolveResult r = solve(root, table, options);
  REQUIRE(r.status == SolveStatus::Mate);
  CHECK(r.length == 27);
  REQUIRE(r.line.size() == 27);
  CHECK(std::equal(published.begin(), published.begin() + 15, r.line.begin()));
  CHECK(r.line[15] != published[15]);
}
