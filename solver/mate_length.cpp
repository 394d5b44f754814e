#include "mate_length.h"

#include <algorithm>

#include "main_line.h"

namespace kanju {

// Shortens a long mate by local searches along its line, deepest node first, each limited to
// `per_query` nodes: at every node, "mate within two plies fewer?" until the answer is no or
// unknown. Proving a long mate shortest from the root re-searches the whole chain, since every
// node on it holds a proof a little too long; but where the first proof took a detour (a piece
// walked away and back), the shortcut rejoins the line a few plies later, and a small search
// at the detour's start finds it, the rest of the line being known. Deepest first, a node's
// children already carry their shortened lengths. Sound as any bounded search (a query cut
// short stores no failure); it proves nothing shortest, it only lowers the known bound.
// Returns the root's mate length after the pass, -1 when the global budget ran out.
int shorten_locally(Dfpn& dfpn, Position& pos, const std::vector<Move>& line, uint64_t per_query,
                    std::unordered_set<uint64_t>& tried, HelperThreads* helpers) {
  const Color attacker = pos.side_to_move();
  auto prove = [&](MateLen max_len, uint64_t budget) {
    return helpers ? helpers->prove(dfpn, pos, attacker, max_len, budget)
                   : dfpn.prove(pos, attacker, max_len, budget);
  };
  for (Move m : line) pos.do_move(m);
  size_t undone = 0;
  int root_length = -1;
  int next_len = -1;  // the length of the node one ply deeper on the line
  for (size_t i = line.size(); i-- > 0;) {
    pos.undo_move(), ++undone;
    // The node's questions share `per_query` nodes.
    const uint64_t node_limit = dfpn.nodes() + per_query;
    auto left = [&] { return node_limit - std::min(node_limit, dfpn.nodes()); };
    NodeOutcome o = prove(DEPTH_UNLIMITED, left());
    int len = o.proven() ? int(o.hi) : -1;
    // A defender node is worth asking only when its reply on the line now mates sooner than
    // the node's own proof says: otherwise that reply alone keeps the node's length (the
    // reply's query has just failed to shorten it), and the query would fail too, at the
    // full budget. Detours after other replies come onto the line in a later pass, since the
    // line takes the longest reply.
    const bool ask = pos.side_to_move() == attacker || next_len < 0 || next_len + 1 < len;
    while (ask && len >= 2 && i > 0) {  // the root's own question is the caller's
      // A query that came back unanswered in an earlier pass would again.
      if (!tried.insert(pos.key() ^ (uint64_t(len) * 0x9e3779b97f4a7c15ULL)).second) break;
      const NodeOutcome shorter = prove(MateLen(len - 2), left());
      if (!shorter.proven()) break;
      len = shorter.hi;
    }
    next_len = len;
    if (dfpn.limits_reached() || len < 0) break;
    if (i == 0) root_length = len;
  }
  for (; undone < line.size(); ++undone) pos.undo_move();
  return root_length;
}

MateLength shortest_mate(Dfpn& dfpn, Position& pos, int first_length, uint64_t first_proof_nodes,
                         uint64_t local_query_nodes, HelperThreads* helpers) {
  const Color attacker = pos.side_to_move();
  int length = first_length;
  dfpn.set_phase("shorten", length);
  // 1. Lower the bound by small searches along the mate's line while it keeps falling: a long
  //    first proof is mostly detours that such searches remove cheaply.
  if (local_query_nodes > 0) {
    std::unordered_set<uint64_t> tried;
    for (int pass = 0; pass < 16 && length >= 3; ++pass) {
      const std::vector<Move> found = bounded_line(dfpn, pos, length);
      if (found.empty()) break;
      const uint64_t per_query =
          std::clamp<uint64_t>(first_proof_nodes / 500, 20'000, local_query_nodes);
      const int shorter = shorten_locally(dfpn, pos, found, per_query, tried, helpers);
      if (shorter < 0 || shorter >= length) break;
      length = shorter;
      dfpn.set_phase("shorten", length);
    }
  }
  // 2. Prove it shortest from the root: a mate two plies shorter, until there is none.
  while (length >= 3) {
    const NodeOutcome shorter = helpers ? helpers->prove(dfpn, pos, attacker, MateLen(length - 2))
                                        : dfpn.prove(pos, attacker, MateLen(length - 2));
    if (shorter.proven()) {
      length = shorter.hi;
      dfpn.set_phase("shorten", length);
    } else {
      return MateLength{length, shorter.disproven()};
    }
  }
  return MateLength{length, true};
}

}  // namespace kanju
