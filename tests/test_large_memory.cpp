// The large tables' memory (solver/large_memory.h): zero-filled, aligned for 2 MB pages, and
// a proof table on it starts empty.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

#include "solver/large_memory.h"
#include "solver/proof_table.h"

using namespace kanju;

TEST_CASE("large memory: zero-filled, aligned to 2 MB, writable", "[large_memory]") {
  const size_t bytes = (size_t(5) << 20) + 123;
  LargeMemory memory(bytes);
  const auto* p = static_cast<const unsigned char*>(memory.data());
  REQUIRE(p != nullptr);
  CHECK(uintptr_t(p) % (size_t(2) << 20) == 0);
  size_t nonzero = 0;
  for (size_t i = 0; i < bytes; i += 4093) nonzero += p[i] != 0;
  CHECK(nonzero == 0);
  CHECK(p[bytes - 1] == 0);
  std::memset(memory.data(), 0xab, bytes);
  CHECK(p[bytes - 1] == 0xab);
}

TEST_CASE("large memory: a new proof table is empty", "[large_memory]") {
  ProofTable table(4);
  CHECK(table.used() == 0);
  CHECK(table.hashfull() == 0);
  const TableResult r = table.probe(0x123456789abcdefULL, Hand(), 5);
  CHECK_FALSE(r.found);
}
