#include "cli/fast_exit.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ASCENDIFY_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define ASCENDIFY_SANITIZED 1
#endif
#endif

namespace ascendify::cli {

int exit_without_teardown(int code) {
#ifdef ASCENDIFY_SANITIZED
  return code;
#else
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(code);
#endif
}

}  // namespace ascendify::cli
