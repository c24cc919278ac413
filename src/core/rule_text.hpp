#pragma once
// A finding's text that is usually its rule's own (Finding::message, replacement and their
// Chinese forms): it points at the rule's string until a pass changes it, instead of a copy
// per finding. A tree has thousands of findings and each rule text is 100-300 bytes in each
// language; the rule set outlives every finding that points into it (as Finding::rule already
// requires).
#include <ostream>
#include <string>
#include <string_view>

namespace ascendify {

class RuleText {
 public:
  RuleText() = default;
  RuleText(std::string text) : owned_(std::move(text)) {}  // NOLINT: a text of its own
  RuleText(const char* text) : owned_(text) {}             // NOLINT
  // Points at `rule_text`, which must outlive this object and every copy of it.
  static RuleText of(const std::string& rule_text) {
    RuleText t;
    t.shared_ = &rule_text;
    return t;
  }

  const std::string& str() const { return shared_ ? *shared_ : owned_; }
  operator const std::string&() const { return str(); }  // NOLINT: reads as the string
  operator std::string_view() const { return str(); }    // NOLINT
  bool empty() const { return str().empty(); }
  size_t size() const { return str().size(); }
  // Whether it points at a rule's text (no copy of its own).
  bool shared() const { return shared_ != nullptr; }

  RuleText& operator=(std::string text) {
    shared_ = nullptr;
    owned_ = std::move(text);
    return *this;
  }
  RuleText& operator=(const char* text) { return *this = std::string(text); }
  RuleText& operator+=(std::string_view more) {
    if (shared_) {
      owned_.reserve(shared_->size() + more.size());
      owned_ = *shared_;
      shared_ = nullptr;
    }
    owned_ += more;
    return *this;
  }

  friend bool operator==(const RuleText& a, const RuleText& b) { return a.str() == b.str(); }
  friend bool operator==(const RuleText& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const RuleText& a, std::string_view b) { return a.str() == b; }
  friend bool operator==(const RuleText& a, const char* b) { return a.str() == b; }
  friend std::string operator+(const std::string& a, const RuleText& b) { return a + b.str(); }
  friend std::string operator+(const RuleText& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const char* a, const RuleText& b) { return a + b.str(); }
  friend std::string operator+(const RuleText& a, const char* b) { return a.str() + b; }
  friend std::ostream& operator<<(std::ostream& os, const RuleText& t) { return os << t.str(); }

 private:
  const std::string* shared_ = nullptr;
  std::string owned_;
};

}  // namespace ascendify
