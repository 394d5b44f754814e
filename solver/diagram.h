// A position as a text diagram, for people: the problem as printed in a book (Japanese, in the
// BOD layout that Kifu for Windows and other shogi GUIs read back) or in USI letters (Western).
//
//   後手の持駒：角　金二　銀三　桂四　香三　歩十四        White hand: b 2g 3s 4n 3l 14p
//     ９ ８ ７ ６ ５ ４ ３ ２ １                          9  8  7  6  5  4  3  2  1
//   +---------------------------+                     +---------------------------+
//   | ・ ・ ・ ・ ・ ・ ・v玉v歩|三                      |  .  .  .  .  .  .  .  k  p|c
//   | ・ ・ ・ ・ ・ 角v歩v歩 ・|四                      |  .  .  .  .  .  B  p  p  .|d
//   | ・ ・ ・ ・ ・ ・ ・v龍 香|九                      |  .  .  .  .  .  .  . +r  L|i
//   +---------------------------+                     +---------------------------+
//   先手の持駒：飛　金二　銀                            Black hand: R 2G S
//   手番：先手                                         Side to move: Black
//
// White pieces carry a "v" in the Japanese style and are lower case in the Western one. An empty
// hand is "なし" or "-". Every line ends with '\n'.
#pragma once

#include <string>
#include <vector>

#include "position.h"

namespace kanju {

enum class DiagramStyle { Japanese, Western };

std::string render_diagram(const Position& pos, DiagramStyle style = DiagramStyle::Japanese);

// The pieces of the Japanese style, shared with the SVG diagram (svg_diagram.h):
// the one-kanji name of a board piece (歩 … 玉, と 杏 圭 全 馬 龍; "・" for NO_PIECE_TYPE),
const char* board_kanji(PieceType pt);
// a count as diagrams write it (一 … 十, 十一 … 十八),
std::string kanji_count(int n);
// and a hand's entries in SFEN order: "飛", "金二", ...; none for an empty hand.
std::vector<std::string> japanese_hand_entries(Hand hand);

}  // namespace kanju
