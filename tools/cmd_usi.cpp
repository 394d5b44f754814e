// kanju usi: runs Kanju as a USI mate engine on stdin and stdout, for shogi GUIs.
#include <iostream>

#include "commands.h"
#include "usi_engine.h"

namespace kanju::cli {

Command add_usi(CLI::App& app) {
  CLI::App* sub = app.add_subcommand(
      "usi", "Run as a USI mate engine for shogi GUIs (USI commands on stdin, answers on stdout)");
  return {sub, [] {
            UsiEngine engine(std::cin, std::cout);
            return engine.run();
          }};
}

}  // namespace kanju::cli
