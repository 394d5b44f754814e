// The problems `kanju verify` reads: lines of a collection file (problems/*.tsv), KIF/KI2/CSA
// files, folders of them, or stdin, each with the key that names it in the output (and that
// --resume looks for).
//
//   problems/mate3.tsv:12     line 12 of a collection
//   tsume/zukou001.kif        a problem file, also when found in a folder given on the command
//                             line (the path is the folder as given, then the file's path in it)
//   stdin:4                   line 4 of stdin (a single KIF or CSA record on stdin: "stdin")
//
// A path is normalised: no "." or ".." steps, no trailing '/', and relative to the current
// folder when it lies in it, so `tsume`, `./tsume/` and `$PWD/tsume` give the same keys.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "solver/problem_record.h"
#include "solver/verify.h"

namespace kanju::cli {

struct VerifyItem {
  std::string key;
  std::string source;        // the file, or "stdin"
  int line = 0;              // the line of a collection; 0 for a problem file
  std::string id;            // a collection's id column, else the 作品名 header; may be empty
  std::string sfen;          // as written in a collection, else the position's SFEN
  std::string claimed_text;  // a collection's expected column as written
  ProblemRecord record;      // the position, its claimed line and length, the headers
  Claim claim;
  std::string error;  // why the problem could not be read (then nothing else is set)
  // What it was read from, for another process to read it again (encode_item): a collection
  // line {"line", source, line, text}, a record {"record", key, reader, bytes}, or a SFEN
  // {"sfen", length, line, words...}.
  std::vector<std::string> origin;
};

// Reads every input in order: a directory's KIF/KI2/CSA files (recursively, sorted by path), a
// .kif/.kifu/.ki2/.csa file as one problem, any other file as a collection. An unreadable
// input or a bad line becomes an item with its error; the others are still read.
std::vector<VerifyItem> read_inputs(const std::vector<std::string>& paths);

// stdin: a collection, or one KIF/KI2/CSA record when it looks like one (`format` "auto"), or
// as `format` ("tsv", "kif", "csa") says.
std::vector<VerifyItem> read_stdin(std::istream& in, const std::string& format);

// One collection line's problem: SFEN<TAB>expected<TAB>id<TAB>note<TAB>line, where only the SFEN
// is required; expected is a length in plies or "nomate" (anything else claims nothing) and line
// the claimed solution in USI moves separated by spaces.
VerifyItem read_collection_line(const std::string& text, const std::string& source, int line);

// The problem given on the command line as SFEN words, with an optional claimed length and line.
VerifyItem item_from_sfen(const std::vector<std::string>& words, int claimed_length,
                          const std::string& claimed_line);

// The item as bytes for another process (tools/mpi_farm.h), and the same item read back from
// them: the worker reads what rank 0 read, so both see one item.
std::string encode_item(const VerifyItem& item);
VerifyItem decode_item(const std::string& bytes);

}  // namespace kanju::cli
