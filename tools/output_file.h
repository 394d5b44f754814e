// The --output FILE of `solve` and `verify`: JSON lines, each written with one write() as its
// problem finishes, so that an interrupted run (Ctrl-C, a kill, a lost MPI rank) leaves every
// finished result in it, and --resume can continue from it.
#pragma once

#include <string>

namespace kanju::cli {

// Writes all of `text` to fd (one write() unless the kernel takes less); false on an error.
bool write_all(int fd, const std::string& text);

// Opens `path` to append to, or -1 with `error`. A file that exists and is not empty is refused
// without `resume`; with it, `complete` gets its complete lines (a last line torn by an
// interruption is cut off the file), for the caller to read the problems done.
int open_output(const std::string& path, bool resume, std::string& complete, std::string& error);

}  // namespace kanju::cli
