#include "wire.h"

namespace kanju::cli {

std::string pack(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) {
    uint64_t n = p.size();
    for (int i = 0; i < 8; ++i, n >>= 8) out += char(n & 0xff);
    out += p;
  }
  return out;
}

std::optional<std::vector<std::string>> unpack(const std::string& bytes) {
  std::vector<std::string> parts;
  for (size_t at = 0; at < bytes.size();) {
    if (bytes.size() - at < 8) return std::nullopt;
    uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = n << 8 | uint8_t(bytes[at + size_t(i)]);
    at += 8;
    if (n > bytes.size() - at) return std::nullopt;
    parts.push_back(bytes.substr(at, size_t(n)));
    at += size_t(n);
  }
  return parts;
}

}  // namespace kanju::cli
