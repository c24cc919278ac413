#include "core/use_digest.hpp"

#include <unordered_map>

namespace ascendify {

namespace {

bool is_use(const Fact& f) { return f.kind == FactKind::Reference || f.kind == FactKind::MethodCall; }
bool is_launch(const Fact& f) {
  return f.kind == FactKind::Native && (f.detail == "launch" || f.detail == "triton-launch");
}

class Interner {
 public:
  explicit Interner(UseDigest& d) : d_(d) {}
  uint32_t operator()(const std::string& s) {
    if (s.empty()) return 0;
    auto it = ids_.find(s);
    if (it != ids_.end()) return it->second;
    const auto id = static_cast<uint32_t>(d_.strings.size());
    d_.strings.push_back(s);
    ids_.emplace(d_.strings.back(), id);  // views stay valid: strings are never moved below
    return id;
  }

 private:
  UseDigest& d_;
  std::unordered_map<std::string, uint32_t> ids_;
};

}  // namespace

UseDigest digest_uses(const std::vector<Fact>& facts) {
  UseDigest d;
  Interner intern(d);
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
  d.sites.shrink_to_fit();
  d.strings.shrink_to_fit();
  return d;
}

void move_uses_to_digest(FileFacts& facts) {
  facts.uses = digest_uses(facts.facts);
  // Index of each kept fact after the uses are removed.
  std::vector<uint32_t> new_index(facts.facts.size(), UseDigest::kNoFact);
  uint32_t kept = 0;
  for (size_t i = 0; i < facts.facts.size(); ++i)
    if (!is_use(facts.facts[i])) new_index[i] = kept++;
  for (auto& s : facts.uses.sites)
    if (s.fact != UseDigest::kNoFact) s.fact = new_index[s.fact];
  std::erase_if(facts.facts, is_use);
  facts.uses_digested = true;
}

const UseDigest& uses_of(const FileFacts& facts, UseDigest& scratch) {
  if (facts.uses_digested) return facts.uses;
  scratch = digest_uses(facts.facts);
  return scratch;
}

}  // namespace ascendify
