// Small text helpers shared by the readers (SFEN, USI, KIF, CSA): splitting into words, joining
// them back, and quoting user input inside an error message.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace kanju {

inline constexpr std::string_view SPACE_CHARS = " \t\r\n\f\v";

// The words of `s`, separated by any run of spaces, tabs or line breaks.
inline std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  for (size_t i = s.find_first_not_of(SPACE_CHARS); i != std::string_view::npos;
       i = s.find_first_not_of(SPACE_CHARS, i)) {
    const size_t end = std::min(s.find_first_of(SPACE_CHARS, i), s.size());
    words.push_back(s.substr(i, end - i));
    i = end;
  }
  return words;
}

// `s` without leading and trailing spaces, tabs and line breaks.
inline std::string trim(std::string_view s) {
  const size_t begin = s.find_first_not_of(SPACE_CHARS);
  if (begin == std::string_view::npos) return "";
  return std::string(s.substr(begin, s.find_last_not_of(SPACE_CHARS) - begin + 1));
}

// The tab-separated columns of a collection line, each trimmed.
inline std::vector<std::string> split_tabs(std::string_view line) {
  std::vector<std::string> columns;
  size_t start = 0;
  for (size_t tab; (tab = line.find('\t', start)) != std::string_view::npos; start = tab + 1)
    columns.push_back(trim(line.substr(start, tab - start)));
  columns.push_back(trim(line.substr(start)));
  return columns;
}

// Words [begin, end) joined by single spaces.
template <class It>
std::string join_words(It begin, It end) {
  std::string text;
  for (It it = begin; it != end; ++it) {
    if (!text.empty()) text += ' ';
    text += std::string_view(*it);
  }
  return text;
}

// Input quoted for a message: unprintable bytes escaped, and long input cut short so that a
// pasted file does not become the error message.
inline std::string quoted(std::string_view s, size_t max_shown = 24) {
  std::string out = "'";
  for (size_t i = 0; i < s.size() && i < max_shown; ++i) {
    const unsigned char c = s[i];
    if (c >= 0x20 && c < 0x7f) {
      out += char(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out + (s.size() > max_shown ? "...'" : "'");
}
inline std::string quoted(char c) { return quoted(std::string_view(&c, 1)); }

}  // namespace kanju
