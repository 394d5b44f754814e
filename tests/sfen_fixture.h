// Test fixtures are built from SFEN strings: a position that fails to parse fails the test with
// the parser's message.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "solver/sfen.h"
#include "solver/usi_move.h"

namespace kanju::test {

inline Position from_sfen(const std::string& sfen) {
  auto r = parse_sfen(sfen);
  INFO(sfen << ": " << r.error());
  REQUIRE(r.ok());
  return r.value();
}

// A move in USI notation, legal in pos; an illegal one fails the test with the reason.
inline Move usi_move(const Position& pos, const std::string& text) {
  auto m = parse_usi_move(pos, text);
  INFO(text << ": " << m.error());
  REQUIRE(m.ok());
  return m.value();
}

// A line of USI moves played from pos, each legal where it is played.
inline std::vector<Move> usi_line(const Position& pos, const std::string& text) {
  auto line = parse_usi_line(pos, text);
  INFO(text << ": " << line.error());
  REQUIRE(line.ok());
  return line.value();
}

}  // namespace kanju::test
