#include "usi_engine.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <string_view>

#include "commands.h"
#include "solver/sfen.h"
#include "solver/text.h"
#include "solver/usi_move.h"
#include "solver/usi_position.h"

namespace kanju::cli {

namespace {

constexpr int64_t MAX_HASH_MB = 1 << 20;
constexpr int64_t MAX_THREADS = 256;
constexpr int64_t MAX_NODES_LIMIT = 1'000'000'000'000'000;
constexpr int64_t MAX_INFO_INTERVAL_MS = 60'000;

std::vector<std::string> words_of(const std::string& line) {
  const std::vector<std::string_view> views = split_words(line);
  return {views.begin(), views.end()};
}

std::string lower(std::string s) {
  for (char& c : s) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

std::string shown(std::string_view s) { return quoted(s, 40); }

// A whole decimal number within [min, max], or nullopt.
std::optional<int64_t> parse_integer(const std::string& s, int64_t min, int64_t max) {
  int64_t n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size() || n < min || n > max) return std::nullopt;
  return n;
}

std::string usi_line(const std::vector<Move>& line) {
  std::string text;
  for (Move m : line) text += (text.empty() ? "" : " ") + to_usi(m);
  return text;
}

// "info time 1234 nodes 5678 nps 4601 hashfull 12"
std::string info_counts(uint64_t nodes, double seconds, int hashfull) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "info time %llu nodes %llu nps %llu hashfull %d",
                (unsigned long long)(seconds * 1000), (unsigned long long)nodes,
                (unsigned long long)(seconds > 0 ? nodes / seconds : 0), hashfull);
  return buf;
}

// A progress line: the counts, and what the search is doing once it has found a mate.
std::string progress_line(const SearchProgress& p) {
  std::string line = info_counts(p.nodes, p.seconds, p.hashfull);
  if (p.best_length < 0) return line;
  const std::string mate = "mate in " + std::to_string(p.best_length);
  if (std::string_view(p.phase) == "line") return line + " string " + mate + ", finding its line";
  return line + " string " + mate + " found, proving the shortest";
}

// The lines answering "go mate": information, then exactly one checkmate line.
std::vector<std::string> mate_answer(const SolveResult& r, int hashfull) {
  const std::string counts = info_counts(r.nodes, r.seconds, hashfull);
  switch (r.status) {
    case SolveStatus::Mate:
      return {counts + " pv " + usi_line(r.line), "checkmate " + usi_line(r.line)};
    case SolveStatus::NoMate: return {counts, "checkmate nomate"};
    default:
      // A mate found but not proven shortest is shown, yet not offered as the solution.
      if (!r.line.empty())
        return {counts + " pv " + usi_line(r.line), "info string " + r.note, "checkmate timeout"};
      return {counts, "info string " + r.note, "checkmate timeout"};
  }
}

// The lines answering a plain "go": information, then one bestmove line.
std::vector<std::string> game_answer(const SolveResult& r, int hashfull) {
  const std::string counts = info_counts(r.nodes, r.seconds, hashfull);
  if (r.status == SolveStatus::Mate && !r.line.empty())
    return {counts + " score mate " + std::to_string(r.length) + " pv " + usi_line(r.line),
            "bestmove " + to_usi(r.line.front())};
  const std::string why = r.status == SolveStatus::NoMate ? "no mate" : r.note;
  return {counts, "info string " + why, "bestmove resign"};
}

// Reads the words after "go". A plain go's time limit is movetime, or byoyomi plus the
// increment plus a twentieth of the remaining time of the side to move.
Result<GoRequest> parse_go(const std::vector<std::string>& words, Color side) {
  GoRequest g;
  if (words.size() >= 2 && words[1] == "mate") {
    g.mate = true;
    const std::string expected = "go mate: expected a time in milliseconds or 'infinite'";
    if (words.size() != 3) return Error{expected};
    if (words[2] == "infinite") return g;
    const std::optional<int64_t> ms = parse_integer(words[2], 0, INT64_MAX);
    if (!ms) return Error{expected + ", got " + shown(words[2])};
    g.seconds = double(*ms) / 1000;
    return g;
  }
  int64_t movetime = 0, byoyomi = 0, time[COLOR_NB] = {}, inc[COLOR_NB] = {};
  const std::vector<std::pair<const char*, int64_t*>> timed = {
      {"movetime", &movetime}, {"byoyomi", &byoyomi}, {"btime", &time[BLACK]},
      {"wtime", &time[WHITE]}, {"binc", &inc[BLACK]}, {"winc", &inc[WHITE]}};
  for (size_t i = 1; i < words.size(); ++i) {
    if (words[i] == "infinite") {
      g.infinite = true;
      continue;
    }
    if (words[i] == "ponder") continue;
    auto it = std::find_if(timed.begin(), timed.end(),
                           [&](const auto& t) { return words[i] == t.first; });
    if (it == timed.end()) return Error{"go: unknown word " + shown(words[i])};
    const std::optional<int64_t> ms =
        i + 1 < words.size() ? parse_integer(words[i + 1], 0, INT64_MAX) : std::nullopt;
    if (!ms) return Error{"go: expected milliseconds after '" + words[i] + "'"};
    *it->second = *ms;
    ++i;
  }
  if (!g.infinite)
    g.seconds = double(movetime ? movetime : byoyomi + inc[side] + time[side] / 20) / 1000;
  return g;
}

}  // namespace

UsiEngine::UsiEngine(std::istream& in, std::ostream& out)
    : in_(in), out_(out), position_(parse_sfen(STARTPOS_SFEN)) {}

UsiEngine::~UsiEngine() {
  quitting_ = true;
  stop_search();
}

int UsiEngine::run() {
  std::string line;
  while (std::getline(in_, line))
    if (!execute(line)) break;
  // At the end of the input the running search still answers, so that a conversation can be
  // piped in; after "quit" it is stopped without an answer.
  {
    std::lock_guard lock(stop_mutex_);
    input_ended_ = true;
  }
  stop_cv_.notify_all();
  if (search_thread_.joinable()) search_thread_.join();
  return 0;
}

bool UsiEngine::execute(const std::string& line) {
  const std::vector<std::string> words = words_of(line);
  if (words.empty()) return true;
  const std::string& command = words[0];
  if (command == "usi") {
    usi();
  } else if (command == "isready") {
    isready();
  } else if (command == "setoption") {
    setoption(words);
  } else if (command == "usinewgame") {
    if (table_ && !searching_) table_->clear();
  } else if (command == "position") {
    position(line);
  } else if (command == "go") {
    go(words);
  } else if (command == "stop" || command == "gameover") {
    stop_search();
  } else if (command == "ponderhit") {
    // The search ignores pondering: nothing to do.
  } else if (command == "quit") {
    quitting_ = true;
    stop_search();
    return false;
  } else {
    error("unknown command " + shown(command));
  }
  return true;
}

void UsiEngine::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

void UsiEngine::usi() {
  send(std::string("id name Kanju ") + VERSION);
  send("id author the Kanju authors");
  send("option name USI_Hash type spin default 256 min 1 max " + std::to_string(MAX_HASH_MB));
  send("option name Threads type spin default 1 min 1 max " + std::to_string(MAX_THREADS));
  send(
      "option name FutileInterposition type combo default composer var composer var narrow var "
      "count var wide");
  send("option name NodesLimit type spin default 0 min 0 max " + std::to_string(MAX_NODES_LIMIT));
  send("option name InfoInterval type spin default 1000 min 0 max " +
       std::to_string(MAX_INFO_INTERVAL_MS));
  send("usiok");
}

void UsiEngine::isready() {
  // A table in use by a search is not reallocated; a new USI_Hash applies at the next go.
  if (!searching_) {
    if (search_thread_.joinable()) search_thread_.join();
    ensure_table();
  }
  send("readyok");
}

bool UsiEngine::ensure_table() {
  if (table_ && table_mb_ == options_.hash_mb) return true;
  table_.reset();  // free the old table first: both may not fit
  table_mb_ = 0;
  try {
    table_ = std::make_unique<ProofTable>(options_.hash_mb);
  } catch (const std::bad_alloc&) {
    error("cannot allocate a table of " + std::to_string(options_.hash_mb) + " MB: lower USI_Hash");
    return false;
  }
  table_mb_ = options_.hash_mb;
  return true;
}

// "setoption name <id> [value <x>]"; the name and the value may contain spaces.
void UsiEngine::setoption(const std::vector<std::string>& words) {
  if (words.size() < 3 || words[1] != "name") {
    error("setoption: expected 'setoption name <id> value <x>'");
    return;
  }
  const auto value_at = std::find(words.begin() + 2, words.end(), "value");
  const std::string name = join_words(words.begin() + 2, value_at);
  const std::string value = value_at == words.end() ? "" : join_words(value_at + 1, words.end());
  set_option(name, value);
}

void UsiEngine::set_option(const std::string& name, const std::string& value) {
  const std::string key = lower(name);
  auto spin = [&](int64_t min, int64_t max) {
    const std::optional<int64_t> n = parse_integer(value, min, max);
    if (!n)
      error("setoption " + name + ": expected a number from " + std::to_string(min) + " to " +
            std::to_string(max) + ", got " + shown(value));
    return n;
  };
  if (key == "usi_hash") {
    if (auto n = spin(1, MAX_HASH_MB)) options_.hash_mb = size_t(*n);
  } else if (key == "threads") {
    if (auto n = spin(1, MAX_THREADS)) options_.threads = int(*n);
  } else if (key == "futileinterposition") {
    if (const auto policy = parse_futile_policy(value))
      options_.futile = *policy;
    else
      error("setoption " + name + ": expected 'composer', 'narrow', 'count' or 'wide', got " +
            shown(value));
  } else if (key == "nodeslimit") {
    if (auto n = spin(0, MAX_NODES_LIMIT)) options_.max_nodes = uint64_t(*n);
  } else if (key == "infointerval") {
    if (auto n = spin(0, MAX_INFO_INTERVAL_MS)) options_.info_interval_ms = int(*n);
  } else if (!key.starts_with("usi_")) {
    // GUIs send the standard USI_* options (USI_Ponder, ...) whether declared or not.
    error("unknown option " + shown(name));
  }
}

void UsiEngine::position(const std::string& line) {
  position_ = parse_usi_position(line);
  if (!position_) error(position_.error());
}

void UsiEngine::go(const std::vector<std::string>& words) {
  if (searching_) {
    error("go: a search is already running; send stop first");
    return;
  }
  if (search_thread_.joinable()) search_thread_.join();
  const Result<GoRequest> request = parse_go(words, position_ ? position_->side_to_move() : BLACK);
  if (!request) {
    error(request.error());
    return;
  }
  // The GUI waits for an answer: without a position or a table, the answer is "no answer".
  const char* no_answer = request->mate ? "checkmate timeout" : "bestmove resign";
  if (!position_) {
    error("go: no valid position (" + position_.error() + ")");
    send(no_answer);
    return;
  }
  if (!ensure_table()) {
    send(no_answer);
    return;
  }
  table_->clear();

  SolveOptions options;
  options.futile = options_.futile;
  options.threads = options_.threads;  // searches of this one position on the one table
  if (options_.max_nodes > 0) options.limits.max_nodes = options_.max_nodes;
  options.limits.max_seconds = request->seconds;
  options.limits.stop = &stop_;
  // Past a node limit (not a time limit: the GUI is waiting), the mate found is shown as a pv.
  options.unproven_line = request->seconds <= 0;
  if (options_.info_interval_ms > 0) {
    const double interval = options_.info_interval_ms / 1000.0;
    options.limits.progress_interval = interval;
    // The first report comes at the start of the search, with nothing to say yet.
    options.limits.progress = [this, interval](const SearchProgress& p) {
      if (p.seconds >= interval / 2) send(progress_line(p));
    };
  }
  stop_ = false;
  searching_ = true;
  search_thread_ = std::thread(
      [this, root = *position_, request = *request, options] { search(root, request, options); });
}

void UsiEngine::stop_search() {
  {
    std::lock_guard lock(stop_mutex_);
    stop_ = true;
  }
  stop_cv_.notify_all();
  if (search_thread_.joinable()) search_thread_.join();
}

void UsiEngine::search(const Position& root, const GoRequest& request,
                       const SolveOptions& options) {
  SolveResult r;
  try {
    r = solve(root, *table_, options);
  } catch (const std::exception& e) {
    r = SolveResult{};
    r.note = std::string("internal error: ") + e.what();
  }
  std::vector<std::string> lines =
      request.mate ? mate_answer(r, table_->hashfull()) : game_answer(r, table_->hashfull());
  for (size_t i = 0; i + 1 < lines.size(); ++i)
    if (!quitting_) send(lines[i]);
  if (request.infinite) {  // USI: after "go infinite", bestmove only once stop has come
    std::unique_lock lock(stop_mutex_);
    stop_cv_.wait(lock, [&] { return stop_.load() || input_ended_.load(); });
  }
  // Idle before the last line goes out: the GUI may send its next go as soon as it reads it.
  searching_ = false;
  if (!quitting_) send(lines.back());
}

}  // namespace kanju::cli
