#include "assess/wrappers.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <unordered_map>

#include "core/read_file.hpp"
#include "core/rule.hpp"
#include "core/text.hpp"
#include "core/use_digest.hpp"
#include "match/matcher.hpp"

namespace ascendify::assess {

namespace {

bool is_python(FileKind k) {
  return k == FileKind::Python;
}

std::string_view top_of(std::string_view scope) {
  return scope.substr(0, scope.find('.'));
}

std::string_view stem_of(std::string_view path) {
  const size_t slash = path.rfind('/');
  if (slash != std::string_view::npos) path = path.substr(slash + 1);
  const size_t dot = path.rfind('.');
  return dot == std::string_view::npos ? path : path.substr(0, dot);
}

// A facility a wrapper hides: a finding of these domains that is a real change (not info), with
// no fallback around it (not guarded, not beside an NPU branch).
// A facility a wrapper hides: a finding of a rule tagged `wrapper-facility` (a direct call of a
// CUDA-only attention backend, kernel compiler or engine: rules/README.md) with no fallback
// around it: not guarded, not beside an NPU branch, not under a flag that is off by default.
bool facility(const Finding& f, const FileFacts& facts) {
  if (!f.rule || f.guarded || f.beside_npu) return false;
  // `flashinfer.__version__`: reading a module attribute is a version check, no use.
  const std::string_view leaf = std::string_view(f.match).substr(f.match.rfind('.') + 1);
  if (leaf.starts_with("__")) return false;
  if (std::find(f.rule->tags.begin(), f.rule->tags.end(), "wrapper-facility") == f.rule->tags.end())
    return false;
  for (const auto& b : facts.flag_blocks)
    if (f.span.line >= b.first_line && f.span.line <= b.last_line) return false;
  return true;
}

using FnKey = std::pair<int, std::string>;  // (file, module-level function name)

struct Wrapper {
  const Finding* facility = nullptr;  // the use underneath
  std::string via;                    // the wrapper it calls, when it wraps one ("" direct)
};

struct Call {
  int file = -1;
  std::string caller;  // top-level function of the call site ("" module level)
  FnKey callee;
  std::string name;  // as resolved at the call site
  uint32_t line = 0;
  uint16_t col = 0;
  std::string scope;
  bool guarded = false;  // under an availability check: the caller has its fallback
};

}  // namespace

std::vector<Finding> wrapper_call_findings(const std::vector<ScannedFile>& files,
                                           const ImportGraph& graph,
                                           const std::vector<Finding>& findings,
                                           const rules::RuleSet& rules) {
  std::vector<Finding> out;
  std::unordered_map<std::string_view, int> by_path;
  // Views into the facts, which outlive the pass (one set per file, no copies).
  std::vector<std::unordered_set<std::string_view>> functions(files.size());
  std::vector<std::set<std::string_view>> kernel_names(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    by_path.emplace(files[i].file.rel_path, static_cast<int>(i));
    if (!is_python(files[i].file.kind)) continue;
    // Triton kernels and their @triton.jit helpers are ported with the kernel (the kernel
    // inventory lists them): neither wrappers nor callers of wrappers.
    std::set<std::string_view>& kernels = kernel_names[i];
    for (const KernelFact& k : files[i].facts.kernels)
      if (k.kind == "triton") kernels.insert(k.name);
    for (const Fact& f : files[i].facts.facts)
      if (f.kind == FactKind::FunctionDef && f.scope.empty() && !kernels.count(f.name))
        functions[i].insert(f.name);
  }
  // Direct wrappers: module-level functions whose body holds a facility (a blocker first).
  std::map<FnKey, Wrapper> wrappers;
  for (const Finding& f : findings) {
    if (f.scope.empty()) continue;
    auto it = by_path.find(f.path);
    if (it == by_path.end() || !facility(f, files[static_cast<size_t>(it->second)].facts)) continue;
    const std::string top(top_of(f.scope));
    if (!functions[static_cast<size_t>(it->second)].count(top)) continue;
    Wrapper& w = wrappers[{it->second, top}];
    if (!w.facility ||
        (f.severity == Severity::Blocker && w.facility->severity != Severity::Blocker))
      w.facility = &f;
  }
  if (wrappers.empty()) return out;

  // The calls of project functions, resolved to their definitions.
  std::vector<Call> calls;
  UseDigest scratch;
  for (size_t i = 0; i < files.size(); ++i) {
    if (!is_python(files[i].file.kind)) continue;
    const UseDigest& d = uses_of(files[i].facts, scratch);
    const int fi = static_cast<int>(i);
    // Names are interned per file: each distinct name is resolved once (most are torch.*).
    std::vector<int8_t> project_name(d.count() + 1, -1);  // -1 unknown, 0 no, 1 maybe
    for (const UseDigest::Site& s : d.sites) {
      if (s.kind != FactKind::Reference || s.usage != Usage::Call) continue;
      if (project_name[s.name] < 0) {
        const std::string_view n = d.str(s.name);
        project_name[s.name] =
            n.starts_with("__") || (n.find('.') != std::string_view::npos &&
                                    graph.may_be_project(n.substr(0, n.find('.'))));
      }
      if (project_name[s.name] == 0) continue;
      const std::string_view n = d.str(s.name);
      FnKey callee{-1, {}};
      if (n.starts_with("__local__.")) {  // a def of this file, called by its bare name
        const std::string_view fn = n.substr(10);
        if (functions[i].count(fn)) callee = {fi, std::string(fn)};
      } else if (n.starts_with("__relative__.")) {
        // "__relative__.1.attn.flash_attention": `from .attn import flash_attention`; the
        // module is one of the files this one imports, named like the module's last part.
        const std::string_view q = n.substr(13);
        const std::string_view rest = q.substr(q.find('.') + 1);  // "attn.flash_attention"
        const size_t dot = rest.rfind('.');
        if (dot != std::string_view::npos) {
          const std::string_view module = rest.substr(0, dot), fn = rest.substr(dot + 1);
          const std::string_view leaf = module.substr(module.rfind('.') + 1);
          for (int t : graph.edges(fi))
            if (t >= 0 && static_cast<size_t>(t) < files.size() &&
                stem_of(files[static_cast<size_t>(t)].file.rel_path) == leaf &&
                functions[static_cast<size_t>(t)].count(fn))
              callee = {t, std::string(fn)};
        }
      } else if (const size_t dot = n.rfind('.'); dot != std::string_view::npos) {
        const int t = graph.resolve_module(n.substr(0, dot));
        if (t >= 0 && functions[static_cast<size_t>(t)].count(n.substr(dot + 1)))
          callee = {t, std::string(n.substr(dot + 1))};
      }
      if (callee.first < 0) continue;
      const std::string_view scope = d.str(s.scope);
      calls.push_back({fi, std::string(top_of(scope)), std::move(callee), std::string(n), s.line,
                       s.col, std::string(scope), s.guarded != 0});
    }
  }
  // Wrappers of wrappers, breadth first over the callers (each function entered once: cycles
  // and 10,000-deep chains stay linear).
  std::map<FnKey, std::vector<size_t>> callers_of;
  for (size_t c = 0; c < calls.size(); ++c) callers_of[calls[c].callee].push_back(c);
  std::deque<FnKey> work;
  for (const auto& [k, w] : wrappers) work.push_back(k);
  while (!work.empty()) {
    const FnKey k = work.front();
    work.pop_front();
    auto it = callers_of.find(k);
    if (it == callers_of.end()) continue;
    const Wrapper w = wrappers[k];
    for (size_t c : it->second) {
      const Call& call = calls[c];
      if (call.guarded || call.caller.empty() ||
          !functions[static_cast<size_t>(call.file)].count(call.caller))
        continue;
      const FnKey caller{call.file, call.caller};
      if (wrappers.count(caller)) continue;
      wrappers[caller] = Wrapper{w.facility, k.second};
      work.push_back(caller);
    }
  }

  // One finding per call of a wrapper, outside the wrapper itself.
  std::map<int, std::vector<const Call*>> sites;
  for (const Call& c : calls) {
    if (!wrappers.count(c.callee)) continue;
    if (kernel_names[static_cast<size_t>(c.file)].count(c.caller)) continue;  // inside a kernel
    if (c.file == c.callee.first && c.caller == c.callee.second) continue;    // recursion
    sites[c.file].push_back(&c);
  }
  for (const auto& [fi, list] : sites) {
    const ScannedFile& sf = files[static_cast<size_t>(fi)];
    FileFacts uses;
    uses.suppressions = sf.facts.suppressions;
    for (const Call* c : list) {
      const Wrapper& w = wrappers.at(c->callee);
      Fact& x = uses.facts.emplace_back();
      x.kind = FactKind::Reference;
      x.usage = Usage::Call;
      x.name = concat({"ascendify.wrapper.", to_string(w.facility->domain)});
      x.scope = c->scope;
      x.guarded = c->guarded;
      x.span.line = x.span.end_line = c->line;
      x.span.col = c->col;
      x.span.end_col = c->col + static_cast<uint32_t>(c->callee.second.size());
    }
    std::string error;
    const std::string text = read_file(sf.file.abs_path, error).value_or(std::string());
    std::vector<Finding> found = match::match_file(rules, sf.file, text, uses);
    for (Finding& f : found) {
      const Call* c = nullptr;
      for (const Call* x : list)
        if (x->line == f.span.line && x->col == f.span.col) c = x;
      if (!c) continue;
      const Wrapper& w = wrappers.at(c->callee);
      const Finding& u = *w.facility;
      const std::string& def_path = files[static_cast<size_t>(c->callee.first)].file.rel_path;
      f.match = c->callee.second;
      f.message += concat({" Calls ", c->callee.second, " (", def_path, ")",
                           w.via.empty() ? std::string() : concat({" through ", w.via}),
                           ", which uses ", u.rule_id, " (", u.match, " at ", u.path, ":",
                           std::to_string(u.span.line), ") with no fallback."});
      if (!u.replacement.empty()) f.replacement = u.replacement;
    }
    std::move(found.begin(), found.end(), std::back_inserter(out));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ascendify::assess
