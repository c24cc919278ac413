#pragma once
// SharedText: a finding's text as one word. It points at a string that outlives it (a rule's
// message, replacement and their Chinese forms; a path, scope or matched text interned for the
// process) until a pass changes it, and then owns a copy. A tree has tens of thousands of
// findings and these texts repeat: the rule texts are 100-300 bytes in each language, and a
// file's findings share its path, a function's their scope, a rule's their matched name.
#include <compare>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace ascendify {

class SharedText {
 public:
  SharedText() = default;
  SharedText(std::string text) { own(std::move(text)); }  // NOLINT: a text of its own
  SharedText(const char* text) { own(text); }             // NOLINT
  // Points at `text`, which must outlive this object and every copy of it.
  static SharedText of(const std::string& text) {
    SharedText t;
    t.bits_ = reinterpret_cast<uintptr_t>(&text);
    return t;
  }
  SharedText(const SharedText& other) : bits_(other.bits_) {
    if (owned()) bits_ = tag(new std::string(other.str()));
  }
  SharedText(SharedText&& other) noexcept : bits_(std::exchange(other.bits_, 0)) {}
  SharedText& operator=(const SharedText& other) {
    if (this != &other) *this = SharedText(other);
    return *this;
  }
  SharedText& operator=(SharedText&& other) noexcept {
    std::swap(bits_, other.bits_);
    return *this;
  }
  ~SharedText() { release(); }

  const std::string& str() const {
    static const std::string kNone;
    return bits_ ? *reinterpret_cast<const std::string*>(bits_ & ~kOwned) : kNone;
  }
  operator const std::string&() const { return str(); }  // NOLINT: reads as the string
  operator std::string_view() const { return str(); }    // NOLINT
  bool empty() const { return str().empty(); }
  size_t size() const { return str().size(); }
  // Whether it points at a rule's text (no copy of its own).
  bool shared() const { return bits_ && !owned(); }

  SharedText& operator=(std::string text) {
    release();
    own(std::move(text));
    return *this;
  }
  SharedText& operator=(const char* text) { return *this = std::string(text); }
  SharedText& operator=(std::string_view text) { return *this = std::string(text); }
  SharedText& operator+=(std::string_view more) {
    if (owned()) {
      reinterpret_cast<std::string*>(bits_ & ~kOwned)->append(more);
    } else {
      std::string joined;
      joined.reserve(size() + more.size());
      joined.append(str()).append(more);
      *this = std::move(joined);
    }
    return *this;
  }

  friend bool operator==(const SharedText& a, const SharedText& b) { return a.str() == b.str(); }
  friend bool operator==(const SharedText& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const SharedText& a, std::string_view b) { return a.str() == b; }
  friend bool operator==(const SharedText& a, const char* b) { return a.str() == b; }
  friend std::strong_ordering operator<=>(const SharedText& a, const SharedText& b) {
    return a.str() <=> b.str();
  }
  friend std::strong_ordering operator<=>(const SharedText& a, std::string_view b) {
    return std::string_view(a.str()) <=> b;
  }
  friend std::string operator+(const std::string& a, const SharedText& b) { return a + b.str(); }
  friend std::string operator+(const SharedText& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const char* a, const SharedText& b) { return a + b.str(); }
  friend std::string operator+(const SharedText& a, const char* b) { return a.str() + b; }
  friend std::ostream& operator<<(std::ostream& os, const SharedText& t) { return os << t.str(); }

 private:
  // One word (a finding holds seven): null for "", else the address of the shared string, or
  // of a string of its own with the low bit set (a std::string is never at an odd address).
  static constexpr uintptr_t kOwned = 1;
  static uintptr_t tag(std::string* s) { return reinterpret_cast<uintptr_t>(s) | kOwned; }
  bool owned() const { return bits_ & kOwned; }
  void own(std::string text) { bits_ = text.empty() ? 0 : tag(new std::string(std::move(text))); }
  void release() {
    if (owned()) delete reinterpret_cast<std::string*>(bits_ & ~kOwned);
    bits_ = 0;
  }

  uintptr_t bits_ = 0;
};

// Points at the process's one copy of `text`, made on first use and kept until the process
// ends: a scan's paths, scopes and matched names, shared by every finding that holds them.
// Thread-safe. The copies are never freed, so a long-running server (lsp, mcp, batch) keeps
// each distinct text it ever interned: as many as its workspaces' distinct paths, scopes and
// matched names, not its findings.
SharedText interned(std::string_view text);

// A rule's own texts in a finding (Finding::message, replacement and their Chinese forms).
using RuleText = SharedText;

}  // namespace ascendify
