#pragma once
// A finding's text that is usually its rule's own (Finding::message, replacement and their
// Chinese forms): it points at the rule's string until a pass changes it, instead of a copy
// per finding. A tree has thousands of findings and each rule text is 100-300 bytes in each
// language; the rule set outlives every finding that points into it (as Finding::rule already
// requires).
#include <compare>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace ascendify {

class RuleText {
 public:
  RuleText() = default;
  RuleText(std::string text) { own(std::move(text)); }  // NOLINT: a text of its own
  RuleText(const char* text) { own(text); }             // NOLINT
  // Points at `rule_text`, which must outlive this object and every copy of it.
  static RuleText of(const std::string& rule_text) {
    RuleText t;
    t.bits_ = reinterpret_cast<uintptr_t>(&rule_text);
    return t;
  }
  RuleText(const RuleText& other) : bits_(other.bits_) {
    if (owned()) bits_ = tag(new std::string(other.str()));
  }
  RuleText(RuleText&& other) noexcept : bits_(std::exchange(other.bits_, 0)) {}
  RuleText& operator=(const RuleText& other) {
    if (this != &other) *this = RuleText(other);
    return *this;
  }
  RuleText& operator=(RuleText&& other) noexcept {
    std::swap(bits_, other.bits_);
    return *this;
  }
  ~RuleText() { release(); }

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

  RuleText& operator=(std::string text) {
    release();
    own(std::move(text));
    return *this;
  }
  RuleText& operator=(const char* text) { return *this = std::string(text); }
  RuleText& operator+=(std::string_view more) {
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

  friend bool operator==(const RuleText& a, const RuleText& b) { return a.str() == b.str(); }
  friend bool operator==(const RuleText& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const RuleText& a, std::string_view b) { return a.str() == b; }
  friend bool operator==(const RuleText& a, const char* b) { return a.str() == b; }
  friend std::strong_ordering operator<=>(const RuleText& a, const RuleText& b) {
    return a.str() <=> b.str();
  }
  friend std::strong_ordering operator<=>(const RuleText& a, std::string_view b) {
    return std::string_view(a.str()) <=> b;
  }
  friend std::string operator+(const std::string& a, const RuleText& b) { return a + b.str(); }
  friend std::string operator+(const RuleText& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const char* a, const RuleText& b) { return a + b.str(); }
  friend std::string operator+(const RuleText& a, const char* b) { return a.str() + b; }
  friend std::ostream& operator<<(std::ostream& os, const RuleText& t) { return os << t.str(); }

 private:
  // One word (a finding holds four): null for "", else the address of the rule's string, or
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

}  // namespace ascendify
