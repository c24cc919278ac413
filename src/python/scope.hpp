#pragma once
// Name bindings of the Python analyzer: one frame per module / class / function, each mapping
// a local name to what it is bound to (an import's qualified name, or a local definition that
// shadows imports). Lookups follow Python's rules loosely: the innermost scope, then the
// enclosing function scopes and the module (class bodies are skipped for nested functions).
#include <cstdint>
#include <string>
#include <string_view>
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
  size_t depth() const { return depth_; }
  Kind kind() const { return scopes_[depth_ - 1].kind; }
  // "Outer.Inner.f"; "" at module level.
  const std::string& name() const { return scopes_[depth_ - 1].name; }

  // Names are views into the analysed text, which outlives the stack.
  void bind_import(std::string_view local, std::string qualified);
  // A local definition (ignored for names never bound to an import). weak: keep an existing import
  // binding of the same scope (fallback assignments in `except ImportError:` bodies, `x = None`).
  void bind_local(std::string_view local, bool weak);
  // nullptr when the name is not bound anywhere visible. Only `is_import` of the result is
  // meaningful: a name that was never bound to an import may give nullptr even when bound
  // locally (bind_local skips such names). Valid until the next bind or pop.
  const Binding* lookup(std::string_view local) const;
  // False when `local` was never bound to an import in any scope (so no lookup of it can find
  // an import): a filter on length and first/last byte, without hashing the name.
  bool may_be_import(std::string_view local) const {
    const uint32_t k = filter_key(local);
    return (import_filter_[k >> 6] >> (k & 63)) & 1;
  }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Scope {
    Kind kind;
    std::string name;
  };
  // One binding of a name in one scope. The entries of a name form a chain from the
  // innermost scope outwards (`prev`); entries of inner scopes sit at the end of entries_
  // (scopes are popped in LIFO order), so popping a scope pops a suffix of entries_.
  struct Entry {
    uint32_t scope;  // index into scopes_
    uint32_t prev;   // older entry of the same name, or kNone
    uint32_t head;   // index into heads_ of the name
    Kind kind;       // kind of the scope
    Binding binding;
  };
  // Open-addressing (linear probing) index of distinct names; load factor <= 1/2.
  struct Slot {
    const char* data = nullptr;
    uint32_t size = 0;
    uint32_t head = kNone;  // index into heads_; kNone: empty slot
    uint32_t tag = 0;       // high half of the name's hash
  };
  static uint64_t hash(std::string_view s);
  size_t find_slot(std::string_view local, uint64_t h) const;  // its slot or an empty one
  void grow();
  // The innermost entry of `local` in the current scope, or kNone; *head receives the index
  // of the name's chain head (created when missing).
  uint32_t own_entry(std::string_view local, uint32_t* head);
  void add_entry(uint32_t head, Binding b);

  static uint32_t filter_key(std::string_view s) {
    if (s.empty()) return 0;
    return (static_cast<unsigned char>(s.front()) * 7u +
            static_cast<unsigned char>(s.back()) * 13u + static_cast<uint32_t>(s.size())) &
           1023u;
  }
  uint64_t import_filter_[16] = {};  // 1024 bits, set by bind_import, never cleared
  // scopes_[0, depth_) are open; popped ones stay behind so a later push reuses their name
  // buffers (one allocation per nesting level, not one per def/class).
  std::vector<Scope> scopes_;
  size_t depth_ = 1;
  std::vector<Entry> entries_;
  std::vector<uint32_t> heads_;  // per distinct name: its innermost entry, or kNone
  std::vector<Slot> slots_;      // size a power of two
};

}  // namespace ascendify::python::detail
