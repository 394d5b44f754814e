// The bytes that kanju's processes send each other (tools/mpi_farm.h): a list of strings packed
// into one string, each as its length (8 bytes, little-endian) then its bytes, so that any text
// (a KIF file, a JSON line) travels unchanged.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace kanju::cli {

std::string pack(const std::vector<std::string>& parts);

// The parts of pack()'s output; nullopt when `bytes` is not such a packing (a truncated message).
std::optional<std::vector<std::string>> unpack(const std::string& bytes);

// An unsigned number as one part, and back (0 for a part that is not a number).
inline std::string wire_number(uint64_t n) { return std::to_string(n); }
inline uint64_t wire_to_number(const std::string& s) {
  return std::strtoull(s.c_str(), nullptr, 10);
}

}  // namespace kanju::cli
