// kanju verify as a person runs it over a folder of problem files: the built binary verifies a
// folder of KIF, KI2 and CSA files on two threads, is interrupted (SIGINT, as Ctrl-C sends) once
// its first results are written, and is run again with --resume. Every problem must end up in
// the output file exactly once, and the summary of the resumed run must count them all. A hang
// fails the test at a time-out instead of blocking the run.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr double PATIENCE = 60;  // seconds before a run counts as hung

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

size_t count_lines(const fs::path& path) {
  const std::string text = read_text(path);
  return size_t(std::count(text.begin(), text.end(), '\n'));
}

// A temporary folder, removed with what it holds.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "kanju-verify-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// `kanju ARGS...` in a child process, its stdout and stderr to files in `dir`.
class Run {
 public:
  Run(const fs::path& dir, const std::string& name, const std::vector<std::string>& args)
      : out_(dir / (name + ".out")), err_(dir / (name + ".err")) {
    std::vector<std::string> words = {"kanju"};
    words.insert(words.end(), args.begin(), args.end());
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      const int out = open(out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int err = open(err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (out < 0 || err < 0) _exit(126);
      dup2(out, STDOUT_FILENO);
      dup2(err, STDERR_FILENO);
      std::vector<char*> argv;
      for (std::string& w : words) argv.push_back(w.data());
      argv.push_back(nullptr);
      execv(KANJU_BINARY, argv.data());
      _exit(127);
    }
  }
  ~Run() {
    if (!exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  void interrupt() { REQUIRE(kill(pid_, SIGINT) == 0); }
  bool running() {
    int status = 0;
    if (exited_ || waitpid(pid_, &status, WNOHANG) != pid_) return !exited_;
    exited_ = true;
    code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return false;
  }

  // The exit code, once the process has ended (a failed check after PATIENCE seconds).
  int wait() {
    const auto start = Clock::now();
    while (running() && seconds_since(start) < PATIENCE) usleep(2000);
    INFO("kanju did not end within " << PATIENCE << " s");
    REQUIRE(!running());
    return code_;
  }

  std::string out() const { return read_text(out_); }
  std::string err() const { return read_text(err_); }

 private:
  fs::path out_, err_;
  pid_t pid_ = -1;
  bool exited_ = false;
  int code_ = -1;
};

// The "key" of each line of a JSON-lines output; every line must be a whole object.
std::vector<std::string> keys_of(const fs::path& jsonl) {
  std::vector<std::string> keys;
  const std::string text = read_text(jsonl);
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::string line = text.substr(start, end - start);
    INFO(line);
    REQUIRE(line.starts_with("{\"key\": \""));
    REQUIRE(line.ends_with("}"));
    const size_t from = std::string("{\"key\": \"").size();
    keys.push_back(line.substr(from, line.find('"', from) - from));
  }
  CHECK(start == text.size());  // nothing after the last newline
  return keys;
}

// A folder of five problems: the 7-move problem of the parser tests in four formats (one of
// them Shift_JIS), and 将棋図巧 1 without its solution, which the node limit cuts after a second
// or so: the run is still busy when it is interrupted.
std::vector<std::string> make_folder(const fs::path& folder) {
  const fs::path data = KANJU_TEST_DATA;
  fs::create_directories(folder);
  const std::vector<std::pair<fs::path, std::string>> files = {
      {data / "verify" / "sound7.kifu", "a-sound7.kifu"},
      {data / "kif" / "tsume7.kif", "b-tsume7.kif"},
      {data / "kif" / "tsume7.ki2", "c-tsume7.ki2"},
      {data / "csa" / "tsume7_v30.csa", "d-tsume7.csa"},
      {data / "verify" / "zukou001.kifu", "e-zukou001.kifu"},
  };
  std::vector<std::string> keys;
  for (const auto& [from, to] : files) {
    fs::copy_file(from, folder / to);
    keys.push_back((folder / to).string());
  }
  return keys;
}

const std::vector<std::string> LIMITS = {"--threads", "2",      "--hash",        "16",
                                         "--nodes",   "300000", "--check-nodes", "5000"};

std::vector<std::string> with_limits(std::vector<std::string> args) {
  args.insert(args.end(), LIMITS.begin(), LIMITS.end());
  return args;
}

}  // namespace

TEST_CASE("verify: a folder interrupted by Ctrl-C and resumed loses and repeats no problem",
          "[verify][cli]") {
  TempDir tmp;
  const fs::path folder = tmp.path / "problems";
  const std::vector<std::string> all = make_folder(folder);
  const fs::path jsonl = tmp.path / "out.jsonl";

  // The first run: interrupted as soon as a result is in the file.
  Run first(tmp.path, "first", with_limits({"verify", folder.string(), "-o", jsonl.string()}));
  const auto start = Clock::now();
  while (count_lines(jsonl) == 0 && first.running() && seconds_since(start) < PATIENCE)
    usleep(5000);
  first.interrupt();
  const int first_code = first.wait();
  INFO("first run: stdout\n" << first.out() << "\nstderr\n" << first.err());
  CHECK(first_code == 130);
  CHECK(first.err().find("Interrupted: ") != std::string::npos);
  CHECK(first.err().find("with --resume to continue") != std::string::npos);
  const std::vector<std::string> before = keys_of(jsonl);
  CHECK(!before.empty());
  CHECK(before.size() < all.size());  // the long problem was still running
  CHECK(first.out().find("| total | " + std::to_string(before.size()) + " |") != std::string::npos);

  // Without --resume the file is not overwritten.
  Run refused(tmp.path, "refused", with_limits({"verify", folder.string(), "-o", jsonl.string()}));
  CHECK(refused.wait() == 1);
  CHECK(refused.err().find("add --resume") != std::string::npos);
  CHECK(keys_of(jsonl) == before);

  // A line torn by a harder stop (a second Ctrl-C in a write) is dropped on resuming.
  std::ofstream(jsonl, std::ios::app) << "{\"key\": \"" << all.back() << "\", \"verd";

  // The resumed run, with the folder written another way: the keys are the same.
  Run second(
      tmp.path, "second",
      with_limits({"verify", (folder / "." / "").string(), "-o", jsonl.string(), "--resume"}));
  const int second_code = second.wait();
  INFO("resumed run: stdout\n" << second.out() << "\nstderr\n" << second.err());
  CHECK(second_code == 0);
  CHECK(second.err().find("Resuming " + jsonl.string() + ": " + std::to_string(before.size()) +
                          " done, " + std::to_string(all.size() - before.size()) + " to go") !=
        std::string::npos);
  CHECK(second.err().find("note:") == std::string::npos);

  std::vector<std::string> keys = keys_of(jsonl);
  CHECK(std::vector<std::string>(keys.begin(), keys.begin() + long(before.size())) == before);
  std::map<std::string, int> times;
  for (const std::string& k : keys) ++times[k];
  for (const std::string& k : all) {
    INFO(k);
    CHECK(times[k] == 1);
  }
  CHECK(keys.size() == all.size());
  // The summary counts the resumed problems with the new ones.
  CHECK(second.out().find("| total | " + std::to_string(all.size()) + " |") != std::string::npos);
  CHECK(second.out().find("Resumed from the earlier run: " + std::to_string(before.size()) +
                          " of these " + std::to_string(all.size()) + " problems") !=
        std::string::npos);
}

TEST_CASE("verify: a collection's fifth column '-' means no claimed line", "[verify][cli]") {
  // problems/zukou.tsv marks the mizar variants so; they were read as a move named '-'.
  TempDir dir;
  const fs::path file = dir.path / "one.tsv";
  std::ofstream(file) << "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1\t7\texample\t\t-\n";
  Run run(dir.path, "dash", {"verify", file.string(), "--nodes", "2000000"});
  CHECK(run.wait() == 0);
  CHECK(run.err().find("move '-'") == std::string::npos);
  CHECK(run.out().find("example") != std::string::npos);
}

TEST_CASE("verify: the summary names the problems that are not sound", "[verify][cli]") {
  TempDir dir;
  const fs::path file = dir.path / "three.tsv";
  // A sound mate in 7; the same claimed as 9 (unsound); a cook in the middle (unsound, by its
  // id); and one that a budget of 100 nodes leaves unknown, named by file and line (no id).
  std::ofstream(file) << "8k/9/4R4/3N5/9/9/9/9/9 b Sr2b4g3s3n4l18p 1\t7\tsound7\n"
                         "8k/9/4R4/3N5/9/9/9/9/9 b Sr2b4g3s3n4l18p 1\t9\twrong9\n"
                         "3S5/4R1g1k/9/5p3/9/9/9/9/9 b Gr2b2g3s4n4l17p 1\t9\tcooked\n";
  Run run(dir.path, "named", {"verify", file.string(), "--nodes", "20000000"});
  CHECK(run.wait() == 0);
  INFO(run.out());
  CHECK(run.out().find("\nUnsound: cooked wrong9\n") != std::string::npos);
  CHECK(run.out().find("\nSound:") == std::string::npos);
  std::ofstream(file, std::ios::app) << "6k2/9/8G/9/8+B/9/9/9/9 b PG2rb2g4s4n4l17p 1\t7\n";
  Run tiny(dir.path, "tiny", {"verify", file.string(), "--nodes", "100"});
  CHECK(tiny.wait() == 0);
  INFO(tiny.out());
  CHECK(tiny.out().find("\nUnknown: " + file.string() + ":4") != std::string::npos);
}

TEST_CASE("verify: a .ki2u file (UTF-8 KI2, as ShogiHome saves it) is a record", "[verify][cli]") {
  TempDir dir;
  const fs::path file = dir.path / "one.ki2u";
  std::ofstream(file) << "#KI2 version=2.0 encoding=UTF-8\n"
                         "後手の持駒：飛　角　金二　銀三　桂四　香三　歩十四\n"
                         "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
                         "+---------------------------+\n"
                         "| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n"
                         "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
                         "| ・ ・ ・ ・ ・ ・ ・v玉v歩|三\n"
                         "| ・ ・ ・ ・ 角 ・v歩v歩 ・|四\n"
                         "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
                         "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
                         "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|七\n"
                         "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
                         "| ・ ・ ・ ・ ・ ・ ・ 龍 香|九\n"
                         "+---------------------------+\n"
                         "先手の持駒：金二　銀\n";
  Run run(dir.path, "ki2u", {"verify", file.string(), "--nodes", "2000000"});
  CHECK(run.wait() == 0);
  INFO(run.out() << run.err());
  CHECK(run.out().find("one.ki2u") != std::string::npos);
  CHECK(run.err().find("error") == std::string::npos);
}
