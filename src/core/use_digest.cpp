#include "core/use_digest.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "core/string_pool.hpp"

namespace ascendify {

namespace {

bool is_use(const Fact& f) {
  return f.kind == FactKind::Reference || f.kind == FactKind::MethodCall;
}
bool is_import(const Fact& f) {
  return f.kind == FactKind::Import;
}
// A def or class at the module's top level: a unit of the program model (DefSite).
bool is_module_def(const Fact& f) {
  return (f.kind == FactKind::FunctionDef || f.kind == FactKind::ClassDef) && f.scope.empty();
}
// What assess reads of the uses: references, method calls and launches; an attribute read on
// a non-import (`x.is_cuda`, a MethodCall with Usage::Load) matters only to the matcher, and is
// the most common fact of all.
bool kept_in_digest(const Fact& f) {
  return f.kind == FactKind::Reference ||
         (f.kind == FactKind::MethodCall && f.usage == Usage::Call);
}

// Per-file string table with an open-addressing index of ids (no node allocated per string).
class Interner {
 public:
  Interner(UseDigest& d, size_t max_strings) : d_(d) {
    size_t cap = 16;
    while (cap < 2 * max_strings + 2) cap *= 2;
    slots_.assign(cap, 0);
  }
  // The id of `s`; `last` is the caller's previous id for the same field: a scope, a receiver
  // often repeats fact after fact, and is then found without hashing.
  uint32_t operator()(std::string_view s, uint32_t& last) {
    if (s.empty()) return 0;
    if (last && is(last, s)) return last;
    return last = find_or_add(s);
  }

 private:
  bool is(uint32_t id, std::string_view s) const {
    const uint32_t b = d_.starts[id];
    return d_.starts[id + 1] - b == s.size() &&
           std::memcmp(d_.text.data() + b, s.data(), s.size()) == 0;
  }
  uint32_t find_or_add(std::string_view s) {
    const size_t mask = slots_.size() - 1;
    for (size_t i = name_hash(s) & mask;; i = (i + 1) & mask) {
      const uint32_t id = slots_[i];
      if (id == 0) {  // free slot: a new string (the table is never more than half full)
        d_.text += s;
        d_.starts.push_back(static_cast<uint32_t>(d_.text.size()));
        return slots_[i] = d_.count() - 1;
      }
      if (is(id, s)) return id;
    }
  }

  UseDigest& d_;
  std::vector<uint32_t> slots_;  // string ids; 0 = free (id 0 is "", never stored here)
};

// Appends the string ids of a module-level def's decorators: a def's Fact::args values, a
// class's Fact::detail split at ',' (empty items kept: the program model reads each one).
void add_decorators(const Fact& f, Interner& intern, std::vector<uint32_t>& out) {
  uint32_t last = 0;
  if (f.kind == FactKind::FunctionDef) {
    for (const Arg& a : f.args) out.push_back(intern(a.value, last));
    return;
  }
  for (std::string_view list = f.detail; !list.empty();) {
    const size_t comma = list.find(',');
    out.push_back(intern(list.substr(0, comma), last));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

}  // namespace

bool is_launch(const Fact& f) {
  return f.kind == FactKind::Native && (f.detail == "launch" || f.detail == "triton-launch");
}

bool script_run_by_name(const Fact& f) {
  return f.kind == FactKind::String && f.ctx == StringContext::Positional && f.arg_index == 0 &&
         f.name.ends_with(".py") &&
         (f.call == "open" || f.call == "runpy.run_path" || f.call == "execfile");
}

std::vector<std::string> scripts_run_by_name(const FileFacts& facts) {
  if (facts.uses_digested) return {facts.scripts_run.begin(), facts.scripts_run.end()};
  std::vector<std::string> out;
  for (const Fact& f : facts.facts)
    if (script_run_by_name(f)) out.push_back(f.name);
  return out;
}

UseDigest digest_uses(const std::vector<Fact>& facts) {
  UseDigest d;
  size_t n = 0, imports = 0, defs = 0, decorators = 0;
  for (const Fact& f : facts) {
    n += is_launch(f) || kept_in_digest(f);
    imports += is_import(f);
    if (!is_module_def(f)) continue;
    ++defs;
    decorators += f.kind == FactKind::FunctionDef
                      ? f.args.size()
                      : std::count(f.detail.begin(), f.detail.end(), ',') + !f.detail.empty();
  }
  // About four bytes a site (core/site_list.hpp); trimmed to its size below.
  d.sites.reserve_bytes(5 * n);
  d.imports.reserve(imports);
  d.defs.reserve(defs);
  d.decorators.reserve(decorators);
  // The most strings sites, imports and defs name.
  Interner intern(d, 2 * n + 4 * imports + defs + decorators);
  uint32_t last_name = 0, last_scope = 0, last_receiver = 0;
  uint32_t last_import = 0, last_detail = 0, last_alias = 0, last_import_scope = 0;
  uint32_t last_def = 0;
  for (size_t i = 0; i < facts.size(); ++i) {
    const Fact& f = facts[i];
    if (is_module_def(f)) {
      UseDigest::DefSite def;
      def.line = f.span.line;
      def.name = intern(f.name, last_def);
      def.is_class = f.kind == FactKind::ClassDef;
      def.first_decorator = static_cast<uint32_t>(d.decorators.size());
      add_decorators(f, intern, d.decorators);
      def.decorator_count = static_cast<uint32_t>(d.decorators.size()) - def.first_decorator;
      d.defs.push_back(def);
      continue;
    }
    if (is_import(f)) {
      UseDigest::ImportSite m;
      m.line = f.span.line;
      m.name = intern(f.name, last_import);
      m.detail = intern(f.detail, last_detail);
      m.alias = intern(f.alias, last_alias);
      m.scope = intern(f.scope, last_import_scope);
      m.level = static_cast<int16_t>(std::clamp(f.arg_index, -1, 1000));
      m.guarded = f.guarded;
      d.imports.push_back(m);
      continue;
    }
    const bool launch = is_launch(f);
    if (!launch && !kept_in_digest(f)) continue;
    UseDigest::Site s;
    s.kind = f.kind;
    s.usage = f.usage;
    s.col = static_cast<uint16_t>(std::min<uint32_t>(f.span.col, SiteList::kMaxCol));
    s.guarded = f.guarded;
    s.line = f.span.line;
    s.name = f.kind == FactKind::MethodCall ? intern(f.receiver, last_receiver)
                                            : intern(f.name, last_name);
    s.scope = intern(f.scope, last_scope);
    if (launch) d.launch_facts.push_back(static_cast<uint32_t>(i));
    d.sites.push_back(s);
  }
  d.sites.shrink_to_fit();
  d.text.shrink_to_fit();
  d.starts.shrink_to_fit();
  return d;
}

void share_strings(UseDigest& d, const std::shared_ptr<StringPool>& pool) {
  if (d.pool) return;
  d.pool_ids.resize(d.count());
  for (uint32_t id = 0; id < d.count(); ++id) d.pool_ids[id] = pool->intern(d.str(id));
  std::string().swap(d.text);
  std::vector<uint32_t>().swap(d.starts);
  d.pool = pool;
}

void move_uses_to_digest(FileFacts& facts, bool (*also_drop)(const Fact&)) {
  facts.uses = digest_uses(facts.facts);
  // One pass: the kept facts move once into a vector of their exact size; launch facts are
  // re-pointed to their new index.
  auto dropped = [&](const Fact& f) {
    return is_use(f) || is_import(f) || is_module_def(f) || (also_drop && also_drop(f));
  };
  size_t kept_count = 0;
  for (const Fact& f : facts.facts) kept_count += !dropped(f);
  std::vector<Fact> kept;
  kept.reserve(kept_count);
  std::vector<uint32_t> new_index(facts.facts.size(), 0);
  for (size_t i = 0; i < facts.facts.size(); ++i) {
    if (dropped(facts.facts[i])) continue;
    new_index[i] = static_cast<uint32_t>(kept.size());
    kept.push_back(std::move(facts.facts[i]));
  }
  for (uint32_t& fact : facts.uses.launch_facts) fact = new_index[fact];
  facts.facts.swap(kept);
  facts.uses_digested = true;
}

const UseDigest& uses_of(const FileFacts& facts, UseDigest& scratch) {
  if (facts.uses_digested) return facts.uses;
  scratch = digest_uses(facts.facts);
  return scratch;
}

}  // namespace ascendify
