#pragma once
// Name bindings of the Python analyzer: one frame per module / class / function, each mapping
// a local name to what it is bound to (an import's qualified name, or a local definition that
// shadows imports). Lookups follow Python's rules loosely: the innermost scope, then the
// enclosing function scopes and the module (class bodies are skipped for nested functions).
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ascendify::python::detail {

struct Binding {
  bool is_import = false;
  std::string qualified;  // is_import: "torch.distributed" for `import torch.distributed as d`
};

class ScopeStack {
 public:
  enum Kind : uint8_t { kModule, kClass, kFunction };
  static constexpr size_t kMaxDepth = 200;

  ScopeStack();
  // Pushes a scope named `name` inside the current one. Returns false (and pushes nothing)
  // when kMaxDepth is reached.
  bool push(Kind kind, std::string_view name);
  void pop();  // never pops the module scope
  size_t depth() const { return scopes_.size(); }
  Kind kind() const { return scopes_.back().kind; }
  // "Outer.Inner.f"; "" at module level.
  const std::string& name() const { return scopes_.back().name; }

  // Names are views into the analysed text, which outlives the stack.
  void bind_import(std::string_view local, std::string qualified);
  // A local definition. weak: keep an existing import binding of the same scope (fallback
  // assignments in `except ImportError:` bodies, `x = None`).
  void bind_local(std::string_view local, bool weak);
  // nullptr when the name is not bound anywhere visible.
  const Binding* lookup(std::string_view local) const;

 private:
  struct Scope {
    Kind kind;
    std::string name;
    std::unordered_map<std::string_view, Binding> names;
  };
  std::vector<Scope> scopes_;
};

}  // namespace ascendify::python::detail
