// How composers class another mating check at an attacker node of the main line: the decision
// steps A-G of docs/RULES.md §5.2, as a pure function of what the verifier measured, so that
// every step can be tested without a search.
#pragma once

#include "finding.h"
#include "types.h"

namespace kanju {

// What the verifier knows of one alternative m' at the branch node b, whose main move is m.
struct AlternativeFacts {
  Move move = MOVE_NONE;       // m'
  Move main_move = MOVE_NONE;  // m
  Square king = SQ_NONE;       // the defender's king at b (for drops on the same line)
  int length = -1;             // L': plies m' mates in, from b (minimax)
  bool exact = true;           // false: `length` is an upper bound only
  int main_length = -1;        // V(m): plies m mates in, from b (minimax)
  bool final_node = false;     // b is the main line's last attacker node
  bool near_end = false;       // b is one of the main line's last two attacker nodes
  bool one_move_work = false;  // the whole problem is one ply
  // Every defender move of m's proven line is a king move: no interposition, no capture by
  // another piece (known only when `length` is exact and its line was extracted).
  bool king_moves_only = false;
  // m' comes back to the main line (docs/RULES.md §5.3); for a shorter m', whether its line
  // re-enters the main line later (the author's line then holds a detour around it).
  Convergence convergence;
};

struct AlternativeClass {
  FindingKind kind = FindingKind::Yozume;
  Severity modern = Severity::Unsound;
  Severity classic = Severity::Unsound;
};

AlternativeClass classify_alternative(const AlternativeFacts& a);

}  // namespace kanju
