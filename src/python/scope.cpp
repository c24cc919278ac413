#include "python/scope.hpp"

namespace ascendify::python::detail {

ScopeStack::ScopeStack() {
  scopes_.push_back(Scope{kModule, std::string(), {}});
}

bool ScopeStack::push(Kind kind, std::string_view name) {
  if (scopes_.size() >= kMaxDepth) return false;
  std::string full = scopes_.back().name;
  if (!full.empty()) full += '.';
  full += name;
  scopes_.push_back(Scope{kind, std::move(full), {}});
  return true;
}

void ScopeStack::pop() {
  if (scopes_.size() > 1) scopes_.pop_back();
}

void ScopeStack::bind_import(std::string_view local, std::string qualified) {
  Binding& b = scopes_.back().names[local];
  b.is_import = true;
  b.qualified = std::move(qualified);
}

void ScopeStack::bind_local(std::string_view local, bool weak) {
  auto& names = scopes_.back().names;
  auto it = names.find(local);
  if (it == names.end()) {
    names.emplace(local, Binding{});
    return;
  }
  if (weak && it->second.is_import) return;
  it->second.is_import = false;
  it->second.qualified.clear();
}

const Binding* ScopeStack::lookup(std::string_view local) const {
  for (size_t k = scopes_.size(); k-- > 0;) {
    const Scope& s = scopes_[k];
    // Class bodies are not visible from the functions nested in them.
    if (s.kind == kClass && k + 1 != scopes_.size()) continue;
    auto it = s.names.find(local);
    if (it != s.names.end()) return &it->second;
  }
  return nullptr;
}

}  // namespace ascendify::python::detail
