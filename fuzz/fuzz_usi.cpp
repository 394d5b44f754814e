// libFuzzer target for the USI engine's command reader: any sequence of command lines is answered
// or refused line by line, never a crash or a hang. Searches are kept small (NodesLimit, a small
// USI_Hash); lines that would lift those limits are dropped.
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "tools/usi_engine.h"

using namespace kanju;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string commands =
      "setoption name USI_Hash value 1\nsetoption name NodesLimit value 2000\n"
      "setoption name InfoInterval value 0\n";
  std::istringstream lines{std::string(text)};
  for (std::string line; std::getline(lines, line);) {
    if (line.find("Hash") != std::string::npos || line.find("NodesLimit") != std::string::npos ||
        line.find("Threads") != std::string::npos)
      continue;
    commands += line + "\n";
  }
  std::istringstream in(commands);
  std::ostringstream out;
  cli::UsiEngine engine(in, out);
  engine.run();
  return 0;
}
