#include "batch.h"

#include <charconv>
#include <new>

#include "solver/text.h"

namespace kanju::cli {

Expected parse_expected(const std::string& column) {
  if (column == "nomate") return {Expected::NoMate, 0};
  int n = 0;
  auto [end, ec] = std::from_chars(column.data(), column.data() + column.size(), n);
  if (ec == std::errc() && end == column.data() + column.size() && n > 0)
    return {Expected::Length, n};
  return {};
}

void for_each_collection_line(
    std::istream& in,
    const std::function<void(int, const std::string&, const std::vector<std::string>&)>& problem) {
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    const std::vector<std::string> cols = split_tabs(text);
    if ((cols.size() == 1 && cols[0].empty()) || cols[0].starts_with('#')) continue;
    problem(line, text, cols);
  }
}

void add_table_options(CLI::App* sub, size_t& hash_mb, int& threads,
                       const std::string& threads_help, std::string& futile, bool allow_wide) {
  sub->add_option("--hash", hash_mb, "Proof table size in MB, per thread")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  sub->add_option("--threads", threads, threads_help)
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  std::vector<std::string> policies = {"exclude", "count"};
  if (allow_wide) policies.push_back("wide");
  sub->add_option("--futile", futile,
                  allow_wide
                      ? "Futile interpositions (無駄合): exclude (the narrow rule), count, or "
                        "wide (also drops that only add two plies)"
                      : "Futile interpositions (無駄合): left out of the length, or counted")
      ->capture_default_str()
      ->transform(CLI::IsMember(policies, CLI::ignore_case));
}

FutilePolicy futile_policy(const std::string& name) {
  return name == "count"  ? FutilePolicy::Count
         : name == "wide" ? FutilePolicy::Wide
                          : FutilePolicy::Exclude;
}

Result<std::vector<std::unique_ptr<ProofTable>>> make_tables(size_t count, size_t megabytes) {
  std::vector<std::unique_ptr<ProofTable>> tables;
  try {
    for (size_t i = 0; i < count; ++i) tables.push_back(std::make_unique<ProofTable>(megabytes));
  } catch (const std::bad_alloc&) {
    return Error{"cannot allocate " + std::to_string(count) + " hash table(s) of " +
                 std::to_string(megabytes) + " MB: lower --hash or --threads"};
  }
  return tables;
}

}  // namespace kanju::cli
