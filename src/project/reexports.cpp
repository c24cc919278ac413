#include "project/reexports.hpp"

#include <algorithm>
#include <cctype>
#include <deque>
#include <iterator>
#include <string>
#include <unordered_map>

#include "core/read_file.hpp"
#include "core/string_hash.hpp"
#include "core/text.hpp"
#include "core/use_digest.hpp"

namespace ascendify::project {

namespace {

struct Bound {
  // What the module's name is bound to ("flash_attn.flash_attn_varlen_func").
  std::string qualified;
  bool guarded = false;
};

// A module's names that stand for a package's name (Resolver::module_reexports).
struct Reexports {
  std::string_view module;  // the module's dotted name (the key of its map entry)
  std::unordered_map<std::string_view, const Bound*> by_alias;
};

// The import-bound names of one module: alias -> qualified name, as the analyzer binds them
// (`import a.b` binds a; `import a.b as m` binds m to a.b; `from a import x as y`, y to a.x), and
// as the relative imports of module `dotted` do (`from .attention import f` in pkg/__init__.py
// binds f to pkg.attention.f, a project name the resolver follows further). The last import of
// an alias binds it. A table sorted by alias, of views: into the file's digest, which outlives
// the pass, or into the resolver's own strings (a relative import's name, a digest built for the
// call). Hash maps of copied strings were 3-4 MB on the speed corpus, held while the program
// model is built beside this pass (-j 2) where a scan's memory peaks.
struct Bindings {
  struct Entry {
    std::string_view alias, qualified;
    bool guarded = false;
  };
  std::vector<Entry> entries;
  bool built = false;

  const Entry* find(std::string_view alias) const {
    auto it = std::lower_bound(entries.begin(), entries.end(), alias,
                               [](const Entry& e, std::string_view a) { return e.alias < a; });
    return it != entries.end() && it->alias == alias ? &*it : nullptr;
  }
};

std::string_view parent_of(std::string_view dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : dotted.substr(0, dot);
}

// `keep(view)`: a view that outlives the digest when the digest is `scratch` (built for the call).
template <class Keep>
Bindings bindings_of(const ScannedFile& file, std::string_view dotted, Keep&& keep) {
  Bindings out;
  out.built = true;
  UseDigest scratch;
  const UseDigest& d = uses_of(file.facts, scratch);
  const bool own = &d == &scratch;
  auto lasting = [&](std::string_view v) { return own ? keep(std::string(v)) : v; };
  const std::string& path = file.file.rel_path;
  const bool init = path == "__init__.py" || path.ends_with("/__init__.py");
  for (const UseDigest::ImportSite& m : d.imports) {
    const std::string_view name = d.str(m.name), alias = d.str(m.alias);
    if (alias.empty() || name.empty() || name.ends_with("*")) continue;
    if (m.level > 0) {
      std::string_view package = init ? dotted : parent_of(dotted);
      for (int up = 1; up < m.level && !package.empty(); ++up) package = parent_of(package);
      if (package.empty()) continue;  // above the top of the package
      out.entries.push_back(
          {lasting(alias), keep(concat({package, ".", name})), static_cast<bool>(m.guarded)});
      continue;
    }
    const bool plain = d.str(m.detail).empty();
    const std::string_view bound = plain && alias == name.substr(0, name.find('.')) ? alias : name;
    out.entries.push_back({lasting(alias), lasting(bound), static_cast<bool>(m.guarded)});
  }
  // By alias, the last import of each kept: reversed, the last comes first in its run.
  std::reverse(out.entries.begin(), out.entries.end());
  std::stable_sort(
      out.entries.begin(), out.entries.end(),
      [](const Bindings::Entry& x, const Bindings::Entry& y) { return x.alias < y.alias; });
  out.entries.erase(std::unique(out.entries.begin(), out.entries.end(),
                                [](const Bindings::Entry& x, const Bindings::Entry& y) {
                                  return x.alias == y.alias;
                                }),
                    out.entries.end());
  out.entries.shrink_to_fit();
  return out;
}

bool is_code(FileKind k) {
  return k == FileKind::Python || k == FileKind::Notebook;
}

// End column (exclusive) of the dotted name starting at 1-based `col` of line `line`.
uint32_t name_end(const LineIndex& lines, uint32_t line, uint32_t col) {
  const std::string_view l = lines.line(line);
  size_t k = col > 0 ? col - 1 : 0;
  const size_t start = k;
  while (k < l.size() &&
         (std::isalnum(static_cast<unsigned char>(l[k])) || l[k] == '_' || l[k] == '.'))
    ++k;
  return col + static_cast<uint32_t>(k > start ? k - start : 0);
}

class Resolver {
 public:
  Resolver(const ScannedFiles& files, const assess::ImportGraph& graph)
      : files_(files), graph_(graph), bindings_(files.size()) {}

  // `name` with a re-exported prefix replaced by what the re-exporting module bound it to,
  // followed through up to four modules; empty when no prefix is a project module's import.
  const Bound* resolve(std::string_view name) {
    auto it = memo_.find(name);
    if (it != memo_.end()) return it->second.qualified.empty() ? nullptr : &it->second;
    Bound out;
    std::string current(name);
    for (int hop = 0; hop < 4; ++hop) {
      const Bound* step = one_hop(current);
      if (!step) break;
      out.guarded = out.guarded || step->guarded;
      out.qualified = step->qualified;
      current = out.qualified;
    }
    // Only a name that leaves the project can match a rule (and the own-package filter drops
    // the project's names anyway): a chain between the project's modules needs no file read.
    const std::string_view q = out.qualified;
    if (!q.empty() && module_of(q.substr(0, q.find('.'))) >= 0) out.qualified.clear();
    auto [at, fresh] = memo_.emplace(std::string(name), std::move(out));
    (void)fresh;
    return at->second.qualified.empty() ? nullptr : &at->second;
  }

  // The longest prefix of `name` that is a project module, then the alias after it.
  const Bound* one_hop(std::string_view name) {
    if (!graph_.may_be_project(name.substr(0, name.find('.')))) return nullptr;
    for (size_t dot = name.rfind('.'); dot != std::string_view::npos && dot > 0;
         dot = name.rfind('.', dot - 1)) {
      const int module = module_of(name.substr(0, dot));
      if (module < 0) continue;
      const size_t end = name.find('.', dot + 1);
      const std::string_view alias = name.substr(
          dot + 1, end == std::string_view::npos ? std::string_view::npos : end - dot - 1);
      const Bindings::Entry* hit = bindings(module, name.substr(0, dot)).find(alias);
      if (!hit) return nullptr;
      scratch_.qualified = hit->qualified;
      scratch_.guarded = hit->guarded;
      if (end != std::string_view::npos) scratch_.qualified += name.substr(end);
      return &scratch_;
    }
    return nullptr;
  }

  bool is_module(std::string_view dotted) { return module_of(dotted) >= 0; }

  // The names of project module `dotted` that stand for a package's name, by alias, with
  // what they resolve to; once per module.
  const Reexports& module_reexports(std::string_view dotted) {
    auto it = module_reexports_.find(dotted);
    if (it != module_reexports_.end()) return it->second;
    auto [at, fresh] = module_reexports_.emplace(std::string(dotted), Reexports{});
    (void)fresh;
    Reexports& r = at->second;
    r.module = at->first;
    const int module = module_of(dotted);
    if (module >= 0)
      for (const Bindings::Entry& e : bindings(module, dotted).entries)
        if (const Bound* b = resolve(concat({dotted, ".", e.alias})))
          r.by_alias.emplace(e.alias, b);  // a view of the digest or of owned_: stable
    return r;
  }

 private:
  // ImportGraph::resolve_module, memoised: names share their module prefixes.
  int module_of(std::string_view dotted) {
    auto it = modules_.find(dotted);
    if (it == modules_.end())
      it = modules_.emplace(std::string(dotted), graph_.resolve_module(dotted)).first;
    return it->second;
  }

  // `dotted`: the name the module was found under (its relative imports resolve against it).
  const Bindings& bindings(int module, std::string_view dotted) {
    Bindings& b = bindings_[static_cast<size_t>(module)];
    if (!b.built)
      b = bindings_of(
          files_[static_cast<size_t>(module)], dotted,
          [this](std::string s) -> std::string_view { return owned_.emplace_back(std::move(s)); });
    return b;
  }

  const ScannedFiles& files_;
  const assess::ImportGraph& graph_;
  std::vector<Bindings> bindings_;  // by file index, built when first asked for
  std::deque<std::string> owned_;   // strings the bindings view that no digest holds
  std::unordered_map<std::string, Bound, StringViewHash, std::equal_to<>> memo_;
  std::unordered_map<std::string, int, StringViewHash, std::equal_to<>> modules_;
  // Node-based maps: the views in Reexports and the Bound pointers stay valid as they grow.
  std::unordered_map<std::string, Reexports, StringViewHash, std::equal_to<>> module_reexports_;
  Bound scratch_;
};

}  // namespace

std::vector<Finding> reexported_findings(const ScannedFiles& files,
                                         const assess::ImportGraph& graph,
                                         const rules::RuleSet& rules, const match::DropHit* drop) {
  std::vector<Finding> out;
  Resolver resolver(files, graph);
  UseDigest scratch;
  for (const ScannedFile& f : files) {
    if (!is_code(f.file.kind)) continue;
    const UseDigest& d = uses_of(f.facts, scratch);
    // The names this file imports from project modules that stand for a package's name: from
    // `from genmo.lib.attn_imports import flash_varlen_attn` the name itself (`names`); from
    // `import genmo.lib.attn_imports as ai` every name of that module bound to a package's
    // (`modules`: the module and its names by alias). Views of the digest's or the resolver's
    // strings, which outlive the loop.
    std::vector<std::pair<std::string_view, const Bound*>> names;
    std::vector<std::pair<std::string_view, const Reexports*>> modules;
    for (const UseDigest::ImportSite& m : d.imports) {
      const std::string_view name = d.str(m.name), from = d.str(m.detail);
      if (m.level != 0 || name.empty() || name.ends_with("*") ||
          !graph.may_be_project(name.substr(0, name.find('.'))))
        continue;
      // `from pkg import mod` of a submodule is `import pkg.mod`: its names, below.
      if (!from.empty() && !resolver.is_module(name)) {
        if (const Bound* b = resolver.resolve(name)) names.emplace_back(name, b);
        continue;
      }
      const Reexports& r = resolver.module_reexports(name);
      if (!r.by_alias.empty()) modules.emplace_back(r.module, &r);
    }
    if (names.empty() && modules.empty()) continue;
    FileFacts uses;  // the re-exported uses of this file, as Reference facts
    // Per distinct name (the digest interns them): the re-exported prefix's binding and length.
    struct Hit {
      const Bound* bound = nullptr;
      size_t cut = 0;
      bool done = false;
    };
    std::vector<Hit> hits(d.count() + 1);
    // `n` is `p` or `p.<more>`.
    auto under = [](std::string_view n, std::string_view p) {
      return n.starts_with(p) && (n.size() == p.size() || n[p.size()] == '.');
    };
    for (const UseDigest::Site& s : d.sites) {
      if (s.kind != FactKind::Reference) continue;
      const std::string_view n = d.str(s.name);
      Hit& h = hits[s.name];
      if (!h.done) {
        h.done = true;
        // The longest re-exported prefix of the use (string compares; one hash per module).
        for (const auto& [p, b] : names)
          if (p.size() > h.cut && under(n, p)) h = Hit{b, p.size(), true};
        for (const auto& [module, r] : modules) {
          if (n.size() <= module.size() + 1 || !under(n, module)) continue;
          const std::string_view rest = n.substr(module.size() + 1);
          const std::string_view alias = rest.substr(0, rest.find('.'));
          auto hit = r->by_alias.find(alias);
          const size_t cut = module.size() + 1 + alias.size();
          if (hit != r->by_alias.end() && cut > h.cut) h = Hit{hit->second, cut, true};
        }
      }
      const Bound* b = h.bound;
      const size_t cut = h.cut;
      if (!b) continue;
      Fact& x = uses.facts.emplace_back();
      x.kind = FactKind::Reference;
      x.usage = s.usage;
      x.name = b->qualified + std::string(n.substr(cut));
      x.scope = std::string(d.str(s.scope));
      x.guarded = b->guarded;
      x.span.line = x.span.end_line = s.line;
      x.span.col = s.col;
    }
    if (uses.facts.empty()) continue;
    // Notebooks: positions are in the concatenated code, not the file (cell_lines maps them).
    if (f.file.kind == FileKind::Notebook) continue;
    // Most re-exported uses match no rule (torch.nn, numpy): match without the text first, and
    // read the file for its snippets only when something fires.
    uses.suppressions = f.facts.suppressions;
    if (match::match_file(rules, f.file, std::string_view(), uses, nullptr, drop).empty()) continue;
    std::string error;  // an unreadable file keeps its findings, without snippets
    const std::string text = read_file(f.file.abs_path(), error).value_or(std::string());
    const LineIndex lines(text);
    for (Fact& x : uses.facts) x.span.end_col = name_end(lines, x.span.line, x.span.col);
    std::vector<Finding> found = match::match_file(rules, f.file, text, uses, nullptr, drop);
    std::move(found.begin(), found.end(), std::back_inserter(out));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ascendify::project
