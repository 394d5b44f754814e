// The judging profiles of docs/RULES.md §5: a work is judged by the conventions of its era.
//   Modern   today's 詰将棋パラダイス practice (the default): 変長 is unsound, 変同, 迂回, 手順前後
//            and the kinds of 非限定 are flaws (キズ), 不要駒 a shallow flaw.
//   Classic  the 妙手説 era (Edo 図式 such as 将棋図巧, and works up to early Shōwa): the same core
//            (no 不詰, no independent 余詰, no main-line 駒余り), and 変長, 変同, 迂回, 手順前後,
//            非限定 and 不要駒 are not held against the work (notes).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace kanju {

enum class Profile : uint8_t { Modern, Classic };
inline constexpr int PROFILE_NB = 2;

inline const char* to_string(Profile p) { return p == Profile::Classic ? "classic" : "modern"; }

// "modern" or "classic" (also the era words a record may carry: "edo", "江戸", "古典" read as
// classic; "現代" as modern); nullopt for anything else.
std::optional<Profile> parse_profile(std::string_view text);

}  // namespace kanju
