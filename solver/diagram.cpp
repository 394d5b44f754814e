#include "diagram.h"

#include <cctype>

#include "usi_move.h"

namespace kanju {
namespace {

// One kanji per board piece, as BOD prints it: promoted pieces take their one-character forms.
constexpr const char* BOARD_KANJI[PIECE_TYPE_NB] = {"・", "歩", "香", "桂", "銀", "角", "飛", "金",
                                                    "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr const char* KANJI_DIGITS[11] = {"",   "一", "二", "三", "四", "五",
                                          "六", "七", "八", "九", "十"};
constexpr const char* RANK_KANJI[9] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr const char* FRAME = "+---------------------------+\n";

std::string japanese_hand_line(Color c, Hand hand) {
  std::string line = c == BLACK ? "先手の持駒：" : "後手の持駒：";
  if (hand.empty()) return line + "なし\n";
  bool first = true;
  for (const std::string& entry : japanese_hand_entries(hand)) {
    if (!first) line += "　";  // BOD separates hand entries with a full-width space
    line += entry;
    first = false;
  }
  return line + "\n";
}

std::string western_hand_line(Color c, Hand hand) {
  std::string line = c == BLACK ? "Black hand:" : "White hand:";
  if (hand.empty()) return line + " -\n";
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
    if (!hand.has(pt)) continue;
    const char letter = c == BLACK ? piece_letter(pt) : char(std::tolower(piece_letter(pt)));
    line += ' ' + (hand.count(pt) > 1 ? std::to_string(hand.count(pt)) : "") + letter;
  }
  return line + "\n";
}

// Three display columns per square in both styles (a kanji is two wide), so one frame fits both.
std::string japanese_cell(Piece pc) {
  std::string cell(1, pc != NO_PIECE && color_of(pc) == WHITE ? 'v' : ' ');
  return cell += BOARD_KANJI[pc == NO_PIECE ? NO_PIECE_TYPE : type_of(pc)];
}

std::string western_cell(Piece pc) {
  if (pc == NO_PIECE) return "  .";
  const PieceType pt = type_of(pc);
  const char letter = piece_letter(pt);
  return std::string(" ") + (is_promoted(pt) ? '+' : ' ') +
         char(color_of(pc) == BLACK ? letter : std::tolower(letter));
}

std::string board_rows(const Position& pos, DiagramStyle style) {
  const bool japanese = style == DiagramStyle::Japanese;
  std::string out = japanese ? "  ９ ８ ７ ６ ５ ４ ３ ２ １\n" : "   9  8  7  6  5  4  3  2  1\n";
  out += FRAME;
  for (int rank = 0; rank < 9; ++rank) {
    out += '|';
    for (int file = 8; file >= 0; --file) {
      const Piece pc = pos.piece_on(make_square(file, rank));
      out += japanese ? japanese_cell(pc) : western_cell(pc);
    }
    out += '|';
    out += japanese ? std::string(RANK_KANJI[rank]) : std::string(1, char('a' + rank));
    out += '\n';
  }
  return out + FRAME;
}

}  // namespace

const char* board_kanji(PieceType pt) { return BOARD_KANJI[pt]; }

// Counts up to 18 (pawns): 二, 十, 十四.
std::string kanji_count(int n) {
  return n <= 10 ? KANJI_DIGITS[n] : std::string(KANJI_DIGITS[10]) + KANJI_DIGITS[n - 10];
}

std::vector<std::string> japanese_hand_entries(Hand hand) {
  std::vector<std::string> entries;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER)
    if (hand.has(pt))
      entries.push_back(BOARD_KANJI[pt] + (hand.count(pt) > 1 ? kanji_count(hand.count(pt)) : ""));
  return entries;
}

std::string render_diagram(const Position& pos, DiagramStyle style) {
  const bool japanese = style == DiagramStyle::Japanese;
  auto hand_line = japanese ? japanese_hand_line : western_hand_line;
  std::string out = hand_line(WHITE, pos.hand(WHITE));
  out += board_rows(pos, style);
  out += hand_line(BLACK, pos.hand(BLACK));
  const bool black = pos.side_to_move() == BLACK;
  if (japanese) return out + (black ? "手番：先手\n" : "手番：後手\n");
  return out + (black ? "Side to move: Black\n" : "Side to move: White\n");
}

}  // namespace kanju
