#include "profile.h"

namespace kanju {

std::optional<Profile> parse_profile(std::string_view text) {
  for (std::string_view w : {"modern", "Modern", "MODERN", "現代"})
    if (text == w) return Profile::Modern;
  for (std::string_view w : {"classic", "Classic", "CLASSIC", "edo", "Edo", "江戸", "古典"})
    if (text == w) return Profile::Classic;
  return std::nullopt;
}

}  // namespace kanju
