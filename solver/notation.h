// Japanese move notation (棋譜表記), in UTF-8: "▲２二飛打", "△同玉", "▲５二金右", "▲２二角成".
//
//   mark  destination  piece  relative marker  suffix
//   ▲/△   ２二 or 同    金      左右直 / 上引寄   成, 不成 or 打
//
// The relative marker follows the rules of the Japan Shogi Association (日本将棋連盟「棋譜の表記
// 方法」); notation.cpp lists which of them it covers. Two choices differ from the JSA text on
// purpose, so that solver output is predictable: a drop is always marked 打 (JSA writes it only
// when a board piece could also reach the square), and the king is always 玉.
#pragma once

#include <string>
#include <vector>

#include "position.h"
#include "types.h"

namespace kanju {

// "２三": full-width file digit and kanji rank.
std::string to_japanese_square(Square sq);

// The name used in move notation: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍; "" for
// NO_PIECE_TYPE.
std::string piece_kanji(PieceType pt);

// `pos` is the position before the move, with the mover to move (the relative marker needs its
// legal moves); `previous` is the move played just before, which makes the destination 同.
std::string to_japanese(const Position& pos, Move m, Move previous = MOVE_NONE);

// Plays the line on a copy of `pos` and joins the moves with single spaces:
// "▲２二飛打 △１四玉 ▲…". Every move must be legal where it is played. The first move is 同
// when it takes on the square of the move that led to `pos` (a line from inside another).
std::string line_to_japanese(const Position& pos, const std::vector<Move>& line);

}  // namespace kanju
