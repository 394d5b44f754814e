// The generator's random numbers: a small, fast generator whose every output is fixed by its
// seed on every platform (std:: distributions are not: their algorithms are left to the library),
// so that a run is reproduced exactly from --seed and the thread count.
#pragma once

#include <cstdint>

namespace kanju {

// SplitMix64's finaliser: spreads nearby inputs (seed, batch, index) over the whole range.
constexpr uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(mix64(seed)) {}
  // The stream of one job, e.g. candidate `index` of batch `batch` of the run seeded `seed`.
  static Rng for_job(uint64_t seed, uint64_t batch, uint64_t index) {
    return Rng(mix64(mix64(seed) ^ batch) ^ mix64(index + 0x5bd1e995));
  }

  uint64_t next() {
    s_ += 0x9e3779b97f4a7c15ull;
    return mix64(s_);
  }
  // Uniform in [0, n), n > 0 (multiply-shift: no modulo bias worth mentioning for small n).
  int below(int n) { return int((unsigned __int128)next() * uint64_t(n) >> 64); }
  // Uniform in [0, 1).
  double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
  bool chance(double p) { return uniform() < p; }

 private:
  uint64_t s_;
};

}  // namespace kanju
