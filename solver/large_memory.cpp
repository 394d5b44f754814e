#include "large_memory.h"

#include <sys/mman.h>

#include <cstdint>
#include <new>

namespace kanju {

namespace {
constexpr size_t HUGE_PAGE = size_t(2) << 20;
}

LargeMemory::LargeMemory(size_t bytes) {
  // One huge page more than asked, so that a 2 MB aligned block of `bytes` lies inside: the
  // kernel backs only aligned 2 MB ranges with huge pages. Pages never touched take no memory.
  mapped_ = (bytes + 2 * HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  mapping_ = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping_ == MAP_FAILED) {
    mapping_ = nullptr;
    throw std::bad_alloc();
  }
  const uintptr_t start = (uintptr_t(mapping_) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  data_ = reinterpret_cast<void*>(start);
#ifdef MADV_HUGEPAGE
  // Advice only: without transparent huge pages (or where the kernel declines) the memory is
  // the same, in 4 KB pages.
  madvise(data_, mapped_ - (start - uintptr_t(mapping_)), MADV_HUGEPAGE);
#endif
}

LargeMemory::~LargeMemory() {
  if (mapping_) munmap(mapping_, mapped_);
}

}  // namespace kanju
