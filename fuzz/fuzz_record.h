// Shared by the record fuzzers (fuzz_kif, fuzz_ki2, fuzz_csa): a record a reader accepts must
// survive being written and read again, in every format Kanju writes, with its position and line.
#pragma once

#include <cstdlib>
#include <string>

#include "solver/csa.h"
#include "solver/kif.h"
#include "solver/sfen.h"

namespace kanju::fuzz {

inline void require(bool ok) {
  if (!ok) std::abort();
}

inline void same_record(const ProblemRecord& a, const Result<ProblemRecord>& b) {
  require(b.ok());
  require(to_sfen(a.position) == to_sfen(b->position));
  require(a.claimed_line == b->claimed_line);
}

inline void check_round_trips(const ProblemRecord& record) {
  same_record(record, parse_kif(to_kif(record)));
  same_record(record, parse_ki2(to_ki2(record)));
  same_record(record, parse_csa(to_csa(record, CsaVersion::V2_2)));
  same_record(record, parse_csa(to_csa(record, CsaVersion::V3_0)));
}

}  // namespace kanju::fuzz
