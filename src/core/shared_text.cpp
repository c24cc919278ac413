#include "core/shared_text.hpp"

#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace ascendify {

namespace {

// The interned texts: a deque, so a text's address never changes as more are added. Made once
// and never destroyed (nothing frees it at exit: the findings pointing into it may live that
// long, and freeing is wasted work then).
struct TextPool {
  std::mutex mutex;
  std::deque<std::string> texts;
  std::unordered_map<std::string_view, const std::string*> index;  // keys view `texts`
};

TextPool& pool() {
  static TextPool* const kPool = new TextPool;  // NOLINT: intentionally never freed
  return *kPool;
}

}  // namespace

SharedText interned(std::string_view text) {
  if (text.empty()) return {};
  TextPool& p = pool();
  const std::lock_guard lock(p.mutex);
  auto it = p.index.find(text);
  if (it == p.index.end()) {
    const std::string& kept = p.texts.emplace_back(text);
    it = p.index.emplace(kept, &kept).first;
  }
  return SharedText::of(*it->second);
}

}  // namespace ascendify
