// kanju usi: whole USI conversations with the built binary through pipes, as a GUI holds them
// (ShogiHome: usi, setoption, isready, usinewgame, position sfen, go mate), with every returned
// line replayed on its position; stop and quit in the middle of a search; errors that leave the
// engine running. A hang fails the test at a time-out instead of blocking the run.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "solver/sfen.h"
#include "solver/solve.h"

using namespace kanju;
using Clock = std::chrono::steady_clock;

namespace {

const std::string EXAMPLE_7 = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";
const std::string EXAMPLE_7_LINE = "R*2b 2c1d G*1e 1d1e G*1f 1e1d S*1e";
const std::string PERPETUAL_CHECK = "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1";
// 将棋図巧 1: far beyond a few seconds, for stopping a search in its middle.
const std::string ZUKO_1 = "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1";

constexpr double PATIENCE = 5;  // seconds to wait for an answer before failing

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// `kanju usi` in a child process, its stdin and stdout on pipes.
class Engine {
 public:
  Engine() {
    signal(SIGPIPE, SIG_IGN);  // a dead engine must fail a check, not kill the test runner
    int to_child[2], from_child[2];
    REQUIRE(pipe(to_child) == 0);
    REQUIRE(pipe(from_child) == 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
      execl(KANJU_BINARY, "kanju", "usi", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
  }
  ~Engine() {
    if (in_ >= 0) close(in_);
    close(out_);
    if (!exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  void send(const std::string& line) {
    const std::string text = line + "\n";
    REQUIRE(write(in_, text.data(), text.size()) == ssize_t(text.size()));
  }
  void close_input() {
    close(in_);
    in_ = -1;
  }

  // The next line, or nullopt after `seconds` without one (or at the end of the output).
  std::optional<std::string> line(double seconds = PATIENCE) {
    const auto start = Clock::now();
    for (;;) {
      if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
        std::string l = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return l;
      }
      const int left_ms = int((seconds - seconds_since(start)) * 1000);
      if (left_ms <= 0) return std::nullopt;
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, left_ms) <= 0) continue;
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, size_t(n));
    }
  }

  // The lines up to and including the first that starts with `prefix`; fails on a time-out.
  std::vector<std::string> until(const std::string& prefix, double seconds = PATIENCE) {
    std::vector<std::string> lines;
    const auto start = Clock::now();
    while (true) {
      std::optional<std::string> l = line(seconds - seconds_since(start));
      INFO("waiting for '" << prefix << "' after " << lines.size() << " lines");
      REQUIRE(l.has_value());
      lines.push_back(*l);
      if (starts_with(*l, prefix)) return lines;
    }
  }

  // Whether the process ended within `seconds`; its exit code in `code`.
  bool exits_within(double seconds, int& code) {
    const auto start = Clock::now();
    do {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return true;
      }
      usleep(1000);
    } while (seconds_since(start) < seconds);
    return false;
  }

  // usi, setoption (a small table, info every 100 ms), isready, usinewgame: as ShogiHome does.
  void handshake() {
    send("usi");
    until("usiok");
    send("setoption name USI_Hash value 16");
    send("setoption name InfoInterval value 100");
    send("isready");
    until("readyok");
    send("usinewgame");
  }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  bool exited_ = false;
  std::string buffer_;
};

// The words after the first one: "checkmate R*2b 2c1d" -> "R*2b 2c1d".
std::string rest(const std::string& line) {
  const size_t space = line.find(' ');
  return space == std::string::npos ? "" : line.substr(space + 1);
}

size_t count_starting(const std::vector<std::string>& lines, const std::string& prefix) {
  size_t n = 0;
  for (const std::string& l : lines) n += starts_with(l, prefix);
  return n;
}

// The moves of a mate line, replayed after `position` (a position command's words): each
// must be legal, each attacker move a check, and the last position mate.
void check_mate_line(const std::string& position, const std::string& moves) {
  INFO(position << " moves " << moves);
  const Result<PositionCommand> root = parse_position_command(position);
  REQUIRE(root.ok());
  const bool has_moves = position.find(" moves") != std::string::npos;
  const Result<PositionCommand> played =
      parse_position_command(position + (has_moves ? " " : " moves ") + moves);
  INFO(played.error());
  REQUIRE(played.ok());
  const std::vector<Move> line(played->moves.begin() + root->moves.size(), played->moves.end());
  CHECK(check_main_line(root->position, line) == "");
}

// Sends `go`, waits for the checkmate line, checks it is the only answer line.
std::string go_mate(Engine& e, const std::string& go) {
  e.send(go);
  const std::vector<std::string> lines = e.until("checkmate");
  CHECK(count_starting(lines, "bestmove") == 0);
  CHECK(e.line(0.1) == std::nullopt);  // nothing after the answer
  return lines.back();
}

}  // namespace

TEST_CASE("usi lists the engine and its options, isready answers readyok, quit ends",
          "[usi][engine]") {
  Engine e;
  e.send("usi");
  const std::vector<std::string> lines = e.until("usiok");
  CHECK(starts_with(lines.front(), "id name Kanju"));
  CHECK(count_starting(lines, "id author ") == 1);
  for (const char* option :
       {"USI_Hash", "Threads", "FutileInterposition", "NodesLimit", "InfoInterval"})
    CHECK(count_starting(lines, std::string("option name ") + option + " type ") == 1);
  e.send("isready");
  CHECK(e.until("readyok").size() == 1);
  e.send("quit");
  int code = -1;
  REQUIRE(e.exits_within(1, code));
  CHECK(code == 0);
}

TEST_CASE("a ShogiHome conversation: go mate infinite and go mate 1000", "[usi][engine]") {
  Engine e;
  e.handshake();
  const std::string position = "position sfen " + EXAMPLE_7;
  e.send(position);
  const std::string answer = go_mate(e, "go mate infinite");
  CHECK(answer == "checkmate " + EXAMPLE_7_LINE);
  check_mate_line(position, rest(answer));

  e.send("usinewgame");
  e.send(position);
  CHECK(go_mate(e, "go mate 1000") == answer);

  e.send("position sfen " + PERPETUAL_CHECK);
  CHECK(go_mate(e, "go mate 1000") == "checkmate nomate");
}

TEST_CASE("go mate from a position after moves, with or without a move number", "[usi][engine]") {
  Engine e;
  e.handshake();
  const std::string no_number = "position sfen " + EXAMPLE_7.substr(0, EXAMPLE_7.size() - 2);
  const std::string position = no_number + " moves R*2b 2c1d";
  e.send(position);
  const std::string answer = go_mate(e, "go mate 1000");
  CHECK(answer == "checkmate G*1e 1d1e G*1f 1e1d S*1e");
  check_mate_line(position, rest(answer));

  e.send("position startpos moves 7g7f 3c3d");
  CHECK(go_mate(e, "go mate 1000") == "checkmate nomate");  // no check at all
}

TEST_CASE("go mate asks about the side to move, also the defender, 0000 passes", "[usi][engine]") {
  Engine e;
  e.handshake();
  const std::string white_to_move = "position sfen 9/9/7kp/5Bpp1/9/9/8P/9/7+rL w R2GSb2g3s4n3l14p";
  // White cannot mate Black, which has no king.
  e.send(white_to_move + " 1");
  CHECK(go_mate(e, "go mate 1000") == "checkmate nomate");
  e.send("position sfen " + EXAMPLE_7 + " moves R*2b");
  CHECK(go_mate(e, "go mate 1000") == "checkmate nomate");
  // White passes: the 7-move problem with Black to move.
  e.send(white_to_move + " 1 moves 0000");
  CHECK(go_mate(e, "go mate 1000") == "checkmate " + EXAMPLE_7_LINE);
  e.send("position sfen " + EXAMPLE_7 + " moves 0000 pass");
  CHECK(go_mate(e, "go mate 1000") == "checkmate " + EXAMPLE_7_LINE);
  // No passing out of check.
  e.send("position sfen " + EXAMPLE_7 + " moves R*2b 0000");
  CHECK(e.until("info string error: ").size() == 1);
}

TEST_CASE("garbage, unknown commands and illegal moves are reported, the engine runs on",
          "[usi][engine]") {
  Engine e;
  e.handshake();
  for (const char* bad :
       {"hello", "\x01\xff\x7f", "setoption name USI_Hash value lots",
        "setoption name Nope value 1", "setoption name FutileInterposition value maybe",
        "position sfen 9/9/9 b - 1", "position startpos moves 7g7f 7g7f",
        "position sfen " /* no fields */, "go mate soon", "go sideways"}) {
    INFO(bad);
    e.send(bad);
    const std::optional<std::string> l = e.line();
    REQUIRE(l.has_value());
    CHECK(starts_with(*l, "info string error: "));
  }
  // The failed position leaves no position to search: the answer still comes, as "timeout".
  CHECK(go_mate(e, "go mate 1000") == "checkmate timeout");
  e.send("isready");
  e.until("readyok");
  e.send("position sfen " + EXAMPLE_7);
  CHECK(go_mate(e, "go mate 1000") == "checkmate " + EXAMPLE_7_LINE);
}

TEST_CASE("a plain go answers score mate and bestmove, or bestmove resign", "[usi][engine]") {
  Engine e;
  e.handshake();
  e.send("position sfen " + EXAMPLE_7);
  e.send("go btime 0 wtime 0 byoyomi 1000");
  std::vector<std::string> lines = e.until("bestmove");
  CHECK(lines.back() == "bestmove R*2b");
  CHECK(count_starting(lines, "info") == lines.size() - 1);
  CHECK(lines[lines.size() - 2].find(" score mate 7 pv " + EXAMPLE_7_LINE) != std::string::npos);

  e.send("position sfen " + PERPETUAL_CHECK);
  e.send("go byoyomi 1000");
  CHECK(e.until("bestmove").back() == "bestmove resign");

  // After go infinite, bestmove waits for stop.
  e.send("position sfen " + EXAMPLE_7);
  e.send("go infinite");
  lines = e.until("info");
  while (lines.back().find(" pv ") == std::string::npos) lines = e.until("info");
  CHECK(e.line(0.2) == std::nullopt);
  e.send("stop");
  CHECK(e.until("bestmove").back() == "bestmove R*2b");
}

TEST_CASE("stop in the middle of a search answers checkmate timeout within 100 ms",
          "[usi][engine]") {
  Engine e;
  e.handshake();
  e.send("position sfen " + ZUKO_1);
  e.send("go mate infinite");
  std::vector<std::string> lines = e.until("info time");  // searching: a progress line
  CHECK(lines.size() == 1);
  e.send("isready");  // answered during the search
  e.until("readyok");
  const auto sent = Clock::now();
  e.send("stop");
  lines = e.until("checkmate");
  const double latency = seconds_since(sent);
  CHECK(lines.back() == "checkmate timeout");
  CHECK(count_starting(lines, "bestmove") == 0);
  CHECK(latency < 0.1);

  // The engine is ready for the next problem.
  e.send("position sfen " + EXAMPLE_7);
  CHECK(go_mate(e, "go mate 1000") == "checkmate " + EXAMPLE_7_LINE);
}

TEST_CASE("go mate with a time limit answers checkmate timeout when it runs out", "[usi][engine]") {
  Engine e;
  e.handshake();
  e.send("position sfen " + ZUKO_1);
  const auto sent = Clock::now();
  CHECK(go_mate(e, "go mate 300") == "checkmate timeout");
  CHECK(seconds_since(sent) < 1);
}

TEST_CASE("quit in the middle of a search ends the process within 100 ms", "[usi][engine]") {
  Engine e;
  e.handshake();
  e.send("position sfen " + ZUKO_1);
  e.send("go mate infinite");
  e.until("info time");
  const auto sent = Clock::now();
  e.send("quit");
  int code = -1;
  REQUIRE(e.exits_within(1, code));
  // The sanitizer build's own exit (its leak check) adds about 80 ms, more on a busy machine.
  constexpr double LIMIT = KANJU_SANITIZED ? 0.5 : 0.1;
  CHECK(seconds_since(sent) < LIMIT);
  CHECK(code == 0);
}

TEST_CASE("at the end of the input, the running search still answers", "[usi][engine]") {
  Engine e;
  e.send("setoption name USI_Hash value 16");
  e.send("position sfen " + EXAMPLE_7);
  e.send("go mate infinite");
  e.close_input();
  CHECK(e.until("checkmate").back() == "checkmate " + EXAMPLE_7_LINE);
  int code = -1;
  REQUIRE(e.exits_within(1, code));
  CHECK(code == 0);
}
