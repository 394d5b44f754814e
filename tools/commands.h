// The kanju subcommands. Each one registers its arguments with CLI11 and hands back the function
// that runs it once the command line has been parsed; main() runs the one the user named. Adding a
// subcommand is one add_* function in its own tools/cmd_*.cpp and one line in kanju.cpp.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

#include "solver/position.h"
#include "solver/result.h"

namespace kanju::cli {

inline constexpr const char* VERSION = "0.1.0";

struct Command {
  CLI::App* app;             // parsed() is true when the user chose this subcommand
  std::function<int()> run;  // returns the process exit code
};

Command add_show(CLI::App& app);
Command add_moves(CLI::App& app);
Command add_perft(CLI::App& app);
Command add_perft_bench(CLI::App& app);
Command add_solve(CLI::App& app);
Command add_bench(CLI::App& app);
Command add_verify(CLI::App& app);
Command add_generate(CLI::App& app);
Command add_usi(CLI::App& app);

// Prints "error: <message>" to stderr and returns the exit code for a failed command.
int fail(const std::string& message);

// The position named by the SFEN argument's words, joined with spaces because users forget to
// quote a SFEN. Accepts a SFEN, "startpos", and the USI position command's form
// "[position] startpos|[sfen] <sfen> moves 7g7f ...", giving the position after the moves.
Result<Position> position_from_words(const std::vector<std::string>& words);
// The same, as a problem to solve or verify: the attacker to move, so the side not to move must
// have a king also after the moves (a plain SFEN is refused without one by parse_sfen).
Result<Position> problem_from_words(const std::vector<std::string>& words);

// Adds the SFEN positional (one or more words) to a subcommand.
CLI::Option* add_sfen_argument(CLI::App& sub, std::vector<std::string>& words);

}  // namespace kanju::cli
