#include "assess/kernel_links.hpp"

#include <algorithm>
#include <map>
#include <optional>
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
CallerIndex index_callers(const ScannedFiles& files, const std::vector<const UseDigest*>& digests,
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

// A CUDA extension the project builds (setup.py / CMake).
struct Ext {
  std::string module;             // last component ("_C", "vidit_ext")
  std::set<std::string> sources;  // root-relative paths
};

// The passes of link_kernels, in order: kernels indexed by name; the project's extension
// modules and their bindings; each file's direct uses (launches, references), then in one more
// pass over its Python sites the `Fn.apply` uses of autograd Functions and the calls of the
// extensions' ops; the ops' calls linked to the CUDA kernels of the extension's sources; then
// each kernel's callers summarised.
class KernelLinker {
 public:
  explicit KernelLinker(const ScannedFiles& files)
      : files_(files), scratch_(files.size()), digests_(files.size()) {
    index_kernels();
    for (size_t i = 0; i < files.size(); ++i) digests_[i] = &uses_of(files[i].facts, scratch_[i]);
  }

  std::vector<KernelLinks> run() {
    collect_extensions();
    map_bindings();
    for (const auto& [mod, ops] : module_ops_) maybe_module_.add(mod);
    for (const auto& e : exts_) maybe_module_.add(e.module);
    for (size_t g = 0; g < files_.size(); ++g) {
      link_direct_uses(g);
      link_python_calls(g);
    }
    for (size_t c = 0; c < kernels_.size(); ++c) link_extension_ops(c);
    return summarise();
  }

 private:
  // What the two per-file passes ask of an interned name, answered once per name (sites
  // repeat names): does its last component name a kernel, and is it "apply"?
  enum : uint8_t { kAsked = 1, kKernel = 2, kApply = 4 };
  struct FileState {
    explicit FileState(size_t names) : about(names, 0) {}
    std::vector<uint8_t> about;
    // local name -> module; built on the first use of a kernel's name in this file
    std::map<std::string_view, std::string_view, std::less<>> imported;
    bool imports_read = false;
    std::set<std::pair<size_t, uint32_t>> seen;  // (kernel, line)
  };

  void index_kernels() {
    for (size_t i = 0; i < files_.size(); ++i)
      for (const auto& k : files_[i].facts.kernels) {
        by_name_[k.name].push_back(kernels_.size());
        maybe_kernel_.add(k.name);
        kernels_.push_back({i, k.name, kernels_.size()});
      }
    uses_.resize(kernels_.size());
  }

  uint8_t ask(const UseDigest& d, FileState& st, uint32_t id) const {
    uint8_t& v = st.about[id];
    if (!v) {
      const std::string_view lp = last_part(d.str(id));
      v = kAsked | (maybe_kernel_.may_contain(lp) && by_name_.count(lp) ? kKernel : 0) |
          (lp == "apply" ? kApply : 0);
    }
    return v;
  }

  // The kernel(s) a name used in file g means: the one defined in g, else the one whose file
  // stem is the module it is qualified with / imported from, else every kernel of that name.
  std::vector<size_t> resolve(size_t g, std::string_view used, std::string_view module) const {
    std::vector<size_t> out;
    auto it = by_name_.find(last_part(used));
    if (it == by_name_.end()) return out;
    for (size_t c : it->second)
      if (kernels_[c].file == g) out.push_back(c);
    if (!out.empty()) return out;
    if (module.empty()) return it->second;
    const std::string m(last_part(module));
    for (size_t c : it->second) {
      const std::string& path = files_[kernels_[c].file].file.rel_path;
      if (stem_of(path) == m || ("/" + path).find("/" + m + "/") != std::string::npos)
        out.push_back(c);
    }
    return out;
  }

  // Launches (native) and references (Python) of a kernel's name in file g.
  void link_direct_uses(size_t g) {
    const ScannedFile& f = files_[g];
    const UseDigest& d = *digests_[g];
    state_.emplace(d.count());
    FileState& st = *state_;
    size_t launches = 0;  // launch sites passed: the next one's fact is launch_facts[launches]
    for (const auto& x : d.sites) {
      const bool launch = x.kind == FactKind::Native;
      const bool ref = x.kind == FactKind::Reference && is_python(f);
      if (!launch && !ref) continue;
      const uint32_t fact = launch ? d.launch_facts[launches++] : 0;
      if (!(ask(d, st, x.name) & kKernel)) continue;  // names no kernel: most references
      const std::string_view name = d.str(x.name);
      std::string_view module = head_part(name);
      if (module.empty()) {
        if (!st.imports_read) {
          for (const auto& y : d.imports)
            if (y.detail)
              st.imported[y.alias ? d.str(y.alias) : last_part(d.str(y.name))] = d.str(y.detail);
          st.imports_read = true;
        }
        auto im = st.imported.find(name);
        if (im != st.imported.end()) module = im->second;
      }
      for (size_t c : resolve(g, name, module)) {
        if (files_[kernels_[c].file].facts.kernels.empty()) continue;
        if (!st.seen.insert({c, x.line}).second) continue;
        uses_[c].push_back({g, x.line, std::string(d.str(x.scope)), is_python(f),
                            launch ? &f.facts.facts[fact].args : nullptr});
      }
    }
  }

  // Two kinds of calls in Python file g, in one pass over its sites (one decoding of them):
  // - autograd.Function uses, `Fn.apply(...)` (local: a method call on Fn; imported: a
  //   reference "...Fn.apply"); after link_direct_uses(g), whose state it shares;
  // - calls `mod.op(...)` of a known extension module (op_calls_).
  void link_python_calls(size_t g) {
    if (!is_python(files_[g])) return;
    const UseDigest& d = *digests_[g];
    FileState& st = *state_;
    const bool any_module = !module_ops_.empty() || !exts_.empty();
    // Whether a name's module part names an extension module, answered once per interned
    // name (sites repeat names): 0 not asked, 1 no, 2 yes.
    std::vector<uint8_t> names_module(any_module ? d.count() : 0, 0);
    for (const auto& x : d.sites) {
      if (any_module && x.kind == FactKind::Reference) add_op_call(g, d, x, names_module[x.name]);
      std::string_view recv;
      if (x.kind == FactKind::MethodCall && x.usage == Usage::Call &&
          (ask(d, st, x.name) & kKernel))
        recv = d.str(x.name);  // a method call's site names its receiver
      if (x.kind == FactKind::Reference && (ask(d, st, x.name) & kApply))
        recv = head_part(d.str(x.name));
      if (recv.empty()) continue;
      if (!maybe_kernel_.may_contain(last_part(recv))) continue;
      auto it = by_name_.find(last_part(recv));
      if (it == by_name_.end()) continue;
      for (size_t c : it->second) {
        const auto& kfs = files_[kernels_[c].file].facts.kernels;
        bool autograd = false;
        for (const auto& k : kfs)
          autograd =
              autograd || (k.name == kernels_[c].name && k.kind == KernelKind::AutogradFunction);
        if (autograd && st.seen.insert({c, x.line}).second)
          uses_[c].push_back({g, x.line, std::string(d.str(x.scope)), true});
      }
    }
  }

  // CUDA kernels through their extension module: the extensions the project builds.
  void collect_extensions() {
    for (const auto& f : files_)
      for (const auto& k : f.facts.kernels) {
        if (k.kind != KernelKind::ExtensionBuild || k.name.empty()) continue;
        Ext e{std::string(last_part(k.name)), {}};
        const std::string base = dir_of(f.file.rel_path);
        for (std::string s : k.calls) {
          while (s.starts_with("./")) s.erase(0, 2);
          e.sources.insert(base.empty() ? s : base + "/" + s);
        }
        exts_.push_back(std::move(e));
      }
  }

  // The ops each extension module binds, and the modules / ops of each source file.
  void map_bindings() {
    for (const auto& f : files_) {
      const std::string& p = f.file.rel_path;
      for (const auto& e : exts_)
        if (e.sources.count(p)) file_modules_[p].insert(e.module);
      for (const auto& x : f.facts.facts) {
        if (x.kind != FactKind::Native || x.detail != "binding") continue;
        std::set<std::string> mods;
        if (!x.alias.empty() && x.alias != "TORCH_EXTENSION_NAME") mods.insert(x.alias);
        for (const auto& e : exts_)
          if (e.sources.count(p)) mods.insert(e.module);
        for (const auto& m : mods) {
          module_ops_[m].insert(x.name);
          file_modules_[p].insert(m);
        }
        file_ops_[p].insert(x.name);
      }
    }
  }

  // A reference site `mod.op` in Python file g, when mod is a known extension module.
  // `known`: what is known of the site's name (0 not asked, 1 no extension module, 2 one).
  void add_op_call(size_t g, const UseDigest& d, const UseDigest::Site& x, uint8_t& known) {
    if (known == 1) return;  // most reference sites: their name was asked about already
    const std::string_view name = d.str(x.name);
    const std::string_view mod = last_part(head_part(name));
    if (!known)
      known = mod.empty() || !maybe_module_.may_contain(mod) ||
                      (!module_ops_.count(mod) &&
                       !std::any_of(exts_.begin(), exts_.end(),
                                    [&](const Ext& e) { return e.module == mod; }))
                  ? 1
                  : 2;
    if (known == 1) return;
    op_calls_[{std::string(mod), std::string(last_part(name))}].push_back(
        {g, x.line, std::string(d.str(x.scope)), true});
  }

  // Kernel c's uses through extension ops: an extension build takes every call of its
  // module's ops; a CUDA kernel those of the ops its source file's modules bind, narrowed to
  // the ops of its direction (forward / backward) when its name says one.
  void link_extension_ops(size_t c) {
    const ScannedFile& f = files_[kernels_[c].file];
    const KernelFact* kf = nullptr;
    for (const auto& k : f.facts.kernels)
      if (k.name == kernels_[c].name) kf = &k;
    if (kf && kf->kind == KernelKind::ExtensionBuild) {
      for (const auto& [key, list] : op_calls_)
        if (key.first == last_part(kf->name))
          uses_[c].insert(uses_[c].end(), list.begin(), list.end());
      return;
    }
    if (!kf || kf->kind != KernelKind::Cuda) return;
    const std::string& p = f.file.rel_path;
    auto fm = file_modules_.find(p);
    if (fm == file_modules_.end()) return;
    const bool kfwd = has_word(kf->name, "fwd", "forward"),
               kbwd = has_word(kf->name, "bwd", "backward");
    for (const auto& mod : fm->second) {
      std::set<std::string> ops;
      if (file_ops_.count(p))
        ops = file_ops_[p];
      else if (module_ops_.count(mod))
        ops = module_ops_[mod];
      std::vector<std::string> narrowed;
      for (const auto& [key, list] : op_calls_) {
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
        for (const Use& u : op_calls_[{mod, o}]) uses_[c].push_back(u);
    }
  }

  // Each kernel's launch features, callers (capped), caller folders and (backward) use counts.
  std::vector<KernelLinks> summarise() const {
    std::set<std::string, std::less<>> wanted;
    for (const auto& list : uses_)
      for (const Use& u : list)
        if (!last_part(u.scope).empty()) wanted.emplace(last_part(u.scope));
    const CallerIndex callers = index_callers(files_, digests_, wanted);
    std::vector<KernelLinks> out(kernels_.size());
    for (size_t c = 0; c < kernels_.size(); ++c) {
      KernelLinks& l = out[c];
      const bool any_python =
          std::any_of(uses_[c].begin(), uses_[c].end(), [](const Use& u) { return u.python; });
      std::set<std::string> dirs;
      for (const Use& u : uses_[c]) {
        if (u.options)
          for (const Arg& a : *u.options)
            if (!a.keyword.empty()) add_feature_value(l.launch_features, a.keyword, a.value);
        l.callers.push_back(where(files_[u.file], u.line));
        if (u.python) dirs.insert(dir_of(files_[u.file].file.rel_path));
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

  const ScannedFiles& files_;
  std::vector<KernelRef> kernels_;
  std::unordered_map<std::string, std::vector<size_t>, StringViewHash, std::equal_to<>> by_name_;
  NameFilter maybe_kernel_;
  NameFilter maybe_module_;             // the extension modules' names (add_op_call)
  std::vector<std::vector<Use>> uses_;  // per kernel
  std::vector<UseDigest> scratch_;      // digests built here when not stored
  std::vector<const UseDigest*> digests_;
  std::optional<FileState> state_;  // the current file's (link_direct_uses, link_python_calls)
  std::vector<Ext> exts_;
  std::map<std::string, std::set<std::string>, std::less<>> module_ops_;  // module -> bound ops
  std::map<std::string, std::set<std::string>> file_modules_, file_ops_;  // path -> ...
  std::map<std::pair<std::string, std::string>, std::vector<Use>> op_calls_;
};

}  // namespace

std::vector<KernelLinks> link_kernels(const ScannedFiles& files) {
  return KernelLinker(files).run();
}

}  // namespace ascendify::assess
