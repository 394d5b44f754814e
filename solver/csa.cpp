#include "csa.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "kif.h"
#include "movegen.h"

namespace kanju {
namespace {

// nullopt when a statement was read; the first problem otherwise.
using Status = std::optional<Error>;

// "tsume.csa:line 12: ", or "line 12: " for text without a name.
std::string where(std::string_view source, int line) {
  return (source.empty() ? "" : std::string(source) + ":") + "line " + std::to_string(line) + ": ";
}

// Text quoted for a message, cut short so that a garbled line stays readable (and cut between
// UTF-8 characters, never inside one).
std::string quoted(std::string_view s) {
  size_t shown = std::min<size_t>(s.size(), 24);
  while (shown < s.size() && shown > 0 && (static_cast<unsigned char>(s[shown]) & 0xC0) == 0x80)
    --shown;
  std::string out(1, '\'');
  out += s.substr(0, shown);
  return out + (shown < s.size() ? "...'" : "'");
}

constexpr std::string_view CODES[PIECE_TYPE_NB] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                                   "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

PieceType piece_of_code(std::string_view code) {
  for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
    if (CODES[pt] == code) return PieceType(pt);
  return NO_PIECE_TYPE;
}

// The CSA names with a KIF counterpart. Other $KEYs are kept with their '$'.
struct HeaderName {
  std::string_view csa;
  std::string_view kif;
};
constexpr HeaderName HEADER_NAMES[] = {{"N+", "先手"},
                                       {"N-", "後手"},
                                       {"$EVENT", "棋戦"},
                                       {"$SITE", "場所"},
                                       {"$START_TIME", "開始日時"},
                                       {"$END_TIME", "終了日時"},
                                       {"$TIME_LIMIT", "持ち時間"},
                                       {"$OPENING", "戦型"}};

std::string kif_header_name(std::string_view csa) {
  for (const HeaderName& h : HEADER_NAMES)
    if (h.csa == csa) return std::string(h.kif);
  return std::string(csa);
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// What read_square gives for "00" and for what is not a square (SQ_NONE is SQ_NB, a real index
// bound, so neither is reused).
constexpr Square IN_HAND = -1;
constexpr Square NOT_A_SQUARE = -2;

// "77" → the square 7g; "00" → IN_HAND; NOT_A_SQUARE for anything else.
Square read_square(std::string_view two) {
  if (two.size() != 2 || !is_digit(two[0]) || !is_digit(two[1])) return NOT_A_SQUARE;
  if (two == "00") return IN_HAND;
  if (two[0] == '0' || two[1] == '0') return NOT_A_SQUARE;
  return make_square(two[0] - '1', two[1] - '1');
}

std::string csa_square(Square sq) {
  return std::string(1, char('1' + file_of(sq))) + char('1' + rank_of(sq));
}

bool is_mated(const Position& pos) { return pos.in_check() && MoveList<LEGAL>(pos).empty(); }

class CsaReader {
 public:
  explicit CsaReader(std::string_view source) : source_(source) { record_.source = source; }
  Result<ProblemRecord> read(std::string_view bytes);

 private:
  enum class Phase { INFO, POSITION, MOVES, DONE };

  Status read_line(std::string_view text);
  Status statement(std::string_view s);
  Status info(std::string_view s);
  Status position_line(std::string_view s);
  Status start_position(std::string_view s);
  Status row(int rank, std::string_view cells);
  Status placements(Color c, std::string_view items);
  Status side(Color c);
  Status move(std::string_view s);
  Result<Move> find_move(std::string_view s);
  Error incomplete() const;
  Error error(const std::string& message) const { return error_at(line_, message); }
  Error error_at(int line, const std::string& message) const {
    return Error{where(source_, line) + message};
  }

  std::string_view source_;
  int line_ = 0;
  Phase phase_ = Phase::INFO;
  BoardSetup setup_;
  int position_line_ = 0;     // the first P line
  bool start_given_ = false;  // PI
  int rows_given_ = 0;        // bit r for P(r+1)
  ProblemRecord record_;
  Position pos_;  // the start with the moves read so far played
};

Result<ProblemRecord> CsaReader::read(std::string_view bytes) {
  Result<std::string> text = to_utf8(bytes);
  if (!text) return Error{(source_.empty() ? "" : std::string(source_) + ":") + text.error()};
  if (Status s = for_each_line(
          *text, line_, [&](std::string_view l) { return read_line(l); },
          [&] { return phase_ == Phase::DONE; }))
    return *s;
  line_ = std::max(line_, 1);  // an empty file: blame its first line
  if (phase_ != Phase::MOVES && phase_ != Phase::DONE) return incomplete();
  record_.claimed_length = record_.claimed_line.empty() ? -1 : int(record_.claimed_line.size());
  return std::move(record_);
}

// The record ends (at the end of the file or at "/") before its position is complete.
Error CsaReader::incomplete() const {
  if (phase_ == Phase::INFO) return error("no starting position: expected PI or P1 to P9");
  return error(
      "the record ends before the side to move: expected a line '+' or '-' after the "
      "position");
}

Status CsaReader::read_line(std::string_view text) {
  while (!text.empty() && (text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
    text.remove_suffix(1);
  if (text.empty() || text[0] == '\'') return std::nullopt;
  // Names and $ values may hold commas; the other statements may share a line.
  if (text[0] == 'N' || text[0] == '$' || text[0] == 'V') return statement(text);
  for (size_t start = 0; start <= text.size() && phase_ != Phase::DONE;) {
    const size_t end = std::min(text.find(',', start), text.size());
    if (Status s = statement(text.substr(start, end - start))) return s;
    start = end + 1;
  }
  return std::nullopt;
}

Status CsaReader::statement(std::string_view s) {
  if (s.empty()) return std::nullopt;  // "+7776FU," or ",,": nothing between the commas
  switch (s[0]) {
    case 'V':
    case 'N':
    case '$': return info(s);
    case 'P': return position_line(s);
    case '+':
    case '-':
      if (s.size() == 1) return side(s[0] == '+' ? BLACK : WHITE);
      return move(s);
    case 'T':
      if (phase_ == Phase::MOVES) return std::nullopt;  // time used: not part of a problem
      break;
    case '%':
      if (phase_ == Phase::MOVES) {
        phase_ = Phase::DONE;
        return std::nullopt;
      }
      break;
    case '/':  // the next record starts: this one must be complete
      if (phase_ != Phase::MOVES) return incomplete();
      phase_ = Phase::DONE;
      return std::nullopt;
  }
  return error("cannot read " + quoted(s) +
               (phase_ == Phase::MOVES ? ": expected a move such as +7776FU"
                                       : ": expected V, N, $, P or the side to move"));
}

// "V2.2", "N+name", "$EVENT:value": before the position only.
Status CsaReader::info(std::string_view s) {
  if (phase_ != Phase::INFO)
    return error(quoted(s) + ": version and game information come before the position");
  if (s[0] == 'V') {
    if (s.size() < 2 ||
        !std::all_of(s.begin() + 1, s.end(), [](char c) { return is_digit(c) || c == '.'; }))
      return error("version " + quoted(s) + ": expected V2.2 or V3.0");
    return std::nullopt;
  }
  if (s[0] == 'N') {
    if (s.size() < 2 || (s[1] != '+' && s[1] != '-'))
      return error(quoted(s) + ": a name line starts N+ (Black) or N- (White)");
    record_.headers.emplace_back(kif_header_name(s.substr(0, 2)), s.substr(2));
    return std::nullopt;
  }
  const size_t colon = s.find(':');
  if (colon == std::string_view::npos || colon == 1)
    return error(quoted(s) + ": expected $KEY:value");
  record_.headers.emplace_back(kif_header_name(s.substr(0, colon)), s.substr(colon + 1));
  return std::nullopt;
}

Status CsaReader::position_line(std::string_view s) {
  if (phase_ == Phase::MOVES) return error(quoted(s) + ": position lines come before the moves");
  if (phase_ == Phase::INFO) {
    phase_ = Phase::POSITION;
    position_line_ = line_;
  }
  if (s.size() < 2) return error("'P' alone: expected PI, P1 to P9, P+ or P-");
  if (s[1] == 'I') return start_position(s.substr(2));
  if (s[1] >= '1' && s[1] <= '9') return row(s[1] - '1', s.substr(2));
  if (s[1] == '+' || s[1] == '-') return placements(s[1] == '+' ? BLACK : WHITE, s.substr(2));
  return error("cannot read " + quoted(s) + ": expected PI, P1 to P9, P+ or P-");
}

// "PI82HI22KA": the start position without the pieces named.
Status CsaReader::start_position(std::string_view removals) {
  if (start_given_ || rows_given_)
    return error("PI with another board: give the board once, as PI or as P1 to P9");
  start_given_ = true;
  const Position start = *parse_sfen(STARTPOS_SFEN);
  for (Square sq = 0; sq < SQ_NB; ++sq) setup_.board[sq] = start.piece_on(sq);
  if (removals.size() % 4 != 0)
    return error("PI removals " + quoted(removals) + ": expected squares and pieces like 82HI");
  for (size_t i = 0; i < removals.size(); i += 4) {
    const std::string_view item = removals.substr(i, 4);
    const Square sq = read_square(item.substr(0, 2));
    const PieceType pt = piece_of_code(item.substr(2));
    if (sq < 0 || pt == NO_PIECE_TYPE)
      return error("PI removal " + quoted(item) + ": expected a square and a piece like 82HI");
    if (setup_.board[sq] == NO_PIECE || type_of(setup_.board[sq]) != pt)
      return error("PI removal " + quoted(item) + ": the start has no " + std::string(CODES[pt]) +
                   " on " + csa_square(sq));
    setup_.board[sq] = NO_PIECE;
  }
  return std::nullopt;
}

// "P3 *  *  *  *  *  *  * -OU-FU": nine cells of three characters, file 9 first.
Status CsaReader::row(int rank, std::string_view cells) {
  const std::string label = {'P', char('1' + rank)};
  if (start_given_) return error(label + " after PI: give the board once, as PI or as P1 to P9");
  if (rows_given_ & (1 << rank)) return error(label + " is given twice");
  rows_given_ |= 1 << rank;
  std::string padded(cells);  // writers often drop the last cell's trailing space: " *"
  if (padded.size() < 27) padded.resize(27, ' ');
  if (padded.size() > 27)
    return error(label + " is " + std::to_string(cells.size()) +
                 " characters long: expected nine cells of three, like ' * ' or '-OU'");
  for (int column = 0; column < 9; ++column) {
    const std::string_view cell = std::string_view(padded).substr(column * 3, 3);
    const Square sq = make_square(8 - column, rank);
    if (cell == " * ") continue;
    const PieceType pt = piece_of_code(cell.substr(1));
    if ((cell[0] != '+' && cell[0] != '-') || pt == NO_PIECE_TYPE)
      return error(label + ", square " + csa_square(sq) + ": " + quoted(cell) +
                   " is not ' * ' or a piece like +FU or -OU");
    setup_.board[sq] = make_piece(cell[0] == '+' ? BLACK : WHITE, pt);
  }
  return std::nullopt;
}

// "P+00HI00KI", "P-22KA", "P-00AL": pieces on squares or in hand (00); AL is the rest of the set.
Status CsaReader::placements(Color c, std::string_view items) {
  const std::string label = c == BLACK ? "P+" : "P-";
  if (items.empty() || items.size() % 4 != 0)
    return error(label + " " + quoted(items) + ": expected squares and pieces like 00HI or 53FU");
  for (size_t i = 0; i < items.size(); i += 4) {
    const std::string_view item = items.substr(i, 4);
    const Square sq = read_square(item.substr(0, 2));
    if (sq == NOT_A_SQUARE) return error(label + " " + quoted(item) + ": not a square");
    if (sq == IN_HAND && item.substr(2) == "AL") {
      if (setup_.rest_to) return error(label + "00AL: the rest of the set is already given out");
      setup_.rest_to = c;
      continue;
    }
    const PieceType pt = piece_of_code(item.substr(2));
    if (pt == NO_PIECE_TYPE) return error(label + " " + quoted(item) + ": unknown piece");
    if (sq == IN_HAND) {
      if (!is_hand_type(pt)) return error(label + " " + quoted(item) + ": not a piece for a hand");
      setup_.hand[c][pt] = std::min(setup_.hand[c][pt] + 1, 100);
    } else {
      if (setup_.board[sq] != NO_PIECE)
        return error(label + " " + quoted(item) + ": square " + csa_square(sq) + " is taken");
      setup_.board[sq] = make_piece(c, pt);
    }
  }
  return std::nullopt;
}

// The "+" or "-" line: the position is complete.
Status CsaReader::side(Color c) {
  if (phase_ == Phase::MOVES) return error("a second side-to-move line");
  if (phase_ == Phase::INFO) return error("the side to move before any position (PI or P1-P9)");
  if (rows_given_ && rows_given_ != 0x1ff) {
    int missing = 0;
    while (rows_given_ & (1 << missing)) ++missing;
    return error_at(position_line_, "the board lacks P" + std::to_string(missing + 1));
  }
  setup_.side = c;
  Result<Position> pos = build_setup_position(setup_);
  if (!pos) return error_at(position_line_, "the position is not legal: " + pos.error());
  record_.position = *pos;
  pos_ = *pos;
  phase_ = Phase::MOVES;
  return std::nullopt;
}

// "+7776FU", "-0055KA": the legal move it names.
Result<Move> CsaReader::find_move(std::string_view s) {
  const Color us = pos_.side_to_move();
  if ((s[0] == '+' ? BLACK : WHITE) != us)
    return Error{std::string("a ") + (us == BLACK ? "White" : "Black") + " move, but " +
                 color_name(us) + " is to move"};
  const Square from = read_square(s.substr(1, 2)), to = read_square(s.substr(3, 2));
  const PieceType pt = piece_of_code(s.substr(5, 2));
  if (from == NOT_A_SQUARE || to < 0 || pt == NO_PIECE_TYPE)
    return Error{"expected a sign, two squares and a piece, like +7776FU or +0022HI"};
  Move wanted;
  if (from == IN_HAND) {
    if (!is_hand_type(pt)) return Error{std::string(CODES[pt]) + " cannot be dropped"};
    if (!pos_.hand(us).has(pt))
      return Error{std::string(color_name(us)) + " has no " + std::string(CODES[pt]) + " in hand"};
    wanted = Move::make_drop(pt, to, us);
  } else {
    const Piece pc = pos_.piece_on(from);
    if (pc == NO_PIECE || color_of(pc) != us)
      return Error{"no " + std::string(color_name(us)) + " piece on " + csa_square(from)};
    const bool promotes = pt != type_of(pc);
    if (promotes && !(is_promotable(type_of(pc)) && pt == promote(type_of(pc))))
      return Error{"the piece on " + csa_square(from) + " is " + std::string(CODES[type_of(pc)]) +
                   ", not " + std::string(CODES[pt])};
    wanted = Move::make(from, to, pc, promotes);
  }
  if (!MoveList<LEGAL>(pos_).contains(wanted)) return Error{"not a legal move here"};
  return wanted;
}

Status CsaReader::move(std::string_view s) {
  if (phase_ != Phase::MOVES)
    return error(quoted(s) + ": a move before the side-to-move line ('+' or '-')");
  const std::string label =
      "move " + std::to_string(record_.claimed_line.size() + 1) + " " + quoted(s);
  if (s.size() != 7) return error(label + ": expected seven characters like +7776FU");
  Result<Move> m = find_move(s);
  if (!m) return error(label + ": " + m.error());
  pos_.do_move(*m);
  record_.claimed_line.push_back(*m);
  return std::nullopt;
}

// --- Writing

std::string csa_header_name(std::string_view kif) {
  for (const HeaderName& h : HEADER_NAMES)
    if (h.kif == kif) return std::string(h.csa);
  return std::string(kif);
}

// "$EVENT", "$TIME_LIMIT": a '$' and capitals, digits or underscores. Any other header (one named
// "$" or "$:x" by a hand-made KIF) is written as a comment: as a statement it would not read back.
bool is_csa_key(std::string_view name) {
  if (name.size() < 2 || name[0] != '$') return false;
  for (char c : name.substr(1))
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

std::string info_lines(const ProblemRecord& record) {
  std::string names, values, comments;
  for (const auto& [key, value] : record.headers) {
    const std::string name = csa_header_name(key);
    if (name == "N+" || name == "N-")
      names += name + value + "\n";
    else if (is_csa_key(name))
      values += name + ":" + value + "\n";
    else
      comments += "'" + key + "：" + value + "\n";
  }
  return names + values + comments;
}

std::string board_lines(const Position& pos) {
  std::string out;
  for (int rank = 0; rank < 9; ++rank) {
    out += 'P';
    out += char('1' + rank);
    for (int file = 8; file >= 0; --file) {
      const Piece pc = pos.piece_on(make_square(file, rank));
      if (pc == NO_PIECE)
        out += " * ";
      else
        (out += color_of(pc) == BLACK ? '+' : '-') += CODES[type_of(pc)];
    }
    out += "\n";
  }
  return out;
}

// P+00HI00KI00KI; the defender's hand as P-00AL when it completes the set. The 00AL line comes
// last whichever side defends: a reader hands out "the rest of the set" when it meets it, so a
// hand listed after it would be counted twice (White attacking: Black's 00AL first gave Black the
// attacker's pieces too, in ShogiHome's reader).
std::string hand_lines(const Position& pos) {
  const Color defender = ~pos.side_to_move();
  const bool rest_line = !pos.hand(defender).empty() && rest_of_set(pos).empty();
  std::string out;
  for (Color c : {BLACK, WHITE}) {
    const Hand h = pos.hand(c);
    if (h.empty() || (c == defender && rest_line)) continue;
    out += c == BLACK ? "P+" : "P-";
    for (PieceType pt : HAND_TYPES_SFEN_ORDER)
      for (int i = 0; i < h.count(pt); ++i) out += "00" + std::string(CODES[pt]);
    out += "\n";
  }
  if (rest_line) out += defender == BLACK ? "P+00AL\n" : "P-00AL\n";
  return out;
}

std::string csa_move(Move m) {
  std::string s = color_of(m.moved_piece()) == BLACK ? "+" : "-";
  s += m.is_drop() ? "00" : csa_square(m.from());
  return s + csa_square(m.to()) + std::string(CODES[type_of(m.piece_after())]);
}

}  // namespace

Result<ProblemRecord> parse_csa(std::string_view bytes, std::string_view source_name) {
  return CsaReader(source_name).read(bytes);
}

std::string to_csa(const ProblemRecord& record, CsaVersion version) {
  std::string out = version == CsaVersion::V3_0 ? "'CSA encoding=UTF-8\nV3.0\n" : "V2.2\n";
  out += info_lines(record);
  out += board_lines(record.position) + hand_lines(record.position);
  out += record.position.side_to_move() == BLACK ? "+\n" : "-\n";
  Position pos = record.position;
  for (Move m : record.claimed_line) {
    out += csa_move(m) + "\n";
    pos.do_move(m);
  }
  if (!record.claimed_line.empty()) out += is_mated(pos) ? "%TSUMI\n" : "%CHUDAN\n";
  return out;
}

}  // namespace kanju
