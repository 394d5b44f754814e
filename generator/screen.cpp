#include "generator/screen.h"

#include <algorithm>

#include "solver/dfpn.h"
#include "solver/movegen.h"

namespace kanju {

namespace {

constexpr uint64_t QUICK_NODES = 2'000;

bool same_move_but_promotion(Move a, Move b) {
  return !a.is_drop() && !b.is_drop() && a.from() == b.from() && a.to() == b.to();
}

}  // namespace

Screen screen_alternatives(const Position& root, const std::vector<Move>& line, ProofTable& table,
                           FutilePolicy futile, uint64_t check_nodes, uint64_t total_nodes,
                           const std::atomic<bool>* stop, uint64_t& nodes) {
  table.clear();
  const Color attacker = root.side_to_move();
  // The other checks along the line: the node before each attacker move but the last (other
  // mates are allowed there, 最終手余詰; a 1-move problem is the verifier's business).
  std::vector<std::pair<Position, Move>> todo;
  Position pos = root;
  for (size_t ply = 0; ply + 1 < line.size(); ply += 2) {
    for (Move m : MoveList<CHECKS>(pos))
      if (m != line[ply] && !same_move_but_promotion(m, line[ply])) todo.emplace_back(pos, m);
    pos.do_move(line[ply]);
    pos.do_move(line[ply + 1]);
  }
  // A mate is usually proven in a few nodes, a disproof takes many: a quick pass over every
  // check first, then the full budget for those still open.
  for (uint64_t cap : {std::min<uint64_t>(QUICK_NODES, check_nodes), check_nodes}) {
    std::vector<std::pair<Position, Move>> open;
    for (auto& [node, m] : todo) {
      if (nodes >= total_nodes) return Screen::Undecided;
      SearchLimits limits;
      limits.max_nodes = std::min(cap, total_nodes - nodes);
      limits.stop = stop;
      Dfpn search(table, limits, futile);
      node.do_move(m);
      const NodeOutcome o = search.prove(node, attacker);
      node.undo_move();
      nodes += search.nodes();
      if (o.proven()) return Screen::Cooked;
      if (!o.disproven()) open.emplace_back(node, m);
    }
    if (open.empty()) return Screen::Clean;
    todo = std::move(open);
  }
  return Screen::Undecided;
}

}  // namespace kanju
