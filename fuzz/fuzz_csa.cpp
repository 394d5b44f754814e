// libFuzzer target for the CSA reader: any input gives a record or an error, never a crash or a
// hang, and an accepted record survives writing and reading again in every format.
#include <cstdint>
#include <string_view>

#include "fuzz_record.h"

using namespace kanju;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const Result<ProblemRecord> record = parse_csa(bytes, "fuzz");
  if (record.ok()) fuzz::check_round_trips(*record);
  return 0;
}
