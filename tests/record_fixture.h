// Fixtures of the problem-file tests (KIF, KI2, CSA): the 7-move problem, reading a file from
// tests/data, a reader's result that must be good, and a line as USI text.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "solver/problem_record.h"
#include "solver/usi_move.h"

namespace kanju::test {

inline const std::string TSUME_7 = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";
inline const std::string TSUME_7_USI = "R*2b 2c1d G*1e 1d1e G*1f 1e1d S*1e";

inline std::string data_file(const std::string& name) {
  std::ifstream in(std::string(KANJU_TEST_DATA) + "/" + name, std::ios::binary);
  INFO(name);
  REQUIRE(in);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

inline ProblemRecord parsed(const Result<ProblemRecord>& r) {
  INFO(r.error());
  REQUIRE(r.ok());
  return r.value();
}

inline std::string usi_line(const std::vector<Move>& line) {
  std::string out;
  for (Move m : line) {
    if (!out.empty()) out += ' ';
    out += to_usi(m);
  }
  return out;
}

}  // namespace kanju::test
