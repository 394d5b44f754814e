// Whether an attacker's alternative comes back to the main line (docs/RULES.md §5.3), as the
// convergence walk of verify_attacker.cpp knows it: the set of answers still possible, and how
// the answers of the choices at one position of the walk make the position's.
#pragma once

#include <cstdint>

namespace kanju::verify_detail {

// On every line the defender would choose (YES), on some of them while others as long mate
// elsewhere (PARTIAL), on none (NO). One answer when decided; more where the answer rests on a
// question that ran out of budget. {PARTIAL, YES}: it comes back, but whether the defender could
// avoid it is not known.
struct WayBack {
  static constexpr uint8_t NO = 1, PARTIAL = 2, YES = 4, ANY = 7;
  uint8_t may = ANY;

  bool can(uint8_t answer) const { return may & answer; }
  bool is(uint8_t answer) const { return may == answer; }
  bool decided() const { return is(NO) || is(PARTIAL) || is(YES); }
  bool comes_back() const { return !can(NO); }  // on some line, for certain
};

// The answers of the choices at one position of the walk. A choice may be in doubt: a check not
// known to keep the value, or a reply not known to be mated no sooner than the longest, may or
// may not count; its own answer may be a set. The position's answer is every answer that some
// way of settling the doubts gives: nothing is claimed that a doubt could overturn.
class WayBackChoices {
 public:
  // A choice whose answer is `b`; `counts`: certainly one of the choices (else perhaps not).
  void add(WayBack b, bool counts) {
    any_ |= b.may;
    with_yes_ += b.can(WayBack::YES);
    with_no_ += b.can(WayBack::NO);
    with_both_ += b.can(WayBack::YES) && b.can(WayBack::NO);
    if (!counts) return;
    all_counted_may_yes_ &= b.can(WayBack::YES);
    all_counted_may_no_ &= b.can(WayBack::NO);
    counted_yes_ |= b.is(WayBack::YES);
  }

  // The attacker's position, or the defender's last move (a choice there is not held against a
  // line): the best answer among the choices; with none that comes back, NO.
  WayBack best() const {
    WayBack r{0};
    if (any_ & WayBack::YES) r.may |= WayBack::YES;
    if ((any_ & WayBack::PARTIAL) && !counted_yes_) r.may |= WayBack::PARTIAL;
    if (all_counted_may_no_) r.may |= WayBack::NO;
    return r;
  }
  bool best_settled() const { return counted_yes_; }  // best() is YES whatever comes

  // The defender's position: YES when every reply that counts comes back, NO when none does,
  // else PARTIAL (the defender may choose). Some reply counts, the longest; with no choice at
  // all, NO.
  WayBack forced() const {
    if (any_ == 0) return WayBack{WayBack::NO};
    WayBack r{0};
    if (with_yes_ > 0 && all_counted_may_yes_) r.may |= WayBack::YES;
    if (with_no_ > 0 && all_counted_may_no_) r.may |= WayBack::NO;
    // Two different replies, one coming back and one not.
    const bool mixed =
        with_yes_ > 0 && with_no_ > 0 && !(with_yes_ == 1 && with_no_ == 1 && with_both_ == 1);
    if ((any_ & WayBack::PARTIAL) || mixed) r.may |= WayBack::PARTIAL;
    return r;
  }
  // forced() is PARTIAL whatever comes: of the replies that count, one cannot come back on
  // every line and one cannot fail to on every line (or one is PARTIAL itself).
  bool forced_settled() const { return !all_counted_may_yes_ && !all_counted_may_no_; }

 private:
  uint8_t any_ = 0;  // every answer some choice may give
  int with_yes_ = 0, with_no_ = 0, with_both_ = 0;
  bool all_counted_may_yes_ = true, all_counted_may_no_ = true;
  bool counted_yes_ = false;  // a choice that counts is YES
};

}  // namespace kanju::verify_detail
