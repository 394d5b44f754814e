// kanju: the command-line front end. It parses arguments, calls the library, prints.
#include <CLI/CLI.hpp>
#include <exception>
#include <string>
#include <vector>

#include "commands.h"

int main(int argc, char** argv) {
  using namespace kanju::cli;
  CLI::App app{"Kanju: a tsumeshogi (mate problem) solver", "kanju"};
  app.set_version_flag("--version", std::string("kanju ") + VERSION);
  app.require_subcommand(1);
  // Set before the subcommands are added: they copy it.
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return "error: " + std::string(e.what()) + "\nRun with --help for more information.\n";
  });

  const std::vector<Command> commands = {
      add_show(app),  add_moves(app),  add_perft(app),    add_perft_bench(app), add_solve(app),
      add_bench(app), add_verify(app), add_generate(app), add_usi(app),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    for (const Command& c : commands)
      if (c.app->parsed()) return c.run();
  } catch (const std::exception& e) {
    return fail(std::string("internal error: ") + e.what());
  }
  return 0;
}
