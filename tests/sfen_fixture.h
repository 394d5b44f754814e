// Test fixtures are built from SFEN strings: a position that fails to parse fails the test with
// the parser's message.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "solver/sfen.h"

namespace kanju::test {

inline Position from_sfen(const std::string& sfen) {
  auto r = parse_sfen(sfen);
  INFO(sfen << ": " << r.error());
  REQUIRE(r.ok());
  return r.value();
}

}  // namespace kanju::test
