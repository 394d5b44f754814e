// Whether an alternative comes back to the main line, as the convergence walk knows it
// (solver/way_back.h): a choice in doubt (a reply perhaps mated sooner, a check perhaps not
// keeping the value) or an undecided answer must never turn into a decided one that the doubt
// could overturn.
#include <catch2/catch.hpp>

#include "solver/way_back.h"

using namespace kanju::verify_detail;

namespace {
constexpr uint8_t NO = WayBack::NO, PARTIAL = WayBack::PARTIAL, YES = WayBack::YES;
WayBack answer(uint8_t may) { return WayBack{may}; }
}  // namespace

TEST_CASE("way back: a decided answer is one answer", "[way_back]") {
  CHECK(answer(YES).decided());
  CHECK(answer(PARTIAL).decided());
  CHECK(answer(NO).decided());
  CHECK_FALSE(WayBack{}.decided());
  CHECK_FALSE(answer(PARTIAL | YES).decided());
  CHECK(answer(PARTIAL | YES).comes_back());
  CHECK_FALSE(answer(NO | PARTIAL).comes_back());
}

TEST_CASE("way back: the defender's replies that count decide", "[way_back]") {
  SECTION("every reply comes back: forced") {
    WayBackChoices c;
    c.add(answer(YES), true);
    c.add(answer(YES), true);
    CHECK(c.forced().is(YES));
  }
  SECTION("one comes back, one mates elsewhere: the defender may choose") {
    WayBackChoices c;
    c.add(answer(YES), true);
    CHECK_FALSE(c.forced_settled());
    c.add(answer(NO), true);
    CHECK(c.forced_settled());
    CHECK(c.forced().is(PARTIAL));
  }
  SECTION("none comes back") {
    WayBackChoices c;
    c.add(answer(NO), true);
    c.add(answer(NO), true);
    CHECK(c.forced().is(NO));
  }
  SECTION("no reply at all") { CHECK(WayBackChoices().forced().is(NO)); }
}

TEST_CASE("way back: a doubt at the defender's node keeps every answer it allows", "[way_back]") {
  SECTION("a reply coming back that may be mated sooner, beside one that does not come back") {
    // If the first does not count, nothing comes back: a cook, not a 手順前後 the defender may
    // leave (before, this read PARTIAL, a classic note).
    WayBackChoices c;
    c.add(answer(YES), false);
    c.add(answer(NO), true);
    CHECK_FALSE(c.forced_settled());
    CHECK(c.forced().may == (NO | PARTIAL));
  }
  SECTION("a reply coming back beside one whose way back is not known") {
    // Either forced or not: it comes back, the modern severity is not known (before: PARTIAL).
    WayBackChoices c;
    c.add(answer(YES), true);
    c.add(WayBack{}, true);
    CHECK(c.forced().may == (PARTIAL | YES));
    WayBackChoices d;
    d.add(answer(YES), true);
    d.add(answer(PARTIAL | YES), true);
    CHECK(d.forced().may == (PARTIAL | YES));
    CHECK(d.forced().comes_back());
  }
  SECTION("a reply that may not count cannot make a forced answer unforced") {
    WayBackChoices c;
    c.add(answer(YES), true);
    c.add(answer(NO), false);
    CHECK(c.forced().may == (PARTIAL | YES));
  }
  SECTION("a reply that is PARTIAL itself settles the node") {
    WayBackChoices c;
    c.add(answer(PARTIAL), true);
    CHECK(c.forced_settled());
    c.add(WayBack{}, false);
    CHECK(c.forced().is(PARTIAL));
  }
}

TEST_CASE("way back: the attacker takes the best way back of the checks that count", "[way_back]") {
  SECTION("nothing comes back") {
    WayBackChoices c;
    c.add(answer(NO), true);
    CHECK(c.best().is(NO));
    CHECK(WayBackChoices().best().is(NO));
  }
  SECTION("a check that keeps the value and comes back settles it") {
    WayBackChoices c;
    c.add(answer(PARTIAL), true);
    CHECK_FALSE(c.best_settled());
    c.add(answer(YES), true);
    CHECK(c.best_settled());
    CHECK(c.best().is(YES));
  }
  SECTION("an unforced way back beside an unknown one may still be forced") {
    // Before, the unknown one ranked below PARTIAL and the node read PARTIAL.
    WayBackChoices c;
    c.add(answer(PARTIAL), true);
    c.add(WayBack{}, true);
    CHECK(c.best().may == (PARTIAL | YES));
  }
  SECTION("a way back behind a check not known to keep the value") {
    WayBackChoices c;
    c.add(answer(YES), false);
    c.add(answer(NO), true);
    CHECK(c.best().may == (NO | YES));
  }
}
