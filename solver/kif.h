// KIF and KI2, the problem and game files of Kifu for Windows, ShogiGUI and ShogiHome.
//
//   作品名：詰将棋                              header lines "key：value", kept in file order
//   後手の持駒：残り全部                        or 角　金二　歩十四, or なし
//     ９ ８ ７ ６ ５ ４ ３ ２ １
//   +---------------------------+               the BOD board: "v" marks a White piece
//   | ・ ・ ・ ・ ・ ・ ・v玉v歩|三
//   ...                                         (exactly nine ranks)
//   +---------------------------+
//   先手の持駒：飛　金二　銀
//   手数----指手---------消費時間--
//      1 ２二飛打     ( 0:00/00:00:00)          KIF: numbered, the origin in parentheses
//      2 １四玉(23)
//      8 詰み                                   投了, 中断 ... end the main line too
//   ▲２二飛打　△１四玉　▲１五金打             KI2: marked, told apart by 右左直上引寄
//
// The side to move is Black (先手) unless a line says 後手番 (or 手番：後手), and with no board
// the start is the 手合割 position (平手 when there is none). Comments (*, #, &) are skipped, and
// so is everything from the first 変化 (a variation) or まで line on: the main line is what a
// problem claims. Every move must be legal where it is played.
//
// Errors name the file and line ("tsume.kif:line 12: move 3 '１五金打': Black has no gold in
// hand"), and a truncated or garbled file gives one such error, never a crash.
#pragma once

#include <string>
#include <string_view>

#include "problem_record.h"
#include "result.h"

namespace kanju {

// The text as UTF-8: a UTF-8 BOM is dropped, valid UTF-8 is kept, anything else is read as
// Shift_JIS (CP932, what Windows tools write for .kif and .csa). The error names the line of a
// byte that is neither.
Result<std::string> to_utf8(std::string_view bytes);

// Reads a KIF or KI2 file (the two move forms may even be mixed). `source_name` prefixes every
// error message and is kept in the record.
Result<ProblemRecord> parse_kif(std::string_view bytes, std::string_view source_name = "");
// The same reader, named for callers that hold a .ki2 file.
Result<ProblemRecord> parse_ki2(std::string_view bytes, std::string_view source_name = "");

// UTF-8 text in Shift_JIS (CP932), for .kif, .ki2 and CSA V2.2 files as Windows tools read them;
// the error names the first character that has no Shift_JIS form. A KIF or KI2 header line
// "#KIF version=2.0 encoding=UTF-8" becomes "encoding=Shift_JIS".
Result<std::string> to_shift_jis(std::string_view utf8);

// KIF in UTF-8 (.kifu) as ShogiGUI writes it: the headers, the BOD, numbered moves "２二飛打",
// "１四玉(23)", then 詰み when the line ends in mate and 中断 otherwise. A 手数 header is added
// when claimed_length differs from the line's length and no header gives it.
std::string to_kif(const ProblemRecord& record);

// KI2 in UTF-8: the headers, the BOD, the moves as to_japanese writes them, eight to a line, and
// "まで7手で詰み" (or 中断).
std::string to_ki2(const ProblemRecord& record);

}  // namespace kanju
