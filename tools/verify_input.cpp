#include "verify_input.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "batch.h"
#include "commands.h"
#include "solver/csa.h"
#include "solver/kif.h"
#include "solver/sfen.h"
#include "solver/text.h"
#include "solver/usi_move.h"
#include "wire.h"

namespace kanju::cli {

namespace fs = std::filesystem;

namespace {

std::string lower_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

bool is_record_file(const fs::path& p) {
  const std::string ext = lower_extension(p);
  return ext == ".kif" || ext == ".kifu" || ext == ".ki2" || ext == ".ki2u" || ext == ".csa";
}

// How a file is named in the keys: its path without "." or ".." steps or a trailing '/', and
// relative to the current folder when it lies in it, so that `kif`, `./kif/` and `$PWD/kif`
// name the same files (and --resume finds them whichever way the folder is given).
std::string key_path(const std::string& path) {
  fs::path p = fs::path(path).lexically_normal();
  if (p.is_absolute()) {
    std::error_code ec;
    const fs::path relative = p.lexically_relative(fs::current_path(ec));
    if (!ec && !relative.empty() && *relative.begin() != "..") p = relative;
  }
  std::string key = p.generic_string();
  while (key.size() > 1 && key.ends_with('/')) key.pop_back();
  return key;
}

// The claims of an "expected" column: a length, nomate, or nothing.
void set_claimed_length(VerifyItem& item, const std::string& column) {
  const Claim c = claim_from_column(column);
  item.claim.kind = c.kind;
  if (c.kind == Claim::Kind::Length) item.claim.length = item.record.claimed_length = c.length;
}

// The claimed line in USI moves, each legal where it is played.
Result<std::vector<Move>> read_usi_line(const Position& start, const std::string& text) {
  Result<std::vector<Move>> line = parse_usi_line(start, text);
  if (!line) return Error{"claimed line, " + line.error()};
  return line;
}

VerifyItem item_from_record(Result<ProblemRecord> record, const std::string& key,
                            const std::string& source) {
  VerifyItem item;
  item.key = key;
  item.source = source;
  if (!record) {
    item.error = record.error();
    return item;
  }
  item.record = std::move(*record);
  item.claim = claim_of(item.record);
  item.sfen = to_sfen(item.record.position);
  if (const std::string* name = item.record.header("作品名")) item.id = *name;
  return item;
}

Result<ProblemRecord> parse_record(const std::string& bytes, const std::string& name,
                                   const std::string& ext) {
  if (ext == ".csa") return parse_csa(bytes, name);
  if (ext == ".ki2" || ext == ".ki2u") return parse_ki2(bytes, name);
  return parse_kif(bytes, name);
}

Result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot open " + path};
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void read_collection(std::istream& in, const std::string& source, std::vector<VerifyItem>& out) {
  for_each_collection_line(in, [&](int line, const std::string& text, const auto&) {
    out.push_back(read_collection_line(text, source, line));
  });
}

void read_path(const std::string& path, std::vector<VerifyItem>& out) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(path, ec))
      if (e.is_regular_file() && is_record_file(e.path())) files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    if (files.empty()) {
      VerifyItem item;
      item.key = item.source = path;
      item.error = path + ": no .kif, .kifu, .ki2, .ki2u or .csa file in this folder";
      out.push_back(std::move(item));
    }
    for (const std::string& f : files) read_path(f, out);
    return;
  }
  if (is_record_file(path)) {
    const std::string key = key_path(path);
    Result<std::string> bytes = read_file(path);
    out.push_back(item_from_record(bytes ? parse_record(*bytes, key, lower_extension(path))
                                         : Result<ProblemRecord>(Error{bytes.error()}),
                                   key, key));
    if (bytes) out.back().origin = {"record", key, lower_extension(path), *bytes};
    return;
  }
  std::ifstream in(path);
  if (!in) {
    VerifyItem item;
    item.key = item.source = path;
    item.error = "cannot open " + path;
    out.push_back(std::move(item));
    return;
  }
  read_collection(in, key_path(path), out);
}

// Whether stdin holds a KIF/KI2 ("kif") or CSA ("csa") record rather than a collection ("tsv").
std::string guess_format(const std::string& text) {
  std::istringstream lines(text);
  for (std::string l; std::getline(lines, l);) {
    if (l.starts_with("V2.") || l.starts_with("PI") || l.starts_with("P-00AL") ||
        l.starts_with("P1 ") || l.starts_with("P1-") || l.starts_with("P1+"))
      return "csa";
    if (l.find("+---") != std::string::npos || l.find("持駒") != std::string::npos ||
        l.find("手数") != std::string::npos || l.find("▲") != std::string::npos)
      return "kif";
  }
  return "tsv";
}

}  // namespace

VerifyItem read_collection_line(const std::string& text, const std::string& source, int line) {
  const std::vector<std::string> cols = split_tabs(text);
  VerifyItem item;
  item.origin = {"line", source, std::to_string(line), text};
  item.source = source;
  item.line = line;
  item.key = source + ":" + std::to_string(line);
  item.sfen = cols[0];
  Result<Position> pos = problem_from_words({cols[0]});
  if (!pos) {
    item.error = source + ":" + std::to_string(line) + ": " + pos.error();
    return item;
  }
  item.record.position = std::move(*pos);
  item.record.source = item.key;
  if (cols.size() > 1) {
    item.claimed_text = cols[1];
    set_claimed_length(item, cols[1]);
  }
  if (cols.size() > 2) item.id = cols[2];
  // The fifth column: the claimed line; "-" (as for the length) when there is none.
  if (cols.size() > 4 && !cols[4].empty() && cols[4] != "-") {
    Result<std::vector<Move>> moves = read_usi_line(item.record.position, cols[4]);
    if (!moves) {
      item.error = source + ":" + std::to_string(line) + ": " + moves.error();
      return item;
    }
    item.record.claimed_line = item.claim.line = std::move(*moves);
  }
  // The sixth column: the era the problem is judged by (docs/RULES.md §5).
  if (cols.size() > 5 && !cols[5].empty() && cols[5] != "-") {
    item.claim.profile = parse_profile(cols[5]);
    if (!item.claim.profile)
      item.error = source + ":" + std::to_string(line) + ": sixth column: unknown era '" + cols[5] +
                   "' (modern or classic)";
  }
  return item;
}

VerifyItem item_from_sfen(const std::vector<std::string>& words, int claimed_length,
                          const std::string& claimed_line) {
  std::string sfen;
  for (const std::string& w : words) sfen += (sfen.empty() ? "" : " ") + w;
  VerifyItem item;
  item.origin = {"sfen", std::to_string(claimed_length), claimed_line};
  item.origin.insert(item.origin.end(), words.begin(), words.end());
  item.key = item.source = "sfen";
  item.sfen = sfen;
  Result<Position> pos = problem_from_words(words);
  if (!pos) {
    item.error = pos.error();
    return item;
  }
  item.record.position = std::move(*pos);
  if (claimed_length > 0) {
    item.claim.kind = Claim::Kind::Length;
    item.claim.length = item.record.claimed_length = claimed_length;
    item.claimed_text = std::to_string(claimed_length);
  }
  Result<std::vector<Move>> moves = read_usi_line(item.record.position, claimed_line);
  if (!moves) {
    item.error = moves.error();
    return item;
  }
  item.record.claimed_line = item.claim.line = std::move(*moves);
  return item;
}

std::vector<VerifyItem> read_inputs(const std::vector<std::string>& paths) {
  std::vector<VerifyItem> items;
  for (const std::string& p : paths) read_path(p, items);
  return items;
}

std::vector<VerifyItem> read_stdin(std::istream& in, const std::string& format) {
  const std::string text(std::istreambuf_iterator<char>(in), {});
  const std::string f = format == "auto" ? guess_format(text) : format;
  if (f == "tsv") {
    std::vector<VerifyItem> items;
    std::istringstream lines(text);
    read_collection(lines, "stdin", items);
    return items;
  }
  const Result<ProblemRecord> record =
      f == "csa" ? parse_csa(text, "stdin") : parse_kif(text, "stdin");
  VerifyItem item = item_from_record(record, "stdin", "stdin");
  item.origin = {"record", "stdin", f == "csa" ? ".csa" : ".kif", text};
  return {std::move(item)};
}

std::string encode_item(const VerifyItem& item) { return pack(item.origin); }

VerifyItem decode_item(const std::string& bytes) {
  const std::optional<std::vector<std::string>> o = unpack(bytes);
  if (o && o->size() == 4 && (*o)[0] == "line")
    return read_collection_line((*o)[3], (*o)[1], std::stoi((*o)[2]));
  if (o && o->size() == 4 && (*o)[0] == "record") {
    const std::string& key = (*o)[1];
    VerifyItem item = item_from_record(parse_record((*o)[3], key, (*o)[2]), key, key);
    item.origin = *o;
    return item;
  }
  if (o && o->size() >= 3 && (*o)[0] == "sfen")
    return item_from_sfen({o->begin() + 3, o->end()}, std::stoi((*o)[1]), (*o)[2]);
  VerifyItem item;
  item.key = item.source = "mpi";
  item.error = "a task that does not decode (" + std::to_string(bytes.size()) + " bytes)";
  return item;
}

}  // namespace kanju::cli
