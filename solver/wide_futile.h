// Interpositions that composers call futile although Kanju's narrow rule (docs/RULES.md §4) does
// not: a drop between the king and a distant checker that the checker takes, after which the
// mate goes on just as long without the taken piece. The narrow rule calls a drop futile only
// when the capture mates on the spot; many published solutions (将棋図巧 among them) also leave
// out drops that "only add two plies". The search keeps the narrow rule, which is well defined
// at every bound; this analysis explains, problem by problem, where a published length is two
// plies shorter per such interposition.
#pragma once

#include <string>
#include <vector>

#include "dfpn.h"
#include "position.h"
#include "proof_table.h"

namespace kanju {

struct WideFutileDrop {
  int ply = 0;               // the drop's ply in the main line (1-based)
  Move drop = MOVE_NONE;     // the defender's drop
  Move capture = MOVE_NONE;  // the checker taking it
  // The defender has another reply (not a drop between king and checker) that lasts as long as
  // the line after the capture: without the drop the defence is exactly two plies shorter.
  bool shortens = false;
  // When it shortens: a reply lasting exactly as long as the line after the capture, which a
  // composer's line takes instead.
  Move alternative = MOVE_NONE;
  std::string text;  // the drop and the capture in Japanese notation: "△３四歩打 ▲同角"
};

// The drops of `line` (a main line from `root`, attacker to move) that the checker takes on the
// next move and after which, with the taken piece handed back to the defender, the attacker
// still mates in the plies the line has left (the piece was not needed), while the defender
// has another reply lasting at least as long, so the drop adds nothing but two plies. Every
// question is a bounded search within `limits` on `table`; an unanswered one leaves the drop
// out (the list may miss some, it never holds a wrong one). Drops before index `from` are not
// examined.
std::vector<WideFutileDrop> wide_futile_drops(const Position& root, const std::vector<Move>& line,
                                              ProofTable& table, const SearchLimits& limits,
                                              FutilePolicy futile, size_t from = 0);

}  // namespace kanju
