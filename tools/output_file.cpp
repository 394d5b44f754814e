#include "output_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace kanju::cli {

bool write_all(int fd, const std::string& text) {
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

int open_output(const std::string& path, bool resume, std::string& complete, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool exists = fs::exists(path, ec) && fs::file_size(path, ec) > 0;
  if (exists && !resume) {
    error = path + " exists: add --resume to continue that run, or remove it";
    return -1;
  }
  if (exists) {
    std::ifstream in(path, std::ios::binary);
    std::string text(std::istreambuf_iterator<char>(in), {});
    text.resize(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
    fs::resize_file(path, text.size(), ec);
    complete = std::move(text);
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) error = "cannot open " + path + ": " + std::strerror(errno);
  return fd;
}

}  // namespace kanju::cli
