#include "core/use_digest.hpp"

#include <string_view>
#include <unordered_map>

namespace ascendify {

namespace {

bool is_use(const Fact& f) {
  return f.kind == FactKind::Reference || f.kind == FactKind::MethodCall;
}
bool is_launch(const Fact& f) {
  return f.kind == FactKind::Native && (f.detail == "launch" || f.detail == "triton-launch");
}

// Per-file string table with an open-addressing index of ids (no node allocated per string).
class Interner {
 public:
  Interner(UseDigest& d, size_t max_strings) : d_(d) {
    size_t cap = 16;
    while (cap < 2 * max_strings + 2) cap *= 2;
    slots_.assign(cap, 0);
  }
  uint32_t operator()(std::string_view s) {
    if (s.empty()) return 0;
    if (last_ && d_.str(last_) == s) return last_;  // scopes repeat fact after fact
    const size_t mask = slots_.size() - 1;
    for (size_t i = std::hash<std::string_view>{}(s)&mask;; i = (i + 1) & mask) {
      const uint32_t id = slots_[i];
      if (id == 0) {  // free slot: a new string (the table is never more than half full)
        d_.text += s;
        d_.starts.push_back(static_cast<uint32_t>(d_.text.size()));
        slots_[i] = d_.count() - 1;
        return last_ = slots_[i];
      }
      if (d_.str(id) == s) return last_ = id;
    }
  }

 private:
  UseDigest& d_;
  std::vector<uint32_t> slots_;  // string ids; 0 = free (id 0 is "", never stored here)
  uint32_t last_ = 0;
};

}  // namespace

UseDigest digest_uses(const std::vector<Fact>& facts) {
  UseDigest d;
  size_t n = 0;
  for (const Fact& f : facts) n += is_launch(f) || is_use(f);
  d.sites.reserve(n);
  Interner intern(d, 3 * n);
  for (size_t i = 0; i < facts.size(); ++i) {
    const Fact& f = facts[i];
    const bool launch = is_launch(f);
    if (!launch && !is_use(f)) continue;
    UseDigest::Site s;
    s.kind = f.kind;
    s.usage = f.usage;
    s.line = f.span.line;
    s.name = intern(f.name);
    s.scope = intern(f.scope);
    s.receiver = intern(f.receiver);
    if (launch) s.fact = static_cast<uint32_t>(i);
    d.sites.push_back(s);
  }
  d.text.shrink_to_fit();
  d.starts.shrink_to_fit();
  return d;
}

void move_uses_to_digest(FileFacts& facts, bool (*also_drop)(const Fact&)) {
  facts.uses = digest_uses(facts.facts);
  // One pass: the kept facts move once into a vector of their exact size; launch sites are
  // re-pointed to their new index.
  auto dropped = [&](const Fact& f) { return is_use(f) || (also_drop && also_drop(f)); };
  size_t kept_count = 0;
  for (const Fact& f : facts.facts) kept_count += !dropped(f);
  std::vector<Fact> kept;
  kept.reserve(kept_count);
  std::vector<uint32_t> new_index(facts.facts.size(), UseDigest::kNoFact);
  for (size_t i = 0; i < facts.facts.size(); ++i) {
    if (dropped(facts.facts[i])) continue;
    new_index[i] = static_cast<uint32_t>(kept.size());
    kept.push_back(std::move(facts.facts[i]));
  }
  for (auto& s : facts.uses.sites)
    if (s.fact != UseDigest::kNoFact) s.fact = new_index[s.fact];
  facts.facts.swap(kept);
  facts.uses_digested = true;
}

const UseDigest& uses_of(const FileFacts& facts, UseDigest& scratch) {
  if (facts.uses_digested) return facts.uses;
  scratch = digest_uses(facts.facts);
  return scratch;
}

}  // namespace ascendify
