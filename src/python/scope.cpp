#include "python/scope.hpp"

#include <cstring>

namespace ascendify::python::detail {

namespace {

uint64_t load_u32(const char* p) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  return w;
}

uint64_t load_u64(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

bool same_bytes(const char* a, const char* b, size_t n) {
  for (; n >= 8; n -= 8, a += 8, b += 8)
    if (load_u64(a) != load_u64(b)) return false;
  for (; n > 0; --n, ++a, ++b)
    if (*a != *b) return false;
  return true;
}

}  // namespace

uint64_t ScopeStack::hash(std::string_view s) {
  // Identifiers are short: eight bytes at a time, the tail in at most two loads (no byte
  // loop), then a multiply-xorshift mix.
  const char* p = s.data();
  const size_t n = s.size();
  uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    h = (h ^ load_u64(p + i)) * 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
  }
  const size_t r = n - i;
  uint64_t w = 0;
  if (r >= 4) {
    w = load_u32(p + i) | (load_u32(p + n - 4) << 32);
  } else if (r > 0) {
    w = uint64_t{static_cast<unsigned char>(p[i])} |
        (uint64_t{static_cast<unsigned char>(p[i + r / 2])} << 8) |
        (uint64_t{static_cast<unsigned char>(p[n - 1])} << 16);
  }
  h = (h ^ w) * 0x94D049BB133111EBULL;
  h ^= h >> 29;
  return h;
}

size_t ScopeStack::find_slot(std::string_view local, uint64_t h) const {
  const size_t mask = slots_.size() - 1;
  const uint32_t tag = static_cast<uint32_t>(h >> 32);
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const Slot& sl = slots_[i];
    if (sl.head == kNone) return i;
    if (sl.tag == tag && sl.size == local.size() && same_bytes(sl.data, local.data(), sl.size))
      return i;
  }
}

void ScopeStack::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  for (const Slot& sl : old) {
    if (sl.head == kNone) continue;
    std::string_view k(sl.data, sl.size);
    slots_[find_slot(k, hash(k))] = sl;
  }
}

ScopeStack::ScopeStack() {
  scopes_.push_back(Scope{kModule, std::string()});
  entries_.reserve(64);
  slots_.resize(512);
}

bool ScopeStack::push(Kind kind, std::string_view name) {
  if (depth_ >= kMaxDepth) return false;
  if (depth_ == scopes_.size()) scopes_.emplace_back();
  const std::string& outer = scopes_[depth_ - 1].name;
  Scope& sc = scopes_[depth_++];
  sc.kind = kind;
  sc.name.assign(outer);
  if (!sc.name.empty()) sc.name += '.';
  sc.name += name;
  return true;
}

void ScopeStack::pop() {
  if (depth_ <= 1) return;
  const uint32_t top = static_cast<uint32_t>(depth_ - 1);
  while (!entries_.empty() && entries_.back().scope >= top) {
    heads_[entries_.back().head] = entries_.back().prev;
    entries_.pop_back();
  }
  --depth_;
}

uint32_t ScopeStack::own_entry(std::string_view local, uint32_t* head) {
  // Names are token texts: the lexer keeps files (hence sizes) below 4 GiB.
  const uint64_t h = hash(local);
  size_t si = find_slot(local, h);
  if (slots_[si].head == kNone) {
    if (2 * (heads_.size() + 1) > slots_.size()) {
      grow();
      si = find_slot(local, h);
    }
    slots_[si] = Slot{local.data(), static_cast<uint32_t>(local.size()),
                      static_cast<uint32_t>(heads_.size()), static_cast<uint32_t>(h >> 32)};
    heads_.push_back(kNone);
  }
  *head = slots_[si].head;
  uint32_t e = heads_[*head];
  const uint32_t top = static_cast<uint32_t>(depth_ - 1);
  return e != kNone && entries_[e].scope == top ? e : kNone;
}

void ScopeStack::add_entry(uint32_t head, Binding b) {
  const uint32_t top = static_cast<uint32_t>(depth_ - 1);
  entries_.push_back(Entry{top, heads_[head], head, scopes_[top].kind, std::move(b)});
  heads_[head] = static_cast<uint32_t>(entries_.size() - 1);
}

void ScopeStack::bind_import(std::string_view local, std::string qualified) {
  const uint32_t k = filter_key(local);
  import_filter_[k >> 6] |= uint64_t{1} << (k & 63);
  uint32_t head = 0;
  uint32_t e = own_entry(local, &head);
  if (e == kNone) {
    add_entry(head, Binding{true, std::move(qualified)});
    return;
  }
  Binding& b = entries_[e].binding;
  b.is_import = true;
  b.qualified = std::move(qualified);
}

void ScopeStack::bind_local(std::string_view local, bool weak) {
  // A name never bound to an import: a local binding could only hide a non-import, so lookups
  // (which only ask whether a name is an import) cannot tell it apart from no binding.
  if (!may_be_import(local)) return;
  uint32_t head = 0;
  uint32_t e = own_entry(local, &head);
  if (e == kNone) {
    add_entry(head, Binding{});
    return;
  }
  Binding& b = entries_[e].binding;
  if (weak && b.is_import) return;
  b.is_import = false;
  b.qualified.clear();
}

const Binding* ScopeStack::lookup(std::string_view local) const {
  const Slot& sl = slots_[find_slot(local, hash(local))];
  if (sl.head == kNone) return nullptr;
  const size_t innermost = depth_ - 1;
  for (uint32_t e = heads_[sl.head]; e != kNone; e = entries_[e].prev) {
    const Entry& en = entries_[e];
    // Class bodies are not visible from the functions nested in them.
    if (en.kind == kClass && en.scope != innermost) continue;
    return &en.binding;
  }
  return nullptr;
}

}  // namespace ascendify::python::detail
