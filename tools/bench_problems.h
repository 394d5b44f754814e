// The fixed problem set of `kanju bench`, built into the binary so that the bench signature (the
// total node count) cannot change with the data files. Shared with tests/test_solve.cpp.
#pragma once

namespace kanju::bench {

constexpr int NOMATE = 0;

struct BenchProblem {
  const char* name;
  const char* sfen;
  int expected;  // plies, or NOMATE
};

// tests/test_solve.cpp runs this list twice to check that the node counts are deterministic.
constexpr BenchProblem BENCH_PROBLEMS[] = {
    {"example-7", "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1", 7},
    {"perpetual-check", "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1", NOMATE},
    {"khmet-minlen-15", "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1", 15},
    {"futile-5", "9/6Spk/9/5R1+B1/9/9/9/9/9 b Nrb4g3s3n4l17p 1", 5},
    // Lines 1-2 of the yaneuraou 詰将棋500万問 subsets mate-{5,7,9,11}-ply.txt.
    {"yo-mate5-0001",
     "l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72", 5},
    {"yo-mate5-0002", "lnsgs2+Pl/3kg4/p1pppN2p/6pp1/9/7R1/P1PP1Sg1P/1S3+b3/LN5KL w Nrbg6p 58", 5},
    {"yo-mate7-0001",
     "ln1g3+Rl/2sk1s+P2/2ppppb1p/p1b3p2/8P/P4P3/2PPP1P2/1+r2GS3/LN+p2KGNL w GN2Ps 36", 7},
    {"yo-mate7-0002", "ln1g2B+Rl/2s6/pPppppk2/6p1p/9/4P1P1P/P1PPSP3/3+psK3/L+r3G1NL b SNb2gn2p 39",
     7},
    {"yo-mate9-0001", "ln2k3l/1Rs1gsgb1/2pppp3/p5Npp/5PP2/PP2P3P/2PPS4/1Bs2K3/LN3G1+rL w 2Pgnp 56",
     9},
    {"yo-mate9-0002",
     "ln1g1k1nl/1rP5g/p1sp1+P1P1/4p3p/2pS2p1P/1P1P3p1/PGB1PP3/5K3/L+r3G1N+b w S2Psnl 62", 9},
    {"yo-mate11-0001",
     "+P2+Rb1gnl/7k1/n1p1+Bp1pp/p5p2/1p1pP2P1/2+s6/PsNGSPP1P/3KG4/L5RNL b SL3Pg 83", 11},
    {"yo-mate11-0002", "l3+Rpknl/9/4G1pg1/pP+B2Ssp1/1npnP4/4KP2P/P2P4L/2GS4G/LR7 b SN6Pbp 151", 11},
    // 将棋図巧 problems that take this solver between a tenth of a second and a second or two,
    // so that nodes/s is measured on real search work (problems/zukou.tsv).
    {"zukou-002", "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1", 21},
    {"zukou-005", "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1", 21},
    {"zukou-018", "7n1/5+B+P1r/7k1/7+p1/6P2/7N1/7N1/8B/9 b N2Pr4g4s4l13p 1", 23},
    {"zukou-022", "3g1+P1g1/3S2Ps1/2PpPkL2/4L4/4p2G1/4S4/1B1N1N3/1NN6/B6+r1 b Lrgsl12p 1", 51},
    {"zukou-036", "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1", 13},
};

}  // namespace kanju::bench
