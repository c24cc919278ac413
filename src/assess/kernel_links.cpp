#include "assess/kernel_links.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

#include "assess/kernel_model.hpp"
#include "core/name_filter.hpp"
#include "core/string_hash.hpp"
#include "core/text.hpp"
#include "core/use_digest.hpp"

namespace ascendify::assess {

namespace {

std::string_view last_part(std::string_view s) {
  size_t d = s.rfind('.');
  return d == std::string_view::npos ? s : s.substr(d + 1);
}
std::string_view head_part(std::string_view s) {  // all but the last component ("" if none)
  size_t d = s.rfind('.');
  return d == std::string_view::npos ? std::string_view() : s.substr(0, d);
}
std::string dir_of(std::string_view path) {
  size_t d = path.rfind('/');
  return d == std::string_view::npos ? std::string() : std::string(path.substr(0, d));
}
std::string stem_of(std::string_view path) {
  std::string_view s = path.substr(path.rfind('/') + 1);
  return std::string(s.substr(0, s.find('.')));
}
bool has_word(std::string_view name, std::string_view a, std::string_view b) {
  for (const std::string& w : name_words(name))
    if (w == a || w == b) return true;
  return false;
}
bool named_backward(std::string_view s) {
  return ascii_lower(s).find("backward") != std::string::npos || has_word(s, "bwd", "backward");
}
bool is_python(const ScannedFile& f) {
  return f.file.kind == FileKind::Python || f.file.kind == FileKind::Notebook;
}
std::string where(const ScannedFile& f, uint32_t line) {
  return f.file.rel_path + ":" + std::to_string(line);
}

struct Use {
  size_t file = 0;
  uint32_t line = 0;
  std::string scope;
  bool python = false;
  const std::vector<Arg>* options = nullptr;  // Triton launch: num_warps=, num_stages=
};

// Callers of plain function names (last component): is each caller in backward code?
using CallerIndex = std::map<std::string, std::vector<bool>, std::less<>>;

// Only names in `wanted` (the functions that contain kernel uses) are indexed: a tree has
// hundreds of thousands of calls and a few hundred such functions.
CallerIndex index_callers(const std::vector<ScannedFile>& files,
                          const std::vector<const UseDigest*>& digests,
                          const std::set<std::string, std::less<>>& wanted) {
  CallerIndex idx;
  if (wanted.empty()) return idx;
  NameFilter maybe_wanted;
  for (const auto& w : wanted) maybe_wanted.add(w);
  std::map<std::string_view, bool, std::less<>> backward_scope;  // named_backward, memoised
  auto scope_is_backward = [&](std::string_view scope) {
    auto it = backward_scope.find(scope);
    if (it == backward_scope.end()) it = backward_scope.emplace(scope, named_backward(scope)).first;
    return it->second;
  };
  for (size_t i = 0; i < files.size(); ++i) {
    const auto& f = files[i];
    if (!is_python(f)) continue;
    const UseDigest& d = *digests[i];
    // The wanted name each interned name ends with, looked up once per name: 0 not asked yet.
    std::vector<const std::string*> ends_with(d.count(), nullptr);
    static const std::string kNone;
    for (const auto& x : d.sites)
      if (x.kind == FactKind::Reference && x.usage == Usage::Call) {
        const std::string*& w = ends_with[x.name];
        if (!w) {
          const std::string_view fn = last_part(d.str(x.name));
          auto it = maybe_wanted.may_contain(fn) ? wanted.find(fn) : wanted.end();
          w = it == wanted.end() ? &kNone : &*it;
        }
        if (w != &kNone) idx[*w].push_back(scope_is_backward(d.str(x.scope)));
      }
    for (const auto& k : f.facts.kernels)
      for (const auto& c : k.calls) {
        const bool fwd = c.starts_with("forward:"), bwd = c.starts_with("backward:");
        if (!fwd && !bwd) continue;
        auto w = wanted.find(last_part(std::string_view(c).substr(fwd ? 8 : 9)));
        if (w != wanted.end()) idx[*w].push_back(bwd);
      }
  }
  return idx;
}

bool use_is_backward(const Use& u, const CallerIndex& callers) {
  if (ascii_lower(u.scope).find("backward") != std::string::npos) return true;
  std::string_view fn = last_part(u.scope);
  if (fn.empty()) return false;
  auto it = callers.find(fn);
  if (it == callers.end() || it->second.empty()) return named_backward(fn);
  return std::all_of(it->second.begin(), it->second.end(), [](bool b) { return b; });
}

// A name launched / referenced in file `g`: which kernel (flat index) it means.
struct KernelRef {
  size_t file;
  std::string name;
  size_t flat;
};

}  // namespace

std::vector<KernelLinks> link_kernels(const std::vector<ScannedFile>& files) {
  std::vector<KernelRef> kernels;
  std::unordered_map<std::string, std::vector<size_t>, StringViewHash, std::equal_to<>> by_name;
  NameFilter maybe_kernel;
  for (size_t i = 0; i < files.size(); ++i)
    for (const auto& k : files[i].facts.kernels) {
      by_name[k.name].push_back(kernels.size());
      maybe_kernel.add(k.name);
      kernels.push_back({i, k.name, kernels.size()});
    }
  std::vector<std::vector<Use>> uses(kernels.size());
  std::vector<UseDigest> scratch(files.size());  // digests built here when not stored
  std::vector<const UseDigest*> digests(files.size());
  for (size_t i = 0; i < files.size(); ++i) digests[i] = &uses_of(files[i].facts, scratch[i]);

  // The kernel(s) a name used in file g means: the one defined in g, else the one whose file
  // stem is the module it is qualified with / imported from, else every kernel of that name.
  auto resolve = [&](size_t g, std::string_view used, std::string_view module) {
    std::vector<size_t> out;
    auto it = by_name.find(last_part(used));
    if (it == by_name.end()) return out;
    for (size_t c : it->second)
      if (kernels[c].file == g) out.push_back(c);
    if (!out.empty()) return out;
    if (module.empty()) return it->second;
    const std::string m(last_part(module));
    for (size_t c : it->second) {
      const std::string& path = files[kernels[c].file].file.rel_path;
      if (stem_of(path) == m || ("/" + path).find("/" + m + "/") != std::string::npos)
        out.push_back(c);
    }
    return out;
  };

  for (size_t g = 0; g < files.size(); ++g) {
    const ScannedFile& f = files[g];
    // local name -> module; built on the first use of a kernel's name in this file
    std::map<std::string_view, std::string_view, std::less<>> imported;
    bool imports_read = false;
    std::set<std::pair<size_t, uint32_t>> seen;  // (kernel, line)
    const UseDigest& d = *digests[g];
    // What the two passes below ask of an interned name, answered once per name (sites repeat
    // names): does its last component name a kernel, and is it "apply"?
    enum : uint8_t { kAsked = 1, kKernel = 2, kApply = 4 };
    std::vector<uint8_t> about(d.count(), 0);
    auto ask = [&](uint32_t id) {
      uint8_t& v = about[id];
      if (!v) {
        const std::string_view lp = last_part(d.str(id));
        v = kAsked | (maybe_kernel.may_contain(lp) && by_name.count(lp) ? kKernel : 0) |
            (lp == "apply" ? kApply : 0);
      }
      return v;
    };
    for (const auto& x : d.sites) {
      const bool launch = x.kind == FactKind::Native;
      const bool ref = x.kind == FactKind::Reference && is_python(f);
      if (!launch && !ref) continue;
      if (!(ask(x.name) & kKernel)) continue;  // names no kernel: most references
      const std::string_view name = d.str(x.name);
      std::string_view module = head_part(name);
      if (module.empty()) {
        if (!imports_read) {
          for (const auto& y : d.imports)
            if (y.detail)
              imported[y.alias ? d.str(y.alias) : last_part(d.str(y.name))] = d.str(y.detail);
          imports_read = true;
        }
        auto im = imported.find(name);
        if (im != imported.end()) module = im->second;
      }
      for (size_t c : resolve(g, name, module)) {
        if (files[kernels[c].file].facts.kernels.empty()) continue;
        if (!seen.insert({c, x.line}).second) continue;
        uses[c].push_back({g, x.line, std::string(d.str(x.scope)), is_python(f),
                           launch ? &f.facts.facts[x.fact].args : nullptr});
      }
    }
    // autograd.Function uses: `Fn.apply(...)` (local: a method call on Fn; imported: a
    // reference "...Fn.apply").
    for (const auto& x : d.sites) {
      if (!is_python(f)) break;
      std::string_view recv;
      if (x.kind == FactKind::MethodCall && x.usage == Usage::Call && (ask(x.receiver) & kKernel))
        recv = d.str(x.receiver);
      if (x.kind == FactKind::Reference && (ask(x.name) & kApply)) recv = head_part(d.str(x.name));
      if (recv.empty()) continue;
      if (!maybe_kernel.may_contain(last_part(recv))) continue;
      auto it = by_name.find(last_part(recv));
      if (it == by_name.end()) continue;
      for (size_t c : it->second) {
        const auto& kfs = files[kernels[c].file].facts.kernels;
        bool autograd = false;
        for (const auto& k : kfs)
          autograd = autograd || (k.name == kernels[c].name && k.kind == "autograd-function");
        if (autograd && seen.insert({c, x.line}).second)
          uses[c].push_back({g, x.line, std::string(d.str(x.scope)), true});
      }
    }
  }

  // CUDA kernels through their extension module.
  struct Ext {
    std::string module;             // last component ("_C", "vidit_ext")
    std::set<std::string> sources;  // root-relative paths
  };
  std::vector<Ext> exts;
  for (const auto& f : files)
    for (const auto& k : f.facts.kernels) {
      if (k.kind != "extension-build" || k.name.empty()) continue;
      Ext e{std::string(last_part(k.name)), {}};
      const std::string base = dir_of(f.file.rel_path);
      for (std::string s : k.calls) {
        while (s.starts_with("./")) s.erase(0, 2);
        e.sources.insert(base.empty() ? s : base + "/" + s);
      }
      exts.push_back(std::move(e));
    }
  std::map<std::string, std::set<std::string>, std::less<>> module_ops;  // module -> bound ops
  std::map<std::string, std::set<std::string>> file_modules, file_ops;   // path -> ...
  for (const auto& f : files) {
    const std::string& p = f.file.rel_path;
    for (const auto& e : exts)
      if (e.sources.count(p)) file_modules[p].insert(e.module);
    for (const auto& x : f.facts.facts) {
      if (x.kind != FactKind::Native || x.detail != "binding") continue;
      std::set<std::string> mods;
      if (!x.alias.empty() && x.alias != "TORCH_EXTENSION_NAME") mods.insert(x.alias);
      for (const auto& e : exts)
        if (e.sources.count(p)) mods.insert(e.module);
      for (const auto& m : mods) {
        module_ops[m].insert(x.name);
        file_modules[p].insert(m);
      }
      file_ops[p].insert(x.name);
    }
  }
  // Python calls `mod.op(...)` of a known extension module.
  NameFilter maybe_module;
  bool module_filter_built = false;
  std::map<std::pair<std::string, std::string>, std::vector<Use>> op_calls;
  for (size_t g = 0; g < files.size(); ++g) {
    if (!is_python(files[g])) continue;
    if (module_ops.empty() && exts.empty()) break;
    if (!module_filter_built) {
      for (const auto& [mod, ops] : module_ops) maybe_module.add(mod);
      for (const auto& e : exts) maybe_module.add(e.module);
      module_filter_built = true;
    }
    const UseDigest& d = *digests[g];
    // Whether a name's module part names an extension module, answered once per interned
    // name (sites repeat names): 0 not asked, 1 no, 2 yes.
    std::vector<uint8_t> names_module(d.count(), 0);
    for (const auto& x : d.sites) {
      if (x.kind != FactKind::Reference) continue;
      const std::string_view name = d.str(x.name);
      uint8_t& known = names_module[x.name];
      if (!known) {
        const std::string_view m = last_part(head_part(name));
        known = m.empty() || !maybe_module.may_contain(m) ||
                        (!module_ops.count(m) &&
                         !std::any_of(exts.begin(), exts.end(),
                                      [&](const Ext& e) { return e.module == m; }))
                    ? 1
                    : 2;
      }
      if (known == 1) continue;
      const std::string_view mod = last_part(head_part(name));
      op_calls[{std::string(mod), std::string(last_part(name))}].push_back(
          {g, x.line, std::string(d.str(x.scope)), true});
    }
  }
  for (size_t c = 0; c < kernels.size(); ++c) {
    const ScannedFile& f = files[kernels[c].file];
    const KernelFact* kf = nullptr;
    for (const auto& k : f.facts.kernels)
      if (k.name == kernels[c].name) kf = &k;
    if (kf && kf->kind == "extension-build") {
      for (const auto& [key, list] : op_calls)
        if (key.first == last_part(kf->name))
          uses[c].insert(uses[c].end(), list.begin(), list.end());
      continue;
    }
    if (!kf || kf->kind != "cuda") continue;
    const std::string& p = f.file.rel_path;
    auto fm = file_modules.find(p);
    if (fm == file_modules.end()) continue;
    const bool kfwd = has_word(kf->name, "fwd", "forward"),
               kbwd = has_word(kf->name, "bwd", "backward");
    for (const auto& mod : fm->second) {
      std::set<std::string> ops;
      if (file_ops.count(p))
        ops = file_ops[p];
      else if (module_ops.count(mod))
        ops = module_ops[mod];
      std::vector<std::string> narrowed;
      for (const auto& [key, list] : op_calls) {
        if (key.first != mod || (!ops.empty() && !ops.count(key.second))) continue;
        narrowed.push_back(key.second);
      }
      auto alike = [&](bool fwd) {
        std::vector<std::string> out;
        for (const auto& o : narrowed)
          if (fwd ? has_word(o, "fwd", "forward") : has_word(o, "bwd", "backward"))
            out.push_back(o);
        return out;
      };
      if (kfwd != kbwd) {
        auto same = alike(kfwd);
        if (!same.empty()) narrowed = same;
      }
      for (const auto& o : narrowed)
        for (const Use& u : op_calls[{mod, o}]) uses[c].push_back(u);
    }
  }

  std::set<std::string, std::less<>> wanted;
  for (const auto& list : uses)
    for (const Use& u : list)
      if (!last_part(u.scope).empty()) wanted.emplace(last_part(u.scope));
  const CallerIndex callers = index_callers(files, digests, wanted);
  std::vector<KernelLinks> out(kernels.size());
  for (size_t c = 0; c < kernels.size(); ++c) {
    KernelLinks& l = out[c];
    const bool any_python =
        std::any_of(uses[c].begin(), uses[c].end(), [](const Use& u) { return u.python; });
    std::set<std::string> dirs;
    for (const Use& u : uses[c]) {
      if (u.options)
        for (const Arg& a : *u.options)
          if (!a.keyword.empty()) add_feature_value(l.launch_features, a.keyword, a.value);
      l.callers.push_back(where(files[u.file], u.line));
      if (u.python) dirs.insert(dir_of(files[u.file].file.rel_path));
      if (any_python && !u.python) continue;  // a C++ launch: the Python callers decide
      ++l.uses;
      if (use_is_backward(u, callers)) ++l.backward_uses;
    }
    std::sort(l.callers.begin(), l.callers.end());
    l.callers.erase(std::unique(l.callers.begin(), l.callers.end()), l.callers.end());
    if (l.callers.size() > kMaxCallers) l.callers.resize(kMaxCallers);
    l.caller_dirs.assign(dirs.begin(), dirs.end());
  }
  return out;
}

}  // namespace ascendify::assess
