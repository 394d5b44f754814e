// CSA, the computer-shogi standard record format (CSA標準棋譜ファイル形式), V2.2 and V3.0.
//
//   'CSA encoding=UTF-8                 V3.0: the encoding (without it, Shift_JIS is read too)
//   V3.0                                version
//   N+先手の名前                         names and $KEY:value information → headers
//   $EVENT:詰将棋
//   P1 *  *  *  *  *  *  *  *  *        the board, rank 1 first, file 9 to file 1 ...
//   P3 *  *  *  *  *  *  * -OU-FU
//   P+00HI00KI00KI00GI                  ... or PI (the start) minus removals "PI82HI22KA";
//   P-00AL                              P+/P- place pieces, 00 is the hand, 00AL the rest
//   +                                   the side to move
//   +0022HI                             moves: sign, origin (00: a drop), destination, the piece
//   -2314OU,T3                          after the move; several statements per line with ','
//   %TSUMI                              %TORYO, %CHUDAN ... end the main line
//
// Only the first record is read (a "/" line starts the next). Comments (') and time fields (T)
// are skipped. Errors name the file and line, as the KIF reader's do.
#pragma once

#include <string>
#include <string_view>

#include "problem_record.h"
#include "result.h"

namespace kanju {

// Reads a CSA file in UTF-8 or Shift_JIS (see to_utf8 in kif.h).
Result<ProblemRecord> parse_csa(std::string_view bytes, std::string_view source_name = "");

enum class CsaVersion { V2_2, V3_0 };

// CSA in UTF-8. The board is written row by row, the defender's hand as P-00AL when it holds
// the rest of the set (the tsume convention), and the line ends with %TSUMI when it mates,
// %CHUDAN otherwise. Headers with a CSA name are written as such; the others (作品名, 作者 ...)
// become comments, which a reader skips.
std::string to_csa(const ProblemRecord& record, CsaVersion version = CsaVersion::V3_0);

}  // namespace kanju
