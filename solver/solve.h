// Solving a tsume problem: prove mate or no mate, prove the minimax length, and extract the
// composer-correct main line (docs/RULES.md §3), then check that line by replaying it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "dfpn.h"
#include "main_line.h"
#include "position.h"
#include "wide_futile.h"

namespace kanju {

enum class SolveStatus { Mate, NoMate, Unknown };

struct SolveOptions {
  SearchLimits limits;
  FutilePolicy futile = FutilePolicy::Composer;
  // After a mate: find the main line's drops that are futile in the wider sense many composers
  // use (wide_futile.h), with at most as many more nodes as the solve took (1M at least).
  bool wide_futile = false;
  // When the limit is reached after a mate was found (before it was proven shortest, or before
  // its main line was extracted): give the search a tenth more (1M nodes, 1 s at least) to
  // extract the line, or to walk the table's proofs for a mate's line (SolveResult::
  // upper_bound). Off for callers whose limit is a hard budget (verify).
  bool unproven_line = false;
  // The most nodes for each of the small searches that shorten a found mate along its line
  // before it is proven shortest (each gets the first proof's nodes / 500, 20k at least; 0:
  // none). They lower the bound cheaply where the first proof took detours,
  // which long mates are full of (ミクロコスモス: 1595 plies found, 1525 after one pass).
  uint64_t local_query_nodes = 1'000'000;
  // A line to print where it is as good as any (the published 作意 of a collection): at each of
  // its nodes the extraction tries its move first, and keeps it when it keeps the minimax value
  // (and leaves no spare pieces where another choice would not). Off the line, or past a move
  // that does not keep the value, the usual order decides.
  std::vector<Move> preferred_line;
  // Searches for this one problem (helper_threads.h): the first proof and the root questions of
  // the shortest length get threads - 1 helpers on the same table. The answer is the one
  // thread's; with 1 (the default) the search is deterministic, node for node.
  int threads = 1;
  // The first question (mate at all?) searched as one expected to fail: its defender nodes
  // choose a reply by the cost of a refutation, as verify's checks do (Dfpn::
  // set_expect_refutation). No answer changes, only the order: faster on some problems, slower
  // on others (README, "kanju solve").
  bool expect_no_mate = false;
};

struct SolveResult {
  SolveStatus status = SolveStatus::Unknown;
  int length = -1;         // proven minimax length in plies (Mate only)
  std::vector<Move> line;  // the main line (Mate); a mate not proven shortest (Unknown)
  // Unknown after a mate was found (not proven shortest, or its line not extracted): mate in
  // at most this many plies is proven, -1 otherwise.
  // `line`, unless empty, is such a mate of exactly this length (the defender taking the reply
  // with the longest mate known; a walk that came out shorter is not shown).
  int upper_bound = -1;
  uint64_t nodes = 0;         // positions visited (Dfpn::nodes), the helper threads' included
  uint64_t helper_nodes = 0;  // of them, the helper threads' (SolveOptions::threads)
  uint64_t expansions = 0;    // nodes expanded (Dfpn::expansions)
  // Nodes per phase: the first proof, proving the length shortest, extracting the line.
  uint64_t prove_nodes = 0, shorten_nodes = 0, line_nodes = 0;
  double seconds = 0;
  double prove_seconds = 0;  // until the first proof (or the end of that phase)
  std::string note;          // why the result is Unknown, or what was left unfinished
  // SolveOptions::wide_futile: the drops found on the way, and the line and length when the
  // defender never makes a drop that only adds two plies (wide_length -1: not asked for). The
  // line replaces each such drop by the defender's reply that lasts as long as the line after
  // the capture, and continues with that reply's main line, where more drops may be found.
  std::vector<WideFutileDrop> wide_futile;
  std::vector<Move> wide_line;
  int wide_length = -1;
};

// Solves `root` with the attacker to move, using (and filling) `table`.
SolveResult solve(const Position& root, ProofTable& table, const SolveOptions& options);

const char* to_string(SolveStatus s);

}  // namespace kanju
