// Where the searches on a shared table are (solver/busy_marks.h), and the virtual numbers a
// search derives from it: they steer the order of a search, never its answer.
#include <catch2/catch.hpp>

#include <atomic>
#include <deque>

#include "solver/busy_marks.h"
#include "solver/dfpn.h"
#include "solver/movegen.h"
#include "tests/sfen_fixture.h"
#include "tools/bench_problems.h"

using namespace kanju;
using kanju::test::from_sfen;

namespace {
const char* bench_sfen(const std::string& name) {
  for (const auto& p : bench::BENCH_PROBLEMS)
    if (p.name == name) return p.sfen;
  FAIL("no bench problem " << name);
  return "";
}
}  // namespace

TEST_CASE("busy marks count the searches inside a position", "[busy_marks]") {
  BusyMarks marks;
  const uint64_t key = 0x123456789abcdef0ULL;
  CHECK(marks.count(key) == 0);
  {
    const BusyMark a(&marks, key);
    CHECK(marks.count(key) == 1);
    {
      const BusyMark b(&marks, key);
      CHECK(marks.count(key) == 2);
    }
    CHECK(marks.count(key) == 1);
  }
  CHECK(marks.count(key) == 0);
  const BusyMark none(nullptr, key);  // one thread: no marks at all
  CHECK(marks.count(key) == 0);
}

TEST_CASE("virtual numbers change no answer, even with every child crowded", "[busy_marks]") {
  // 将棋図巧2, mate in 21 (the bench): bounded queries either side of its length and the search
  // for a mate at all, each with every check of the root and every reply to each marked as if
  // another search were inside it.
  const Position root = from_sfen(bench_sfen("zukou-002"));
  for (MateLen limit : {MateLen(19), MateLen(21), DEPTH_UNLIMITED}) {
    INFO(int(limit));
    Position plain = root, crowded = root;
    ProofTable t1(16), t2(16);
    SearchLimits limits;
    limits.max_nodes = 20'000'000;
    Dfpn one(t1, limits), marked(t2, limits);
    BusyMarks marks;
    std::deque<BusyMark> held;
    for (Move m : MoveList<CHECKS>(root)) {
      held.emplace_back(&marks, root.key_after(m));
      Position after = root;
      after.do_move(m);
      for (Move e : MoveList<EVASIONS>(after)) held.emplace_back(&marks, after.key_after(e));
    }
    marked.set_busy_marks(&marks);
    const NodeOutcome a = one.prove(plain, BLACK, limit);
    const NodeOutcome b = marked.prove(crowded, BLACK, limit);
    CHECK(a.proven() == (limit >= 21));
    CHECK(a.proven() == b.proven());
    CHECK(a.disproven() == b.disproven());
    if (limit < DEPTH_UNLIMITED && a.proven()) CHECK(a.hi == b.hi);
    CHECK_FALSE(b.crowded);  // a finished node's numbers are never virtual
  }
}

TEST_CASE("a query another search has answered ends at once, limits untouched", "[busy_marks]") {
  Position pos = from_sfen(bench_sfen("zukou-002"));
  ProofTable table(16);
  SearchLimits limits;
  limits.max_nodes = 20'000'000;
  Dfpn dfpn(table, limits);
  std::atomic<bool> done{true};
  dfpn.set_query_done(&done);
  const NodeOutcome o = dfpn.prove(pos, BLACK, MateLen(21));
  CHECK_FALSE(o.proven());
  CHECK_FALSE(o.disproven());
  CHECK(dfpn.aborted());
  CHECK_FALSE(dfpn.limits_reached());  // the search's own limits are not what ended it
  dfpn.set_query_done(nullptr);
  CHECK(dfpn.prove(pos, BLACK, MateLen(21)).proven());
}
