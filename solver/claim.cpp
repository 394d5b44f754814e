#include "claim.h"

#include <charconv>

namespace kanju {

Claim claim_from_column(std::string_view column) {
  Claim c;
  if (column == "nomate") {
    c.kind = Claim::Kind::NoMate;
    return c;
  }
  int n = 0;
  auto [end, ec] = std::from_chars(column.data(), column.data() + column.size(), n);
  if (ec == std::errc() && end == column.data() + column.size() && n > 0) {
    c.kind = Claim::Kind::Length;
    c.length = n;
  }
  return c;
}

}  // namespace kanju
