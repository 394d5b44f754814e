#include "solve.h"

#include "movegen.h"
#include "usi_move.h"

namespace kanju {

namespace {

// Walks down the proven minimax line, asking the table-backed search for exact child values.
class LineExtractor {
 public:
  LineExtractor(Dfpn& dfpn, Color attacker) : dfpn_(dfpn), attacker_(attacker) {}

  // Mate within `len` for the node at pos (either side to move); false also on a limit.
  bool mates_within(Position& pos, int len) {
    if (len < 0) return false;
    NodeOutcome o = dfpn_.prove(pos, attacker_, MateLen(len));
    if (!o.proven() && !o.disproven()) failed_ = true;
    return o.proven();
  }

  // The line from an OR node whose exact value is `value`.
  std::vector<Move> extract(Position& pos, int value) {
    std::vector<Move> line;
    while (value > 0 && !failed_) {
      // Attacker: the first check that keeps the mate within value - 1.
      Move chosen = MOVE_NONE;
      for (Move m : MoveList<CHECKS>(pos)) {
        pos.do_move(m);
        bool ok = mates_within(pos, value - 1);
        pos.undo_move();
        if (ok) {
          chosen = m;
          break;
        }
      }
      if (!chosen) {
        failed_ = true;
        break;
      }
      line.push_back(chosen);
      pos.do_move(chosen);
      --value;
      if (value == 0) break;
      // Defender: a reply that is not mated sooner than value - 1 plies. Futile
      // interpositions are no choice at all.
      Move reply = MOVE_NONE;
      for (Move e : MoveList<EVASIONS>(pos)) {
        if (dfpn_.is_futile(pos, attacker_, e)) continue;
        pos.do_move(e);
        bool shorter = mates_within(pos, value - 3);
        pos.undo_move();
        if (!shorter) {
          reply = e;
          break;
        }
      }
      if (!reply) {
        failed_ = true;
        break;
      }
      line.push_back(reply);
      pos.do_move(reply);
      --value;
    }
    for (size_t i = 0; i < line.size(); ++i) pos.undo_move();
    return line;
  }

  bool failed() const { return failed_; }

 private:
  Dfpn& dfpn_;
  Color attacker_;
  bool failed_ = false;
};

}  // namespace

const char* to_string(SolveStatus s) {
  switch (s) {
    case SolveStatus::Mate: return "mate";
    case SolveStatus::NoMate: return "no mate";
    default: return "unknown";
  }
}

SolveResult solve(const Position& root, ProofTable& table, const SolveOptions& options) {
  SolveResult result;
  Position pos = root;
  const Color attacker = pos.side_to_move();
  Dfpn dfpn(table, options.limits, options.futile);

  // Step 1. Mate or no mate, at any length.
  NodeOutcome o = dfpn.prove(pos, attacker);
  auto finish = [&](SolveStatus status, std::string note) {
    result.status = status;
    result.note = std::move(note);
    result.nodes = dfpn.nodes();
    result.seconds = dfpn.elapsed_seconds();
    return result;
  };
  if (o.disproven()) return finish(SolveStatus::NoMate, "");
  if (!o.proven()) return finish(SolveStatus::Unknown, "limit reached before a proof");

  // Step 2. The shortest mate: ask for a mate two plies shorter until there is none.
  int length = o.hi;
  while (length >= 3) {
    NodeOutcome shorter = dfpn.prove(pos, attacker, MateLen(length - 2));
    if (shorter.proven()) {
      length = shorter.hi;
    } else if (shorter.disproven()) {
      break;
    } else {
      return finish(SolveStatus::Unknown,
                    "mate found in " + std::to_string(length) +
                        " plies, limit reached before it was proven shortest");
    }
  }

  // Step 3. The main line, checked by replaying it.
  LineExtractor extractor(dfpn, attacker);
  result.line = extractor.extract(pos, length);
  result.length = length;
  if (extractor.failed())
    return finish(SolveStatus::Unknown, "mate in " + std::to_string(length) +
                                            " proven, limit reached while extracting the line");
  std::string problem = check_main_line(root, result.line, [&](Position& p, Move m) {
    return dfpn.is_futile(p, attacker, m);
  });
  if (!problem.empty()) return finish(SolveStatus::Unknown, "self-check failed: " + problem);
  return finish(SolveStatus::Mate, "");
}

std::string check_main_line(const Position& root, const std::vector<Move>& line,
                            const FutileTest& futile) {
  Position pos = root;
  const Color attacker = pos.side_to_move();
  for (size_t i = 0; i < line.size(); ++i) {
    const Move m = line[i];
    if (!MoveList<LEGAL>(pos).contains(m))
      return "move " + std::to_string(i + 1) + " (" + to_usi(m) + ") is not legal";
    if (pos.side_to_move() == attacker && !pos.gives_check(m))
      return "attacker move " + std::to_string(i + 1) + " (" + to_usi(m) + ") is not a check";
    pos.do_move(m);
  }
  if (line.size() % 2 == 0) return "the line has an even number of plies";
  if (!pos.in_check()) return "the final position is not check";
  for (Move e : MoveList<EVASIONS>(pos))
    if (!futile || !futile(pos, e))
      return "the final position is not mate: " + to_usi(e) + " escapes";
  return "";
}

}  // namespace kanju
