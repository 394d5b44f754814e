#include "futile_policy.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace kanju {

std::optional<FutilePolicy> parse_futile_policy(std::string_view name) {
  std::string s(name);
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  if (s == "composer") return FutilePolicy::Composer;
  if (s == "narrow" || s == "exclude") return FutilePolicy::Narrow;
  if (s == "count") return FutilePolicy::Count;
  if (s == "wide") return FutilePolicy::Wide;
  return std::nullopt;
}

const char* futile_policy_name(FutilePolicy policy) {
  switch (policy) {
    case FutilePolicy::Composer: return "composer";
    case FutilePolicy::Narrow: return "narrow";
    case FutilePolicy::Count: return "count";
    case FutilePolicy::Wide: return "wide";
  }
  return "composer";
}

}  // namespace kanju
