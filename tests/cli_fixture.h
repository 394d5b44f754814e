// Running the built `kanju` from a test: its stdout, and a check that it exited with 0.
#pragma once

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

inline std::string output_of(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  CHECK(pclose(p) == 0);
  return out;
}
