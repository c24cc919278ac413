#include "match/filters.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "rules/normalize.hpp"

namespace ascendify::match {

namespace {

bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

template <typename T>
bool contains(const std::vector<T>& v, const T& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

bool contains_str(const std::vector<std::string>& v, std::string_view x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

std::string_view unquote(std::string_view s) {
  s = trim(s);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front())
    return s.substr(1, s.size() - 2);
  return s;
}

bool value_accepted(const Arg& a, const std::vector<std::string>& values) {
  switch (a.kind) {
    case ValueKind::String:
    case ValueKind::FString:
      return contains_str(values, rules::normalize_value(a.value));
    case ValueKind::None:
      return false;
    default:
      return contains_str(values, a.value);
  }
}

bool arg_holds(const ArgCondition& c, const std::vector<Arg>& args) {
  int position = 0;
  for (const Arg& a : args) {
    bool here = false;
    if (a.keyword.empty()) {
      here = c.position >= 0 && position == c.position;
      ++position;
    } else {
      here = !c.keyword.empty() && a.keyword == c.keyword;
    }
    if (here && (c.present_only || value_accepted(a, c.values))) return true;
  }
  return false;
}

}  // namespace

bool ends_with_name(std::string_view text, std::string_view suffix) {
  text = trim(text);
  if (suffix.empty() || text.size() < suffix.size()) return false;
  if (text.substr(text.size() - suffix.size()) != suffix) return false;
  if (text.size() == suffix.size()) return true;
  return !is_word(suffix.front()) || !is_word(text[text.size() - suffix.size() - 1]);
}

bool filters_accept(const MatchSpec& m, const Fact& f) {
  if (m.disabled) return false;  // off on the target hardware (RuleSet::apply_hardware)
  if (!m.usages.empty() && !contains(m.usages, f.usage)) return false;
  // A method rule without `usages` means calls: `.cuda()`, not an attribute named `cuda`.
  if (m.usages.empty() && f.kind == FactKind::MethodCall && f.usage != Usage::Call) return false;
  for (const auto& c : m.args)
    if (!arg_holds(c, f.args)) return false;
  if (!m.contexts.empty() && !contains(m.contexts, f.ctx)) return false;
  if (f.kind == FactKind::String) {
    const bool keyword_ctx = f.ctx == StringContext::Keyword ||
                             f.ctx == StringContext::DefaultParam ||
                             f.ctx == StringContext::DictValue;
    if (!m.keywords.empty() && keyword_ctx && !contains_str(m.keywords, unquote(f.detail)))
      return false;
    const bool call_ctx = f.ctx == StringContext::Keyword || f.ctx == StringContext::Positional;
    if (!m.calls.empty() && call_ctx && !contains_str(m.calls, f.call)) return false;
    const bool target_ctx = f.ctx == StringContext::AssignValue || f.ctx == StringContext::Compare;
    if (!m.targets.empty() && target_ctx &&
        std::none_of(m.targets.begin(), m.targets.end(),
                     [&](const std::string& t) { return ends_with_name(f.detail, t); }))
      return false;
  }
  if (!m.scope_contains.empty()) {
    const std::string scope = ascii_lower(f.scope);
    if (std::none_of(m.scope_contains.begin(), m.scope_contains.end(),
                     [&](const std::string& s) { return scope.find(s) != std::string::npos; }))
      return false;
  }
  if (!m.exclude_contexts.empty() && f.kind == FactKind::Reference) {
    // The analyzer marks a loaded reference that is only compared or listed (core/facts.hpp).
    const std::string_view c = f.ctx == StringContext::Compare     ? "compare"
                               : f.ctx == StringContext::DictValue ? "table"
                                                                   : "";
    if (!c.empty() && contains_str(m.exclude_contexts, c)) return false;
  }
  if (!m.receiver_excludes.empty()) {
    const std::string receiver = ascii_lower(f.receiver);
    if (std::any_of(m.receiver_excludes.begin(), m.receiver_excludes.end(),
                    [&](const std::string& s) { return receiver.find(s) != std::string::npos; }))
      return false;
  }
  if (!m.receiver_contains.empty()) {
    const std::string receiver = ascii_lower(f.receiver);
    if (std::none_of(m.receiver_contains.begin(), m.receiver_contains.end(),
                     [&](const std::string& s) { return receiver.find(s) != std::string::npos; }))
      return false;
  }
  if (!m.categories.empty() && !contains_str(m.categories, f.detail)) return false;
  if (!m.detail_contains.empty() &&
      std::none_of(m.detail_contains.begin(), m.detail_contains.end(),
                   [&](const std::string& s) { return f.detail.find(s) != std::string::npos; }))
    return false;
  return true;
}

int filter_count(const MatchSpec& m) {
  int n = static_cast<int>(m.args.size());
  for (bool set : {!m.usages.empty(), !m.contexts.empty(), !m.keywords.empty(), !m.calls.empty(),
                   !m.targets.empty(), !m.scope_contains.empty(), !m.categories.empty(),
                   !m.detail_contains.empty(), !m.receiver_contains.empty()})
    n += set ? 1 : 0;
  return n;
}

}  // namespace ascendify::match
