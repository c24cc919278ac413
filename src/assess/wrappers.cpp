#include "assess/wrappers.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>

#include "assess/marker_findings.hpp"
#include "core/group_by_key.hpp"
#include "core/rule.hpp"
#include "core/text.hpp"

namespace ascendify::assess {

namespace {

// The methods that run when a class is instantiated or called (`Cls(...)`, `obj(...)`,
// `Fn.apply(...)`): a facility there makes the class a wrapper; other methods are called on
// instances the model cannot follow.
bool runs_on_use(std::string_view method) {
  return method == "__init__" || method == "forward" || method == "__call__";
}

std::string_view method_of(std::string_view scope) {  // "Cls.forward.inner" -> "forward"
  const size_t dot = scope.find('.');
  if (dot == std::string_view::npos) return {};
  const std::string_view rest = scope.substr(dot + 1);
  return rest.substr(0, rest.find('.'));
}

std::string_view leaf_of(std::string_view name) {
  return name.substr(name.rfind('.') + 1);
}

// A facility a wrapper hides: a finding of a rule tagged `wrapper-facility` (a direct call of a
// CUDA-only attention backend, kernel compiler, engine or the project's own CUDA extension:
// rules/README.md) with no fallback around it: not guarded, not beside an NPU branch, not under
// a flag that is off by default.
bool facility(const Finding& f, const FileFacts& facts) {
  if (!f.rule || f.guarded || f.beside_npu) return false;
  // `flashinfer.__version__`: reading a module attribute is a version check, no use.
  const std::string_view leaf = leaf_of(f.match);
  if (leaf.starts_with("__")) return false;
  if (std::find(f.rule->tags.begin(), f.rule->tags.end(), "wrapper-facility") == f.rule->tags.end())
    return false;
  for (const auto& b : facts.flag_blocks)
    if (f.span.line >= b.first_line && f.span.line <= b.last_line) return false;
  return true;
}

struct Wrapper {
  const Finding* facility = nullptr;  // the use underneath
  int via = -1;                       // the wrapper it calls, when it wraps one (-1 direct)
};

// One call of a wrapper, as the findings are made from it.
struct Call {
  int callee = -1;     // unit called
  uint32_t scope = 0;  // the site's scope, an id into the file's digest
  uint32_t line = 0;
  uint32_t width = 0;  // of the callee's name as written
  uint16_t col = 0;
  bool guarded = false;  // under an availability check: the caller has its fallback
};

// A call that can make its caller a wrapper (not guarded, in a unit that can be one): 8 bytes,
// kept for every such call of the tree while the wrappers are found.
struct Edge {
  int callee = -1;
  int caller = -1;  // the calling unit, as wrapper_unit() gives it
};

// Calls into the project's own compiled CUDA extensions (KernelFact "extension-build" names):
// findings of custom_op.own-extension-call, facilities of their functions.
std::vector<Finding> extension_calls(const ScannedFiles& files, const ProgramModel& program,
                                     const rules::RuleSet& rules,
                                     const std::set<std::string, std::less<>>& externals) {
  std::set<std::string, std::less<>> extensions;
  for (const auto& f : files)
    for (const auto& k : f.facts.kernels)
      if (k.kind == KernelKind::ExtensionBuild && !k.name.empty()) extensions.insert(k.name);
  std::vector<Finding> out;
  if (extensions.empty() && externals.empty()) return out;
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].file.kind != FileKind::Python) continue;
    const UseDigest& d = program.digest(static_cast<int>(i));
    std::vector<Fact> facts;
    std::vector<int8_t> is_ext(d.count() + 1, -1);
    for (const UseDigest::Site& s : d.sites) {
      if (s.kind != FactKind::Reference || s.usage != Usage::Call) continue;
      if (is_ext[s.name] < 0) {  // 1: own extension, 2: external one, 0: neither
        const std::string_view n = d.str(s.name);
        const size_t dot = n.rfind('.');
        is_ext[s.name] = dot == std::string_view::npos               ? 0
                         : extensions.count(n.substr(0, dot))        ? 1
                         : externals.count(n.substr(0, n.find('.'))) ? 2
                                                                     : 0;
      }
      if (!is_ext[s.name]) continue;
      const std::string_view n = d.str(s.name);
      facts.push_back(marker_fact(
          is_ext[s.name] == 1 ? "ascendify.extension.call" : "ascendify.extension.external-call",
          d.str(s.scope), s.line, s.col, static_cast<uint32_t>(n.size()), s.guarded != 0,
          std::string(n)));
    }
    if (facts.empty()) continue;
    std::vector<Finding> found = match_markers(rules, files[i], std::move(facts));
    std::move(found.begin(), found.end(), std::back_inserter(out));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<Finding> wrapper_call_findings(
    const ScannedFiles& files, const ProgramModel& program, const std::vector<Finding>& findings,
    const rules::RuleSet& rules, const std::set<std::string, std::less<>>& external_modules) {
  // Facilities point into `findings` and `ext`, which must not move while `wrappers` lives.
  const std::vector<Finding> ext = extension_calls(files, program, rules, external_modules);
  std::vector<Finding> out;
  std::unordered_map<std::string_view, int> by_path;
  for (size_t i = 0; i < files.size(); ++i)
    by_path.emplace(files[i].file.rel_path, static_cast<int>(i));
  // Triton kernels and their @triton.jit helpers are ported with the kernel (the kernel
  // inventory lists them): neither wrappers nor callers of wrappers.
  std::vector<bool> kernel_unit(program.size(), false);
  for (size_t i = 0; i < files.size(); ++i)
    for (const KernelFact& k : files[i].facts.kernels)
      if (k.kind == KernelKind::Triton && k.scope.empty())
        if (const int u = program.unit_of(static_cast<int>(i), k.name);
            u >= 0 && !program.is_module(u))
          kernel_unit[static_cast<size_t>(u)] = true;
  // A unit that can be a wrapper: a module-level function, or a class whose facility or wrapper
  // call sits in a method that runs on use.
  auto wrapper_unit = [&](int file, std::string_view scope) {
    const int u = program.unit_of(file, scope);
    if (u < 0 || program.is_module(u) || kernel_unit[static_cast<size_t>(u)]) return -1;
    if (program.unit(u).is_class && !runs_on_use(method_of(scope))) return -1;
    return u;
  };

  // Direct wrappers: units whose body holds a facility (a blocker first).
  std::map<int, Wrapper> wrappers;
  auto add_direct = [&](const Finding& f) {
    if (f.scope.empty()) return;
    auto it = by_path.find(f.path);
    if (it == by_path.end() || !facility(f, files[static_cast<size_t>(it->second)].facts)) return;
    const int u = wrapper_unit(it->second, f.scope);
    if (u < 0) return;
    Wrapper& w = wrappers[u];
    if (!w.facility ||
        (f.severity == Severity::Blocker && w.facility->severity != Severity::Blocker))
      w.facility = &f;
  };
  for (const Finding& f : findings) add_direct(f);
  for (const Finding& f : ext) add_direct(f);
  auto with_ext = [&]() {
    const size_t mid = out.size();
    out.insert(out.end(), ext.begin(), ext.end());
    std::inplace_merge(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(mid), out.end());
    return std::move(out);
  };
  if (wrappers.empty()) return with_ext();

  // The calls of project units in the Python files, file by file, each file's in file order:
  // functions called, classes instantiated (`Cls(...)`) or applied (`Fn.apply(...)`).
  // `each(fi, digest, site, callee)`, then `file_done(fi)` after each file.
  std::vector<int> resolved;
  auto for_each_call = [&](auto&& each, auto&& file_done) {
    for (size_t i = 0; i < files.size(); ++i) {
      if (files[i].file.kind != FileKind::Python) continue;
      const int fi = static_cast<int>(i);
      const UseDigest& d = program.digest(fi);
      resolved.assign(d.count() + 1, -2);  // names are interned: each decided once per file
      for (const UseDigest::Site& s : d.sites) {
        if (s.kind != FactKind::Reference || s.usage != Usage::Call) continue;
        int& callee = resolved[s.name];
        if (callee == -2) {
          callee = program.resolved_name(fi, s.name);
          if (callee >= 0 && program.is_module(callee)) callee = -1;
          if (callee >= 0 && program.unit(callee).is_class) {
            const std::string_view leaf = leaf_of(d.str(s.name));
            if (leaf != program.unit(callee).name && leaf != "apply") callee = -1;
          }
        }
        if (callee >= 0) each(fi, d, s, callee);
      }
      file_done(fi);
    }
  };

  // Two passes over the calls: the wrappers of wrappers first, from the calls that can make
  // one (8 bytes each), then the calls of the wrappers found. Keeping every call of a project
  // unit for both (60,099 on the speed corpus, for 74 wrappers) set the scan's peak memory.
  std::vector<Edge> edges;
  for_each_call(
      [&](int fi, const UseDigest& d, const UseDigest::Site& s, int callee) {
        if (s.guarded) return;
        if (const int caller = wrapper_unit(fi, d.str(s.scope)); caller >= 0)
          edges.push_back({callee, caller});
      },
      [](int) {});
  // The callers by callee, in call order.
  KeyGroups callers_of;
  group_by_key(
      program.size(), edges.size(), [&](size_t e) { return static_cast<size_t>(edges[e].callee); },
      callers_of);
  // Breadth first over the callers (each unit entered once: cycles and 10,000-deep chains stay
  // linear).
  std::deque<int> work;
  for (const auto& [u, w] : wrappers) work.push_back(u);
  while (!work.empty()) {
    const int u = work.front();
    work.pop_front();
    const Wrapper w = wrappers[u];
    for (uint32_t k = callers_of.starts[static_cast<size_t>(u)];
         k < callers_of.starts[static_cast<size_t>(u) + 1]; ++k) {
      const int caller = edges[callers_of.order[k]].caller;
      if (wrappers.count(caller)) continue;
      wrappers[caller] = Wrapper{w.facility, u};
      work.push_back(caller);
    }
  }
  std::vector<Edge>().swap(edges);
  callers_of = {};
  std::vector<bool> is_wrapper(program.size(), false);
  for (const auto& [u, w] : wrappers) is_wrapper[static_cast<size_t>(u)] = true;

  // One finding per call of a wrapper, outside the wrapper itself and outside kernels.
  std::vector<std::pair<int, std::vector<Call>>> sites;  // by file
  std::vector<Call> calls;                               // the file's
  for_each_call(
      [&](int fi, const UseDigest& d, const UseDigest::Site& s, int callee) {
        if (!is_wrapper[static_cast<size_t>(callee)]) return;
        const int caller = program.unit_of(fi, d.str(s.scope));
        if (caller == callee || (caller >= 0 && kernel_unit[static_cast<size_t>(caller)])) return;
        calls.push_back({callee, s.scope, s.line,
                         static_cast<uint32_t>(leaf_of(d.str(s.name)).size()), s.col, s.guarded});
      },
      [&](int fi) {
        if (!calls.empty()) sites.emplace_back(fi, std::exchange(calls, {}));
      });
  for (const auto& [fi, list] : sites) {
    const UseDigest& d = program.digest(fi);
    std::vector<Fact> facts;
    for (const Call& c : list) {
      const Finding& u = *wrappers.at(c.callee).facility;
      facts.push_back(marker_fact(concat({"ascendify.wrapper.", to_string(u.domain)}),
                                  d.str(c.scope), c.line, c.col, c.width, c.guarded));
    }
    for (Finding& f : match_markers(rules, files[static_cast<size_t>(fi)], std::move(facts))) {
      const Call* c = nullptr;
      for (const Call& x : list)
        if (x.line == f.span.line && x.col == f.span.col) c = &x;
      if (!c) continue;
      const Wrapper& w = wrappers.at(c->callee);
      const Finding& u = *w.facility;
      const ProgramModel::Unit& callee = program.unit(c->callee);
      const std::string& def_path = files[static_cast<size_t>(callee.file)].file.rel_path;
      f.match = interned(callee.name);
      f.stops_run = false;  // the facility underneath is the stopper, listed once
      const std::string at = concat({u.path, ":", std::to_string(u.span.line)});
      f.message +=
          concat({" Calls ", callee.name, " (", def_path, ")",
                  w.via < 0 ? std::string() : concat({" through ", program.unit(w.via).name}),
                  ", which uses ", u.rule_id, " (", u.match, " at ", at, ") with no fallback."});
      if (!f.message_zh.empty())
        f.message_zh +=
            concat({"调用 ", callee.name, "（", def_path, "）",
                    w.via < 0 ? std::string() : concat({"，经由 ", program.unit(w.via).name}),
                    "；它使用 ", u.rule_id, "（", u.match, "，位于 ", at, "），没有回退路径。"});
      if (!u.replacement.empty())
        f.replacement = u.replacement, f.replacement_zh = u.replacement_zh;
      out.push_back(std::move(f));
    }
  }
  std::sort(out.begin(), out.end());
  return with_ext();
}

}  // namespace ascendify::assess
