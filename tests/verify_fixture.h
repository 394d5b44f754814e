// Helpers of the verifier's tests: a line from USI text, a verification with both profiles'
// verdicts, and a finding looked up by kind, ply and move.
#pragma once

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "sfen_fixture.h"
#include "solver/usi_move.h"
#include "solver/verify.h"

namespace kanju::test {

// The moves of a line given in USI, each legal where it is played.
inline std::vector<Move> moves_of(const std::string& sfen, const std::string& line) {
  Position pos = from_sfen(sfen);
  std::vector<Move> moves;
  std::stringstream ss(line);
  for (std::string u; ss >> u;) {
    Result<Move> m = parse_usi_move(pos, u);
    INFO(u);
    REQUIRE(m.ok());
    moves.push_back(*m);
    pos.do_move(*m);
  }
  return moves;
}

struct Judged {
  VerifyResult result;
  Verdict modern, classic;
};

// Verifies `sfen` against the claim, with a table of `table_mb`, and reads both verdicts.
inline Judged judged(const std::string& sfen, const Claim& claim, const VerifyOptions& options,
                     size_t table_mb) {
  ProofTable table(table_mb);
  Judged j{verify(from_sfen(sfen), claim, table, options), {}, {}};
  j.modern = verdict_of(j.result.findings, Profile::Modern);
  j.classic = verdict_of(j.result.findings, Profile::Classic);
  return j;
}

// A length claim: the line and its length.
inline Claim line_claim(const std::string& sfen, const std::string& line) {
  Claim claim;
  claim.kind = Claim::Kind::Length;
  claim.line = moves_of(sfen, line);
  claim.length = int(claim.line.size());
  return claim;
}

inline const Finding* find(const VerifyResult& r, FindingKind kind, int ply,
                           const std::string& usi = "") {
  for (const Finding& f : r.findings)
    if (f.kind == kind && f.ply == ply && (usi.empty() || to_usi(f.move) == usi)) return &f;
  return nullptr;
}

// Every finding as kind@ply move modern/classic, for the test's INFO.
inline std::string kinds(const VerifyResult& r) {
  std::string s;
  for (const Finding& f : r.findings)
    s += std::string(to_string(f.kind)) + "@" + std::to_string(f.ply) + " " + to_usi(f.move) + " " +
         to_string(f.severity_in(Profile::Modern)) + "/" +
         to_string(f.severity_in(Profile::Classic)) + "; ";
  return s;
}

}  // namespace kanju::test
