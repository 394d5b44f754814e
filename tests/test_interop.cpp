// Records written by tsshogi, the record library of ShogiHome (tests/data/interop, made by
// tools/interop/run.sh --update-golden): KIF and KI2 in UTF-8 with LF and in Shift_JIS with CRLF,
// CSA V2.2 and V3.0, Black and White attacking, promotions and non-promotions. Kanju must read
// each to the position and moves tsshogi reads (expected.tsv).
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "solver/csa.h"
#include "solver/kif.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"

using namespace kanju;

namespace {

const std::string INTEROP = std::string(KANJU_TEST_DATA) + "/interop/";

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

Result<ProblemRecord> read_record(const std::string& file) {
  const std::string bytes = bytes_of(INTEROP + file);
  const std::string ext = file.substr(file.rfind('.'));
  if (ext == ".csa") return parse_csa(bytes, file);
  if (ext == ".ki2" || ext == ".ki2u") return parse_ki2(bytes, file);
  return parse_kif(bytes, file);
}

std::string first_fields(const std::string& sfen, int n) {
  std::istringstream in(sfen);
  std::string out;
  std::string w;
  for (int i = 0; i < n && in >> w; ++i) out += (i ? " " : "") + w;
  return out;
}

}  // namespace

TEST_CASE("Kanju reads the records tsshogi writes: KIF, KI2 (UTF-8, Shift_JIS) and CSA",
          "[interop][kif][csa]") {
  std::ifstream in(INTEROP + "expected.tsv");
  REQUIRE(in);
  int files = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string s; std::getline(ss, s, '\t');) f.push_back(s);
    REQUIRE(f.size() == 3);
    INFO(f[0]);
    const Result<ProblemRecord> record = read_record(f[0]);
    REQUIRE(record.ok());
    CHECK(first_fields(to_sfen(record->position), 3) == f[1]);
    std::string moves;
    for (Move m : record->claimed_line) moves += (moves.empty() ? "" : " ") + to_usi(m);
    CHECK(moves == f[2]);
    ++files;
  }
  // Five problems, six files each (.kif .kifu .ki2 .ki2u and two CSA versions).
  CHECK(files == 30);
}
