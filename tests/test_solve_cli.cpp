// kanju solve over a collection, as a person resumes it: --output writes each record as it
// finishes, a run cut short (here: its file cut inside a line, as a kill leaves it) is finished
// by --resume, which keeps the complete lines, drops the torn one and solves only the rest; and
// --ordered prints the records in input order on two threads.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "cli_fixture.h"

namespace fs = std::filesystem;

namespace {

const std::string PROBLEMS = std::string(KANJU_TEST_DATA) + "/mpi50.tsv";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    lines.push_back(text.substr(start, end - start));
  return lines;
}

// A record without its times (the fields that differ between two runs).
std::string untimed(std::string line) {
  for (const char* key : {"\"nps\": ", "\"prove_seconds\": ", "\"seconds\": "}) {
    const size_t at = line.find(key);
    if (at == std::string::npos) continue;
    size_t end = line.find_first_of(",}", at + std::strlen(key));
    line.erase(at, end - at);
  }
  return line;
}

std::set<std::string> untimed_set(const std::vector<std::string>& lines) {
  std::set<std::string> set;
  for (const std::string& l : lines) set.insert(untimed(l));
  return set;
}

int line_number(const std::string& record) {
  const size_t at = record.find("\"line\": ");
  return at == std::string::npos ? 0 : std::stoi(record.substr(at + 8));
}

}  // namespace

TEST_CASE("solve: --output cut inside a line and --resume give one run's records", "[solve][cli]") {
  const fs::path file = fs::temp_directory_path() / "kanju-solve-resume.jsonl";
  fs::remove(file);
  const std::string solve = std::string(KANJU_BINARY) + " solve --file " + PROBLEMS;
  const std::vector<std::string> whole =
      lines_of(output_of(solve + " --json -o " + file.string() + " 2>/dev/null"));
  REQUIRE(whole.size() == 50);

  // Keep 20 records and half of the 21st.
  std::string text;
  {
    std::ifstream in(file, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  size_t cut = 0;
  for (int i = 0; i < 20; ++i) cut = text.find('\n', cut) + 1;
  cut += 30;
  fs::resize_file(file, cut);

  const std::string log =
      output_of(solve + " --json -o " + file.string() + " --resume 2>&1 >/dev/null");
  CHECK(log.find("Resuming " + file.string() + ": 20 done, 30 to go") != std::string::npos);
  CHECK(log.find("Solved 50 of 50") != std::string::npos);
  std::ifstream in(file, std::ios::binary);
  const std::vector<std::string> resumed =
      lines_of(std::string(std::istreambuf_iterator<char>(in), {}));
  CHECK(resumed.size() == 50);
  CHECK(untimed_set(resumed) == untimed_set(whole));
  fs::remove(file);
}

TEST_CASE("solve: --ordered prints a collection in input order on two threads", "[solve][cli]") {
  const std::vector<std::string> records =
      lines_of(output_of(std::string(KANJU_BINARY) + " solve --file " + PROBLEMS +
                         " --json --ordered --threads 2 2>/dev/null"));
  REQUIRE(records.size() == 50);
  for (size_t i = 1; i < records.size(); ++i)
    CHECK(line_number(records[i - 1]) < line_number(records[i]));
}

TEST_CASE("solve and verify: moves that leave the defender to move are an error, not no mate",
          "[solve][cli]") {
  // ▲５二金打 is mate: after it White is to move, and Black, the side not to move, has no king.
  // Read as a problem, White would be the attacker of a king that does not exist.
  const std::string position = "'4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 moves G*5b'";
  for (const std::string command : {" solve --quiet ", " verify --length 1 --line 5b5a "}) {
    const std::string out =
        output_of(std::string(KANJU_BINARY) + command + position + " 2>&1; echo exit=$?");
    INFO(out);
    CHECK(out.find("side not to move, Black, has no king") != std::string::npos);
    CHECK(out.find("exit=1") != std::string::npos);
    CHECK(out.find("No mate") == std::string::npos);
  }
}
