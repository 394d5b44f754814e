// kanju generate --list-steps: the ladder's backward steps of a problem, printed as collection
// lines that `kanju solve --file` reads, so that a person can see why a lineage stops.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.h"
#include "generator/mutation.h"
#include "sfen_fixture.h"
#include "solver/text.h"
#include "solver/usi_move.h"

using namespace kanju;
using kanju::test::from_sfen;

TEST_CASE("generate --list-steps prints every backward step as a collection line", "[generator]") {
  const std::string seed = "1R7/9/3+S5/9/9/k8/9/1G7/9 b r2b3g3s4n4l18p 1";  // 13 plies
  const std::vector<BackwardStep> steps = backward_steps(from_sfen(seed), ProposalLimits{12});
  std::istringstream out(output_of(std::string(KANJU_BINARY) +
                                   " generate --list-steps --seed-sfen '" + seed +
                                   "' --max-pieces 12"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(out, line);) lines.push_back(line);
  REQUIRE(lines.size() == steps.size());
  // The sound 15-ply problem of test_generator.cpp: the gold came back from ７九 to ８八.
  bool known = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::vector<std::string> cols = split_tabs(lines[i]);
    REQUIRE(cols.size() == 4);
    CHECK(cols[1] == "-");
    CHECK(cols[2] == "seed1-step" + std::to_string(i + 1));
    CHECK(cols[3] == to_usi(steps[i].check) + " " + to_usi(steps[i].reply));
    known |= cols[0] == "1R7/9/3+S5/9/9/9/k8/9/2G6 b r2b3g3s4n4l18p 1";
  }
  CHECK(known);
}
