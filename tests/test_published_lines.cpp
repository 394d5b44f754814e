// The published 将棋図巧 lines (problems/zukou_answers.tsv) against their problems
// (problems/zukou.tsv): every line replays as a mate, as tools/compare_published.py assumes.
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
