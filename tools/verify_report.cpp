#include "verify_report.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "json.h"
#include "solver/notation.h"
#include "solver/usi_move.h"

namespace kanju::cli {

namespace {

const char* const VERDICTS[] = {"sound", "flawed", "unsound", "unknown"};

const char* status_word(SolveStatus s) {
  return s == SolveStatus::Mate ? "mate" : s == SolveStatus::NoMate ? "nomate" : "unknown";
}

std::vector<std::string> usi_moves(const std::vector<Move>& line) {
  std::vector<std::string> moves;
  for (Move m : line) moves.push_back(to_usi(m));
  return moves;
}

const Position& root_of(const VerifyItem& item) { return item.record.position; }

// The position a finding's moves start from: on the found line for LineDiffers, else on the
// main line.
Position node_of(const Position& root, const VerifyResult& r, const Finding& f) {
  const std::vector<Move>& line = f.kind == FindingKind::LineDiffers ? r.solve.line : r.main_line;
  return position_before(root, line, f.ply);
}

std::string length_text(const Finding& f) {
  if (f.length < 0) return "";
  return (f.exact ? "" : "at most ") + std::to_string(f.length);
}

JsonObject finding_json(const Position& root, const VerifyResult& r, const Finding& f) {
  JsonObject o;
  o.str("kind", to_string(f.kind)).str("name", japanese_name(f.kind));
  o.str("severity", to_string(f.severity_in(r.profile))).integer("ply", f.ply);
  o.str("severity_modern", to_string(f.severity_in(Profile::Modern)));
  o.str("severity_classic", to_string(f.severity_in(Profile::Classic)));
  f.move ? o.str("move", to_usi(f.move)) : o.null("move");
  f.main_move ? o.str("main_move", to_usi(f.main_move)) : o.null("main_move");
  f.length >= 0 ? o.integer("length", f.length) : o.null("length");
  o.boolean("exact", f.exact);
  f.main_length >= 0 ? o.integer("main_length", f.main_length) : o.null("main_length");
  if (f.convergence.converges()) {
    JsonObject c;
    c.str("kind", to_string(f.convergence.kind))
        .integer("alt_plies", f.convergence.alt_plies)
        .integer("main_ply", f.convergence.main_ply);
    f.convergence.forced_known ? c.boolean("forced", f.convergence.forced) : c.null("forced");
    o.object("convergence", c);
  } else {
    o.null("convergence");
  }
  o.boolean("leaves_pieces", f.leaves_pieces);
  o.strings("line", usi_moves(f.line));
  o.str("japanese", f.line.empty() ? "" : line_to_japanese(node_of(root, r, f), f.line));
  f.square != SQ_NONE ? o.str("square", square_name(f.square)) : o.null("square");
  if (f.piece != NO_PIECE)
    o.str("piece",
          std::string(color_of(f.piece) == BLACK ? "▲" : "△") + piece_kanji(type_of(f.piece)));
  o.str("note", f.note);
  return o;
}

std::vector<std::string> kinds_of(const VerifyResult& r) {
  std::vector<std::string> kinds;
  for (int ki = 0; ki < FINDING_KIND_NB; ++ki)
    for (const Finding& f : r.findings)
      if (f.kind == FindingKind(ki) && f.severity_in(r.profile) != Severity::None) {
        kinds.push_back(to_string(FindingKind(ki)));
        break;
      }
  return kinds;
}

}  // namespace

std::string describe(const Position& root, const VerifyResult& r, const Finding& f) {
  std::string text = japanese_name(f.kind);
  if (f.ply > 0) text += " at ply " + std::to_string(f.ply);
  const Position node = node_of(root, r, f);
  const auto move_text = [&](Move m) {
    return m ? line_to_japanese(node, {m}) : std::string("(none)");
  };
  switch (f.kind) {
    case FindingKind::NoMate:
    case FindingKind::LengthMismatch:
    case FindingKind::Leftover: return text + ": " + (f.note.empty() ? "no mate" : f.note);
    case FindingKind::ClaimedLineFails:
      return text + ": " + (f.move ? move_text(f.move) + ": " : "") + f.note;
    case FindingKind::LineDiffers:
      return text + ": claimed " + move_text(f.move) + ", found " + move_text(f.main_move) + " (" +
             f.note + ")";
    case FindingKind::UnneededPiece:
      return text + ": " + (color_of(f.piece) == BLACK ? "▲" : "△") +
             piece_kanji(type_of(f.piece)) + " on " + to_japanese_square(f.square);
    case FindingKind::Unchecked:
      if (f.move) text.append(" ").append(move_text(f.move));
      return text.append(": ").append(f.note);
    default: break;
  }
  const bool variation = f.kind == FindingKind::SameLengthVariation ||
                         f.kind == FindingKind::LongerVariation ||
                         f.kind == FindingKind::CorrectedLine;
  text += ": " + move_text(f.move) + " (main line " + move_text(f.main_move) + ")";
  text += variation ? " is mated in " : " also mates in ";
  text += length_text(f) + (f.length < 0 ? "" : f.length == 1 ? " ply" : " plies");
  if (f.main_length >= 0) text += " against " + std::to_string(f.main_length);
  if (f.convergence.kind == Convergence::Kind::Exact)
    text += ", back on the main line's position after ply " +
            std::to_string(f.convergence.main_ply) + " (its ply " +
            std::to_string(f.convergence.alt_plies) + ")";
  else if (f.convergence.kind == Convergence::Kind::Replay)
    text += ", the main line replays from ply " + std::to_string(f.convergence.main_ply) +
            " after its ply " + std::to_string(f.convergence.alt_plies);
  if (f.convergence.converges() && f.convergence.forced_known && !f.convergence.forced)
    text += " where the defender so chooses (a reply as long mates elsewhere)";
  if (f.line.size() > 1) text += ": " + line_to_japanese(node, f.line);
  if (!f.note.empty()) text += " (" + f.note + ")";
  return text;
}

std::string verify_json(const VerifyItem& item, const VerifyResult& r) {
  const Position& root = root_of(item);
  JsonObject o;
  o.str("key", item.key).str("source", item.source);
  item.line ? o.integer("line", item.line) : o.null("line");
  item.id.empty() ? o.null("id") : o.str("id", item.id);
  o.str("sfen", item.sfen);
  JsonObject headers;
  for (const auto& [k, v] : item.record.headers) headers.str(k, v);
  o.object("headers", headers);
  o.str("profile", to_string(r.profile));
  o.str("verdict", to_string(r.verdict)).strings("kinds", kinds_of(r));
  o.str("verdict_modern", to_string(verdict_of(r.findings, Profile::Modern)));
  o.str("verdict_classic", to_string(verdict_of(r.findings, Profile::Classic)));
  const Severity worst = worst_severity(r.findings, r.profile);
  worst == Severity::Kizu       ? o.str("kizu", "shallow")
  : worst == Severity::KizuDeep ? o.str("kizu", "deep")
                                : o.null("kizu");
  o.str("status", status_word(r.solve.status));
  r.solve.status == SolveStatus::Mate ? o.integer("length", r.solve.length) : o.null("length");
  if (item.claim.kind == Claim::Kind::Length)
    o.integer("claimed", item.claim.length);
  else if (item.claim.kind == Claim::Kind::NoMate)
    o.str("claimed", "nomate");
  else
    o.null("claimed");
  o.strings("claimed_line", usi_moves(item.claim.line));
  std::vector<std::string> reasons;
  std::vector<JsonObject> findings;
  for (const Finding& f : r.findings) {
    if (f.severity_in(r.profile) > Severity::Note) reasons.push_back(describe(root, r, f));
    findings.push_back(finding_json(root, r, f));
  }
  o.strings("reasons", reasons).objects("findings", findings);
  o.strings("main_line", usi_moves(r.main_line)).boolean("main_line_claimed", r.main_line_claimed);
  o.boolean("unneeded_checked", r.unneeded_checked);
  o.str("japanese", line_to_japanese(root, r.main_line));
  o.integer("nodes", int64_t(r.nodes)).number("seconds", r.seconds, 3);
  o.number("solve_seconds", r.solve_seconds, 3);
  o.integer("passes", r.passes);
  r.check_nodes == UINT64_MAX ? o.null("check_nodes")
                              : o.integer("check_nodes", int64_t(r.check_nodes));
  return o.text();
}

std::string verify_text(int number, const VerifyItem& item, const VerifyResult& r) {
  const Position& root = root_of(item);
  std::string out = "#";
  out += std::to_string(number);
  if (!item.id.empty()) out.append(" ").append(item.id);
  out.append(" (").append(item.key).append("): ").append(to_string(r.verdict)).append("  ");
  switch (r.solve.status) {
    case SolveStatus::Mate: out += "mate in " + std::to_string(r.solve.length); break;
    case SolveStatus::NoMate: out += "no mate"; break;
    default: out += "unknown"; break;
  }
  if (item.claim.kind == Claim::Kind::Length)
    out += " (claimed " + std::to_string(item.claim.length) + ")";
  else if (item.claim.kind == Claim::Kind::NoMate)
    out += " (claimed no mate)";
  char buf[96];
  std::snprintf(buf, sizeof buf, "  nodes %llu  %.2fs (solve %.2fs)", (unsigned long long)r.nodes,
                r.seconds, r.solve_seconds);
  out += buf;
  if (r.passes > 1) {  // VerifyOptions::check_nodes_max
    std::snprintf(buf, sizeof buf, "  %d passes, checks up to %llu nodes", r.passes,
                  (unsigned long long)r.check_nodes);
    out += buf;
  }
  out += '\n';
  if (!r.main_line.empty())
    out += "    " + line_to_japanese(root, r.main_line) +
           (r.main_line_claimed ? "  (claimed)" : "") + "\n";
  for (const Finding& f : r.findings)
    out += std::string("    ") + to_string(f.severity_in(r.profile)) + ": " + describe(root, r, f) +
           "\n";
  return out;
}

void VerifyTally::add(const std::string& name, const ResumedResult& r) {
  ++verdicts[r.verdict];
  for (const std::string& k : r.kinds) ++kinds[k];
  if (r.verdict != "sound") names[r.verdict].push_back(name);
  seconds += r.seconds;
  solve_seconds += r.solve_seconds;
}

ResumedResult summary_of(const VerifyResult& r) {
  return {to_string(r.verdict), kinds_of(r), r.seconds, r.solve_seconds};
}

void VerifyTally::add(const VerifyItem& item, const VerifyResult& r) {
  add(tally_name(item), summary_of(r));
}

int VerifyTally::count(const std::string& verdict) const {
  auto it = verdicts.find(verdict);
  return it == verdicts.end() ? 0 : it->second;
}

void print_verify_summary(std::ostream& out, const VerifyTally& t, double wall_seconds) {
  int total = 0;
  for (const auto& [v, n] : t.verdicts) total += n;
  out << "\n| verdict | problems |\n|---|---|\n";
  for (const char* v : VERDICTS) out << "| " << v << " | " << t.count(v) << " |\n";
  out << "| total | " << total << " |\n";
  if (!t.kinds.empty()) out << "\n| finding | | problems |\n|---|---|---|\n";
  for (int ki = 0; ki < FINDING_KIND_NB; ++ki) {
    const FindingKind k = FindingKind(ki);
    auto it = t.kinds.find(to_string(k));
    if (it == t.kinds.end()) continue;
    out << "| " << to_string(k) << " | " << japanese_name(k) << " | " << it->second << " |\n";
  }
  out << '\n';
  // Which problems, so that a reader can look them up, or verify the unknown ones again with a
  // larger budget.
  for (const char* v : VERDICTS) {
    auto it = t.names.find(v);
    if (it == t.names.end()) continue;
    std::vector<std::string> sorted = it->second;  // in the order they finished otherwise
    std::sort(sorted.begin(), sorted.end());
    out << char(std::toupper(v[0])) << (v + 1) << ':';
    for (const std::string& n : sorted) out << ' ' << n;
    out << '\n';
  }
  if (t.count("unknown") > 0)
    out << "(unknown: the budget ran out before every question was answered; each names what "
           "it left unchecked. More --nodes, --check-nodes-max or --hash may decide them.)\n";
  if (t.resumed > 0)
    out << "Resumed from the earlier run: " << t.resumed << " of these " << total
        << " problems (counted above and in the time)\n";
  out << "Errors: " << t.errors << '\n';
  // The ratio to solving means little when the solves took almost no time.
  char ratio[32] = "";
  if (t.solve_seconds >= 0.1)
    std::snprintf(ratio, sizeof ratio, ", x%.1f", t.seconds / t.solve_seconds);
  char buf[160];
  std::snprintf(buf, sizeof buf, "Time: %.2fs verifying (of which solving %.2fs%s), wall %.2fs%s\n",
                t.seconds, t.solve_seconds, ratio, wall_seconds,
                t.resumed > 0 ? " (this run)" : "");
  out << buf << std::flush;
}

ResumeState read_resume(const std::string& text) {
  ResumeState state;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::string line = text.substr(start, end - start);
    state.valid_bytes = end + 1;
    size_t k = field_value(line, "key"), v = field_value(line, "verdict"),
           ks = field_value(line, "kinds");
    if (line.empty() || line.back() != '}' || k == std::string::npos || v == std::string::npos ||
        ks == std::string::npos || line[k] != '"' || line[v] != '"' || line[ks] != '[')
      continue;
    const std::string key = json_string_at(line, k);
    ResumedResult r;
    r.verdict = json_string_at(line, v);
    for (++ks; ks < line.size() && line[ks] != ']';) {
      if (line[ks] == '"')
        r.kinds.push_back(json_string_at(line, ks));
      else
        ++ks;
    }
    // The times are the last fields: after any header or note that could hold the same words.
    r.seconds = last_number(line, "seconds");
    r.solve_seconds = last_number(line, "solve_seconds");
    state.done.emplace(key, std::move(r));
  }
  return state;
}

}  // namespace kanju::cli
