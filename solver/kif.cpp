#include "kif.h"

#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <optional>
#include <vector>

#include "diagram.h"
#include "movegen.h"
#include "notation.h"
#include "usi_move.h"

namespace kanju {
namespace {

// nullopt when a line was read; the first problem otherwise.
using Status = std::optional<Error>;

// "tsume.kif:line 12: ", or "line 12: " for text without a name.
std::string where(std::string_view source, int line) {
  return (source.empty() ? "" : std::string(source) + ":") + "line " + std::to_string(line) + ": ";
}

int line_of_offset(std::string_view text, size_t offset) {
  int line = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

// --- UTF-8 and Shift_JIS

constexpr std::string_view UTF8_BOM = "\xEF\xBB\xBF";

// Byte length of the UTF-8 sequence led by `lead`; 0 for a byte that cannot lead one.
int sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// Whether s[i] starts a well-formed sequence of n bytes that may be cut short by the end of s.
// The second byte's range excludes overlong forms and surrogates (RFC 3629).
bool sequence_prefix_ok(std::string_view s, size_t i, int n) {
  const unsigned char lead = s[i];
  const unsigned char lo = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
  const unsigned char hi = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
  for (int k = 1; k < n && i + k < s.size(); ++k) {
    const unsigned char b = s[i + k];
    if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) return false;
  }
  return true;
}

// The offset of the first byte that breaks UTF-8, or npos.
size_t first_invalid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const int n = sequence_length(s[i]);
    if (n == 0 || i + n > s.size() || !sequence_prefix_ok(s, i, n)) return i;
    i += n;
  }
  return std::string_view::npos;
}

// Shift_JIS through glibc's iconv. CP932 is the Windows form (it adds NEC and IBM extensions:
// ①, ㈱ ...) that Kifu for Windows writes; plain SHIFT_JIS is the fallback name.
struct Conversion {
  std::string text;
  bool ok = false;
  size_t failed_at = 0;  // where the conversion stopped, when not ok
  bool cut = false;      // stopped at a character cut short by the end of the input
};

Conversion cp932_to_utf8(std::string_view bytes) {
  Conversion c;
  iconv_t cd = iconv_open("UTF-8", "CP932");
  if (cd == iconv_t(-1)) cd = iconv_open("UTF-8", "SHIFT_JIS");
  if (cd == iconv_t(-1)) return c;
  // Every CP932 character of one or two bytes is at most three bytes of UTF-8, so the output
  // cannot run out of room (E2BIG).
  c.text.assign(bytes.size() * 3 + 4, '\0');
  char* in = const_cast<char*>(bytes.data());  // iconv's signature; it does not write there
  size_t in_left = bytes.size();
  char* to = c.text.data();
  size_t out_left = c.text.size();
  const size_t done = iconv(cd, &in, &in_left, &to, &out_left);
  c.cut = done == size_t(-1) && errno == EINVAL;
  iconv_close(cd);
  c.ok = done != size_t(-1);
  c.failed_at = in - bytes.data();
  c.text.resize(c.text.size() - out_left);
  return c;
}

Result<std::string> utf8_to_cp932(std::string_view text) {
  iconv_t cd = iconv_open("CP932", "UTF-8");
  if (cd == iconv_t(-1)) cd = iconv_open("SHIFT_JIS", "UTF-8");
  if (cd == iconv_t(-1)) return Error{"no Shift_JIS converter (iconv) on this system"};
  // A character of UTF-8 is never longer in Shift_JIS.
  std::string out(text.size() + 4, '\0');
  char* in = const_cast<char*>(text.data());  // iconv's signature; it does not write there
  size_t in_left = text.size();
  char* to = out.data();
  size_t out_left = out.size();
  const size_t done = iconv(cd, &in, &in_left, &to, &out_left);
  iconv_close(cd);
  if (done == size_t(-1)) {
    const size_t at = in - text.data();
    return Error{where("", line_of_offset(text, at)) + "'" +
                 std::string(text.substr(at, std::max(1, sequence_length(text[at])))) +
                 "' has no Shift_JIS form: write the record in UTF-8 (.kifu, .ki2u, CSA V3.0)"};
  }
  out.resize(out.size() - out_left);
  return out;
}

// --- Characters

// The first character of s (one to four bytes; a stray byte alone), or "" at the end.
std::string_view first_char(std::string_view s) {
  if (s.empty()) return s;
  const size_t n = std::max(1, sequence_length(s[0]));
  return s.substr(0, std::min(n, s.size()));
}

bool consume(std::string_view& s, std::string_view prefix) {
  if (!s.starts_with(prefix)) return false;
  s.remove_prefix(prefix.size());
  return true;
}

constexpr std::string_view IDEOGRAPHIC_SPACE = "　";  // full-width, common in KIF

std::string_view skip_spaces(std::string_view s) {
  while (consume(s, " ") || consume(s, "\t") || consume(s, IDEOGRAPHIC_SPACE)) {}
  return s;
}

std::string_view trim(std::string_view s) {
  s = skip_spaces(s);
  while (!s.empty()) {
    if (s.back() == ' ' || s.back() == '\t' || s.back() == '\r') {
      s.remove_suffix(1);
    } else if (s.ends_with(IDEOGRAPHIC_SPACE)) {
      s.remove_suffix(IDEOGRAPHIC_SPACE.size());
    } else {
      break;
    }
  }
  return s;
}

// Text quoted for a message, cut after a few characters so a garbled line stays readable.
std::string quoted(std::string_view s) {
  constexpr int MAX_CHARS = 20;
  std::string out = "'";
  for (int n = 0; n < MAX_CHARS && !s.empty(); ++n) {
    const std::string_view c = first_char(s);
    out += c;
    s.remove_prefix(c.size());
  }
  return out + (s.empty() ? "'" : "...'");
}

// --- Japanese vocabulary

struct PieceName {
  std::string_view text;
  PieceType type;
};
// Two-character names first, so that 成香 is not read as a lone 成. The one-character promoted
// forms (杏 圭 全) are what BOD boards use; 竜 and 王 are common variants.
constexpr PieceName PIECE_NAMES[] = {
    {"成香", PRO_LANCE}, {"成桂", PRO_KNIGHT}, {"成銀", PRO_SILVER}, {"歩", PAWN},
    {"香", LANCE},       {"桂", KNIGHT},       {"銀", SILVER},       {"金", GOLD},
    {"角", BISHOP},      {"飛", ROOK},         {"玉", KING},         {"王", KING},
    {"と", PRO_PAWN},    {"杏", PRO_LANCE},    {"圭", PRO_KNIGHT},   {"全", PRO_SILVER},
    {"馬", HORSE},       {"龍", DRAGON},       {"竜", DRAGON}};

// Reads a piece name at the start of s and consumes it; NO_PIECE_TYPE when there is none.
PieceType read_piece_name(std::string_view& s) {
  for (const PieceName& name : PIECE_NAMES)
    if (consume(s, name.text)) return name.type;
  return NO_PIECE_TYPE;
}

// The piece named by exactly one character (a BOD cell or a hand entry).
PieceType piece_of_char(std::string_view ch) {
  for (const PieceName& name : PIECE_NAMES)
    if (name.text == ch) return name.type;
  return NO_PIECE_TYPE;
}

constexpr std::string_view FULL_WIDTH_DIGITS[10] = {"０", "１", "２", "３", "４",
                                                    "５", "６", "７", "８", "９"};
constexpr std::string_view KANJI_DIGITS[10] = {"〇", "一", "二", "三", "四",
                                               "五", "六", "七", "八", "九"};

// 0-9 for an ASCII, full-width or kanji digit; -1 for any other character.
int digit_value(std::string_view ch) {
  if (ch.size() == 1 && ch[0] >= '0' && ch[0] <= '9') return ch[0] - '0';
  for (int d = 0; d < 10; ++d)
    if (ch == FULL_WIDTH_DIGITS[d] || ch == KANJI_DIGITS[d]) return d;
  return -1;
}

// A count in kanji (二, 十, 十八) or digits, consumed from s; -1 when s does not start with one.
// Large values stop growing at 100: a hand holds at most 18, and the SFEN check reports it.
int read_count(std::string_view& s) {
  int total = 0, current = 0;
  bool any = false;
  while (!s.empty()) {
    const std::string_view ch = first_char(s);
    if (ch == "十") {
      total += (current ? current : 1) * 10;
      current = 0;
    } else if (const int d = digit_value(ch); d >= 0) {
      current = std::min(current * 10 + d, 100);
    } else {
      break;
    }
    any = true;
    s.remove_prefix(ch.size());
  }
  return any ? std::min(total + current, 100) : -1;
}

// "２二", "22" or "２２": a file digit then a rank digit; SQ_NONE when s does not start so.
Square read_square(std::string_view& s) {
  std::string_view rest = s;
  const int file = digit_value(first_char(rest));
  rest.remove_prefix(first_char(rest).size());
  const int rank = digit_value(first_char(rest));
  rest.remove_prefix(first_char(rest).size());
  if (file < 1 || rank < 1) return SQ_NONE;
  s = rest;
  return make_square(file - 1, rank - 1);
}

std::string rank_kanji(int rank) { return std::string(KANJI_DIGITS[rank + 1]); }

// --- A move as written, and the legal move it names

enum class Action { NONE, PROMOTE, NO_PROMOTE, DROP };

struct WrittenMove {
  std::optional<Color> mark;  // ▲ or △ when given
  bool same = false;          // 同: the square of the previous move
  Square to = SQ_NONE;
  PieceType piece = NO_PIECE_TYPE;   // as named: 馬 is HORSE
  std::vector<std::string> markers;  // 右 左 直 上 引 寄, as written
  Action action = Action::NONE;
  Square from = SQ_NONE;  // KIF's "(23)"
};

std::optional<Color> read_mark(std::string_view& s) {
  if (consume(s, "▲") || consume(s, "☗")) return BLACK;
  if (consume(s, "△") || consume(s, "☖") || consume(s, "▽")) return WHITE;
  return std::nullopt;
}

bool starts_with_mark(std::string_view s) { return read_mark(s).has_value(); }

// 行 and 入 are older spellings of 上.
constexpr std::string_view MARKERS[] = {"右", "左", "直", "上", "引", "寄", "行", "入"};

std::optional<Action> read_action(std::string_view& s) {
  if (consume(s, "不成") || consume(s, "生")) return Action::NO_PROMOTE;
  if (consume(s, "成")) return Action::PROMOTE;
  if (consume(s, "打")) return Action::DROP;
  return std::nullopt;
}

// KIF's origin "(23)"; "(00)" marks a drop. Leaves s alone when it holds something else.
Status read_origin(std::string_view& s, WrittenMove& w) {
  if (s.size() < 4 || s[0] != '(' || s[3] != ')') return std::nullopt;
  const char f = s[1], r = s[2];
  if (f < '0' || f > '9' || r < '0' || r > '9') return std::nullopt;
  if (f == '0' && r == '0') {
    if (w.action == Action::NONE) w.action = Action::DROP;
  } else if (f == '0' || r == '0') {
    return Error{"origin " + quoted(s.substr(0, 4)) + " is not a square"};
  } else {
    w.from = make_square(f - '1', r - '1');
  }
  s.remove_prefix(4);
  return std::nullopt;
}

// Reads one move ("▲２二飛打", "同　玉(13)", "５二金右", "２三銀不成(34)") and consumes it.
Result<WrittenMove> read_written_move(std::string_view& s) {
  WrittenMove w;
  w.mark = read_mark(s);
  if (consume(s, "同")) {
    w.same = true;
    s = skip_spaces(s);
  } else if ((w.to = read_square(s)) == SQ_NONE) {
    return Error{"expected a square such as ２二, or 同"};
  }
  w.piece = read_piece_name(s);
  if (w.piece == NO_PIECE_TYPE)
    return Error{s.empty() ? "no piece after the square"
                           : "unknown piece " + quoted(first_char(s)) + " after the square"};
  for (bool more = true; more;) {
    more = false;
    for (std::string_view m : MARKERS)
      if (consume(s, m)) {
        w.markers.emplace_back(m == "行" || m == "入" ? "上" : m);
        more = true;
      }
  }
  if (std::optional<Action> a = read_action(s)) w.action = *a;
  if (Status st = read_origin(s, w)) return *st;
  return w;
}

enum Motion { UP, SIDEWAYS, DOWN };

Motion motion_of(Color c, Square from, Square to) {
  const int forward = relative_rank(c, rank_of(from)) - relative_rank(c, rank_of(to));
  return forward > 0 ? UP : forward == 0 ? SIDEWAYS : DOWN;
}

// The file counted from the mover's right: Black's right is the 1-file, White's the 9-file.
int file_from_right(Color c, Square sq) { return c == BLACK ? file_of(sq) : 8 - file_of(sq); }

// Keeps the board moves that fit one relative marker (notation.h describes them).
std::vector<Move> filter_marker(const std::vector<Move>& moves, std::string_view marker) {
  std::vector<Move> kept;
  int best = -1;  // for 右/左: the extreme file among the candidates
  for (Move m : moves) {
    if (m.is_drop()) continue;
    const int f = file_from_right(color_of(m.moved_piece()), m.from());
    if (marker == "右" && (best < 0 || f < best)) best = f;
    if (marker == "左" && (best < 0 || f > best)) best = f;
  }
  for (Move m : moves) {
    if (m.is_drop()) continue;
    const Color c = color_of(m.moved_piece());
    const Motion motion = motion_of(c, m.from(), m.to());
    const bool fits = marker == "上"   ? motion == UP
                      : marker == "引" ? motion == DOWN
                      : marker == "寄" ? motion == SIDEWAYS
                      : marker == "直" ? motion == UP && file_of(m.from()) == file_of(m.to())
                                       : file_from_right(c, m.from()) == best;
    if (fits) kept.push_back(m);
  }
  return kept;
}

bool fits(Move m, const WrittenMove& w) {
  if (m.is_drop())
    return m.drop_type() == w.piece && w.from == SQ_NONE &&
           (w.action == Action::DROP || w.action == Action::NONE);
  return w.action != Action::DROP && type_of(m.moved_piece()) == w.piece &&
         (w.from == SQ_NONE || m.from() == w.from) &&
         m.is_promotion() == (w.action == Action::PROMOTE);
}

// The legal moves that fit what is written. A plain "２二金" names a board move when there is
// one, as 打 is written only when a board piece could also go there (JSA); the motion markers
// narrow the choice before 右/左 pick among what is left.
std::vector<Move> candidates(const Position& pos, const WrittenMove& w, Square to) {
  std::vector<Move> found, board;
  for (Move m : MoveList<LEGAL>(pos))
    if (m.to() == to && fits(m, w)) found.push_back(m);
  for (Move m : found)
    if (!m.is_drop()) board.push_back(m);
  if (w.action == Action::NONE && !board.empty()) found = board;
  for (bool side_markers : {false, true})
    for (const std::string& marker : w.markers)
      if ((marker == "右" || marker == "左") == side_markers) found = filter_marker(found, marker);
  return found;
}

// ": it must promote, write 成" when the move was written without 成 and only promoting fits.
std::string promotion_hint(const Position& pos, const WrittenMove& w, Square to) {
  if (w.action != Action::NONE) return "";
  WrittenMove promoting = w;
  promoting.action = Action::PROMOTE;
  for (Move m : MoveList<LEGAL>(pos))
    if (m.to() == to && fits(m, promoting)) return " without promoting: write 成";
  return "";
}

// Why no legal move fits, in the terms a user can check against the diagram.
std::string why_not(const Position& pos, const WrittenMove& w, Square to) {
  const Color us = pos.side_to_move();
  const std::string name = piece_type_name(w.piece), square = to_japanese_square(to);
  if (w.action == Action::DROP) {
    if (!is_hand_type(w.piece)) return std::string("a ") + name + " cannot be dropped";
    if (!pos.hand(us).has(w.piece))
      return std::string(color_name(us)) + " has no " + name + " in hand";
    return "dropping a " + name + " on " + square + " is not legal here";
  }
  if (w.from != SQ_NONE) {
    const Piece pc = pos.piece_on(w.from);
    const std::string origin = to_japanese_square(w.from);
    if (pc == NO_PIECE) return "there is no piece on " + origin;
    if (color_of(pc) != us) return "the piece on " + origin + " is " + color_name(~us) + "'s";
    if (type_of(pc) != w.piece)
      return "the piece on " + origin + " is a " + piece_type_name(type_of(pc)) + ", not a " + name;
    return "the " + name + " on " + origin + " cannot move to " + square +
           (w.action == Action::PROMOTE ? " and promote" : "") + " here" +
           promotion_hint(pos, w, to);
  }
  if (!w.markers.empty()) return "no " + name + " that fits the markers can move to " + square;
  return std::string("no ") + color_name(us) + " " + name + " can move to " + square +
         (w.action == Action::PROMOTE ? " and promote" : "") + promotion_hint(pos, w, to);
}

Result<Move> resolve(const Position& pos, const WrittenMove& w, Move previous) {
  const Color us = pos.side_to_move();
  if (w.mark && *w.mark != us)
    return Error{std::string(*w.mark == BLACK ? "▲ (Black)" : "△ (White)") + " but " +
                 color_name(us) + " is to move"};
  if (w.same && !previous) return Error{"同 (the previous move's square) with no move before it"};
  const Square to = w.same ? previous.to() : w.to;
  const std::vector<Move> found = candidates(pos, w, to);
  if (found.size() == 1) return found[0];
  if (found.empty()) return Error{why_not(pos, w, to)};
  return Error{std::to_string(found.size()) + " pieces fit: add 右, 左, 直, 上, 引 or 寄, or the " +
               "origin as in (23)"};
}

bool is_mated(const Position& pos) { return pos.in_check() && MoveList<LEGAL>(pos).empty(); }

// --- Reading a KIF or KI2 file

struct Handicap {
  std::string_view name;
  std::string_view sfen;
};
// 手合割 without a board: the handicapped side is White (上手), who moves first.
constexpr Handicap HANDICAPS[] = {
    {"平手", STARTPOS_SFEN},
    {"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
};

// Words that end the main line where a move would stand ("   8 詰み", "  42 投了").
constexpr std::string_view TERMINATORS[] = {
    "投了", "中断", "千日手", "持将棋", "切れ負け", "反則勝ち", "反則負け", "入玉勝ち",
    "詰",   "不詰", "封じ手", "不戦勝", "不戦敗",   "時間切れ", "宣言勝ち", "トライ"};

bool is_terminator(std::string_view s) {
  for (std::string_view t : TERMINATORS)
    if (s.starts_with(t)) return true;
  return false;
}

bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

class KifReader {
 public:
  explicit KifReader(std::string_view source) : source_(source) { record_.source = source; }
  Result<ProblemRecord> read(std::string_view bytes);

 private:
  enum class Phase { HEADER, BOARD, MOVES, DONE };

  Status read_line(std::string_view text);
  Status header_line(std::string_view text);
  Status keyed_line(std::string_view key, std::string_view value);
  Status hand_line(Color c, std::string_view value);
  Status board_line(std::string_view text);
  Status board_row(std::string_view text);
  Status start_moves(bool at_move_line);
  Status numbered_move(std::string_view text);
  Status ki2_moves(std::string_view text);
  Status play(const WrittenMove& w, std::string_view written);
  Error error(const std::string& message) const { return error_at(line_, message); }
  Error error_at(int line, const std::string& message) const {
    return Error{where(source_, line) + message};
  }
  std::string move_label(std::string_view written) const {
    return "move " + std::to_string(record_.claimed_line.size() + 1) + " " + quoted(written);
  }

  std::string_view source_;
  int line_ = 0;
  Phase phase_ = Phase::HEADER;
  BoardSetup setup_;
  int board_line_ = 0;  // the opening frame's line; 0 before any board
  int ranks_ = 0;       // ranks read in the board
  int first_hand_line_ = 0;
  std::string handicap_;
  int handicap_line_ = 0;
  int header_length_ = -1;  // the header 手数
  ProblemRecord record_;
  Position pos_;  // the start with the moves read so far played
};

Result<ProblemRecord> KifReader::read(std::string_view bytes) {
  Result<std::string> text = to_utf8(bytes);
  if (!text) return Error{(source_.empty() ? "" : std::string(source_) + ":") + text.error()};
  if (Status s = for_each_line(
          *text, line_, [&](std::string_view l) { return read_line(l); },
          [&] { return phase_ == Phase::DONE; }))
    return *s;
  if (phase_ == Phase::BOARD)
    return error_at(board_line_, "the board diagram starting here is cut off after " +
                                     std::to_string(ranks_) + " ranks: the file ends inside it");
  if (Status s = start_moves(false)) return *s;
  const int moves = int(record_.claimed_line.size());
  record_.claimed_length = header_length_ >= 0 ? header_length_ : moves > 0 ? moves : -1;
  return std::move(record_);
}

Status KifReader::read_line(std::string_view text) {
  if (phase_ == Phase::BOARD) return board_line(text);
  const std::string_view t = trim(text);
  if (t.empty() || t[0] == '#' || t[0] == '*' || t[0] == '&') return std::nullopt;
  // The main line ends at the first variation or at the summary line (まで7手で詰み).
  if (t.starts_with("変化") || t.starts_with("まで")) {
    phase_ = Phase::DONE;
    return std::nullopt;
  }
  if (is_ascii_digit(t[0])) return numbered_move(t);
  if (starts_with_mark(t)) return ki2_moves(t);
  if (phase_ == Phase::MOVES) return error("expected a move, got " + quoted(t));
  return header_line(t);
}

Status KifReader::header_line(std::string_view t) {
  if (t.starts_with("+")) {
    if (board_line_)
      return error("a second board diagram (the first is at line " + std::to_string(board_line_) +
                   ")");
    board_line_ = line_;
    phase_ = Phase::BOARD;
    return std::nullopt;
  }
  if (t.starts_with("|"))
    return error("a board rank outside the diagram: the frame line '+---...---+' is missing");
  // The file labels above the board, the BOD's own move count and the moves' column titles.
  if (t.starts_with("９") || t.starts_with("手数＝") || t.starts_with("手数-")) return std::nullopt;
  if (t == "先手番" || t == "下手番" || t == "後手番" || t == "上手番") {
    setup_.side = t == "先手番" || t == "下手番" ? BLACK : WHITE;
    return std::nullopt;
  }
  // The full-width colon is KIF's; some hand-typed files use the ASCII one.
  size_t colon = t.find("："), colon_size = std::string_view("：").size();
  if (colon == std::string_view::npos) {
    colon = t.find(':');
    colon_size = 1;
  }
  // A key of blanks only (a stray carriage return before the colon) is no key either: written
  // back, the header would start with its colon and not read again.
  if (colon == std::string_view::npos || trim(t.substr(0, colon)).empty())
    return error("cannot read " + quoted(t) +
                 ": expected a header 'key：value', a board diagram or a move");
  return keyed_line(trim(t.substr(0, colon)), trim(t.substr(colon + colon_size)));
}

Status KifReader::keyed_line(std::string_view key, std::string_view value) {
  if (key == "先手の持駒" || key == "下手の持駒") return hand_line(BLACK, value);
  if (key == "後手の持駒" || key == "上手の持駒") return hand_line(WHITE, value);
  if (key == "手番") {  // how diagram.h writes the side to move
    if (value != "先手" && value != "後手" && value != "下手" && value != "上手")
      return error("手番 " + quoted(value) + ": expected 先手 or 後手");
    setup_.side = value == "先手" || value == "下手" ? BLACK : WHITE;
    return std::nullopt;
  }
  if (key == "手合割") {
    handicap_ = value;
    handicap_line_ = line_;
  }
  if (key == "手数") {
    std::string_view digits = value;
    header_length_ = read_count(digits);
  }
  record_.headers.emplace_back(key, value);
  return std::nullopt;
}

Status KifReader::hand_line(Color c, std::string_view value) {
  if (!first_hand_line_) first_hand_line_ = line_;
  if (value.empty() || value == "なし") return std::nullopt;
  if (value.starts_with("残り")) {  // 残り全部: the rest of the set
    if (setup_.rest_to && *setup_.rest_to != c)
      return error("both hands say 残り全部: only one side can hold the rest of the set");
    setup_.rest_to = c;
    return std::nullopt;
  }
  // Entries are separated by spaces of either width, or by nothing at all: 飛金二銀.
  for (std::string_view s = skip_spaces(value); !s.empty(); s = skip_spaces(s)) {
    const std::string_view ch = first_char(s);
    const PieceType pt = piece_of_char(ch);
    if (pt == NO_PIECE_TYPE) return error("unknown piece " + quoted(ch) + " in the hand");
    if (!is_hand_type(pt))
      return error(std::string("a ") + piece_type_name(pt) + " (" + std::string(ch) +
                   ") cannot be held in hand");
    s.remove_prefix(ch.size());
    const int n = read_count(s);
    if (n == 0) return error("a count of zero after " + quoted(ch) + " in the hand");
    setup_.hand[c][pt] = std::min(setup_.hand[c][pt] + (n < 0 ? 1 : n), 100);
  }
  return std::nullopt;
}

Status KifReader::board_line(std::string_view text) {
  const std::string_view t = trim(text);
  if (t.starts_with("+")) {
    if (ranks_ != 9)
      return error("the board diagram has " + std::to_string(ranks_) + " ranks, expected 9");
    phase_ = Phase::HEADER;
    return std::nullopt;
  }
  if (!t.starts_with("|"))
    return error("expected rank " + rank_kanji(std::min(ranks_, 8)) +
                 " of the board diagram ('|...|'), got " + quoted(t));
  if (ranks_ == 9)
    return error("a tenth rank: after rank 九 the frame line '+---...---+' closes the board");
  return board_row(t);
}

// "| ・ ・ ・ ・ ・ ・ ・v玉v歩|三": nine cells from the 9-file, each an optional 'v' (White) or
// space, then one piece character or ・.
Status KifReader::board_row(std::string_view t) {
  std::string_view s = t.substr(1);
  const int rank = ranks_;
  const std::string label = "rank " + rank_kanji(rank);
  for (int column = 0; column < 9; ++column) {
    if (s.empty() || s[0] == '|')
      return error(label + " has " + std::to_string(column) + " squares, expected 9");
    const Color c = s[0] == 'v' ? WHITE : BLACK;
    if (s[0] == 'v' || s[0] == ' ') s.remove_prefix(1);
    const std::string_view ch = first_char(s);
    const Square sq = make_square(8 - column, rank);
    if (ch != "・") {
      const PieceType pt = piece_of_char(ch);
      if (pt == NO_PIECE_TYPE)
        return error(label + ", square " + to_japanese_square(sq) + ": unknown piece " +
                     quoted(ch));
      setup_.board[sq] = make_piece(c, pt);
    }
    s.remove_prefix(ch.size());
  }
  if (!s.starts_with("|"))
    return error(label + " has more than 9 squares, or its closing '|' is missing");
  ++ranks_;
  return std::nullopt;
}

// The start position, once the lines before the first move have all been read: at the first
// move line, or at the end of a file without one.
Status KifReader::start_moves(bool at_move_line) {
  if (phase_ == Phase::MOVES) return std::nullopt;
  phase_ = Phase::MOVES;
  Result<Position> pos = Error{};
  if (board_line_) {
    pos = build_setup_position(setup_);
    if (!pos)
      return error_at(board_line_, "the board diagram is not a legal position: " + pos.error());
  } else if (first_hand_line_) {
    return error_at(first_hand_line_, "a hand is given but there is no board diagram");
  } else if (handicap_.empty() && !at_move_line) {
    // Only a game record may leave the start to its moves: a file with neither board, 手合割
    // nor moves is not a problem, and an empty or cut file should not read as 平手.
    return error_at(std::max(line_, 1),
                    "no board diagram, 手合割 or moves: nothing gives the start");
  } else {
    const std::string_view name = handicap_.empty() ? "平手" : std::string_view(handicap_);
    auto it = std::find_if(std::begin(HANDICAPS), std::end(HANDICAPS),
                           [&](const Handicap& h) { return h.name == name; });
    if (it == std::end(HANDICAPS))
      return error_at(handicap_line_, "手合割 " + quoted(name) +
                                          " is not a handicap this reader knows; give a board "
                                          "diagram instead");
    pos = parse_sfen(it->sfen);
  }
  record_.position = *pos;
  pos_ = *pos;
  return std::nullopt;
}

// "   1 ２二飛打     ( 0:00/00:00:00)", "   2 同　玉(13)", "   8 詰み".
Status KifReader::numbered_move(std::string_view t) {
  if (Status s = start_moves(true)) return s;
  size_t digits = 0;
  while (digits < t.size() && is_ascii_digit(t[digits])) ++digits;
  std::string_view rest = skip_spaces(t.substr(digits));
  if (is_terminator(rest)) {
    phase_ = Phase::DONE;
    return std::nullopt;
  }
  const std::string expected = std::to_string(record_.claimed_line.size() + 1);
  if (t.substr(0, digits) != expected)
    return error("move number " + quoted(t.substr(0, digits)) + ", expected " + expected);
  const std::string_view text = rest;
  Result<WrittenMove> w = read_written_move(rest);
  if (!w) return error(move_label(text.substr(0, text.find_first_of(" \t"))) + ": " + w.error());
  const std::string_view written = text.substr(0, text.size() - rest.size());
  if (!rest.empty() && skip_spaces(rest).size() == rest.size())
    return error(move_label(written) + ": unexpected " + quoted(rest) + " after the move");
  return play(*w, written);
}

// "▲２二飛打　△１四玉　▲１五金打": any number of marked moves on a line.
Status KifReader::ki2_moves(std::string_view t) {
  if (Status s = start_moves(true)) return s;
  for (std::string_view s = t; !s.empty(); s = skip_spaces(s)) {
    if (!starts_with_mark(s)) return error("expected ▲ or △ before " + quoted(s));
    const std::string_view text = s;
    Result<WrittenMove> w = read_written_move(s);
    if (!w) {
      const std::string_view shown = text.substr(0, text.find_first_of(" \t"));
      return error(move_label(shown) + ": " + w.error());
    }
    if (Status st = play(*w, text.substr(0, text.size() - s.size()))) return st;
  }
  return std::nullopt;
}

Status KifReader::play(const WrittenMove& w, std::string_view written) {
  const Move previous = record_.claimed_line.empty() ? MOVE_NONE : record_.claimed_line.back();
  Result<Move> m = resolve(pos_, w, previous);
  if (!m) return error(move_label(written) + ": " + m.error());
  pos_.do_move(*m);
  record_.claimed_line.push_back(*m);
  return std::nullopt;
}

// --- Writing

std::string header_lines(const ProblemRecord& record) {
  std::string out;
  bool has_length = false;
  for (const auto& [key, value] : record.headers) {
    out += key + "：" + value + "\n";
    has_length |= key == "手数";
  }
  if (!has_length && record.claimed_length >= 0 &&
      record.claimed_length != int(record.claimed_line.size()))
    out += "手数：" + std::to_string(record.claimed_length) + "\n";
  return out;
}

// The BOD of diagram.h, with the side to move as KIF marks it: a 後手番 line, or nothing.
std::string bod(const Position& pos) {
  std::string diagram = render_diagram(pos, DiagramStyle::Japanese);
  const size_t last = diagram.rfind("手番：");
  if (last != std::string::npos) diagram.erase(last);
  return diagram + (pos.side_to_move() == WHITE ? "後手番\n" : "");
}

// "２二飛打", "同　玉(13)", "２三銀(34)", "２三銀成(34)": no relative markers, the origin says it
// all. A move that could promote and does not carries no mark: Kakinoki's KIF has none (KI2 has
// 不成), and readers that follow it, as ShogiHome's, reject "不成" in a KIF move.
std::string kif_move(Move m, Move previous) {
  std::string s = previous && previous.to() == m.to() ? "同　" : to_japanese_square(m.to());
  s += piece_kanji(m.is_drop() ? m.drop_type() : type_of(m.moved_piece()));
  if (m.is_drop()) return s + "打";
  if (m.is_promotion()) s += "成";
  return s + "(" + char('1' + file_of(m.from())) + char('1' + rank_of(m.from())) + ")";
}

std::string numbered(int number, const std::string& text) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%4d ", number);
  return buf + text + "\n";
}

}  // namespace

Result<std::string> to_utf8(std::string_view bytes) {
  if (bytes.starts_with(UTF8_BOM)) bytes.remove_prefix(UTF8_BOM.size());
  const size_t bad = first_invalid_utf8(bytes);
  if (bad == std::string_view::npos) return std::string(bytes);
  // Valid UTF-8 cut inside its last character is a truncated UTF-8 file, not Shift_JIS.
  const int n = sequence_length(bytes[bad]);
  if (n > 0 && bad + n > bytes.size() && sequence_prefix_ok(bytes, bad, n))
    return Error{where("", line_of_offset(bytes, bad)) +
                 "the file ends in the middle of a UTF-8 character: it looks cut short"};
  Conversion sjis = cp932_to_utf8(bytes);
  if (sjis.ok) return std::move(sjis.text);
  // Blame the byte where the likelier reading stopped: the one that got further.
  if (sjis.cut && sjis.failed_at > bad)
    return Error{where("", line_of_offset(bytes, sjis.failed_at)) +
                 "the file ends in the middle of a Shift_JIS character: it looks cut short"};
  const size_t at = std::max(bad, sjis.failed_at);
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02x", unsigned(static_cast<unsigned char>(bytes[at])));
  return Error{where("", line_of_offset(bytes, at)) + "byte " + byte +
               " is neither UTF-8 nor Shift_JIS (CP932): save the file as UTF-8 or Shift_JIS"};
}

Result<ProblemRecord> parse_kif(std::string_view bytes, std::string_view source_name) {
  return KifReader(source_name).read(bytes);
}

Result<ProblemRecord> parse_ki2(std::string_view bytes, std::string_view source_name) {
  return parse_kif(bytes, source_name);
}

std::string to_kif(const ProblemRecord& record) {
  std::string out = "#KIF version=2.0 encoding=UTF-8\n" + header_lines(record);
  out += bod(record.position);
  out += "手数----指手---------消費時間--\n";
  Position pos = record.position;
  int number = 0;
  Move previous = MOVE_NONE;  // not pos.last_move(): the record starts here, whatever led to it
  for (Move m : record.claimed_line) {
    out += numbered(++number, kif_move(m, previous));
    pos.do_move(m);
    previous = m;
  }
  if (number > 0) out += numbered(number + 1, is_mated(pos) ? "詰み" : "中断");
  return out;
}

std::string to_ki2(const ProblemRecord& record) {
  std::string out = "#KI2 version=2.0 encoding=UTF-8\n" + header_lines(record);
  out += bod(record.position);
  Position pos = record.position;
  int number = 0;
  Move previous = MOVE_NONE;
  for (Move m : record.claimed_line) {
    out += to_japanese(pos, m, previous);
    pos.do_move(m);
    previous = m;
    out += ++number % 8 == 0 ? "\n" : " ";
  }
  if (number == 0) return out;
  if (number % 8 != 0) out.back() = '\n';
  return out + "まで" + std::to_string(number) + "手で" + (is_mated(pos) ? "詰み" : "中断") + "\n";
}

Result<std::string> to_shift_jis(std::string_view utf8) {
  std::string text(utf8);
  for (const char* format : {"#KIF version=2.0 encoding=UTF-8", "#KI2 version=2.0 encoding=UTF-8"})
    if (text.starts_with(format))
      text.replace(0, std::string_view(format).size(),
                   std::string(format).replace(std::string(format).find("UTF-8"), 5, "Shift_JIS"));
  return utf8_to_cp932(text);
}

}  // namespace kanju
