#include "assess/program_model.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <deque>
#include <memory>
#include <thread>

#include "core/group_by_key.hpp"
#include "core/helper_pool.hpp"
#include "core/string_pool.hpp"

namespace ascendify::assess {

namespace {

constexpr int kMaxReexportDepth = 6;  // `__init__` re-exporting a re-export ...

size_t def_slot(int file, std::string_view name) {
  return static_cast<size_t>(name_hash(name) ^ (static_cast<uint64_t>(file) * 0x9E3779B97F4A7C15u));
}

std::string_view first_part(std::string_view s) {
  return s.substr(0, s.find('.'));
}

bool pure(std::string_view decorator, const std::vector<std::string>& pure_decorators) {
  for (const std::string& p : pure_decorators)
    if (decorator == p || (decorator.starts_with(p) && decorator[p.size()] == '.')) return true;
  return false;
}

// A decorator of the def or class may register it.
bool registered(const UseDigest& d, const UseDigest::DefSite& def,
                const std::vector<std::string>& pure_decorators) {
  for (uint32_t k = 0; k < def.decorator_count; ++k)
    if (!pure(d.str(d.decorators[def.first_decorator + k]), pure_decorators)) return true;
  return false;
}

// "a/b/c.py" -> "a/b/"; up `levels - 1` folders more for a relative import of that level.
std::string relative_base(std::string_view path, int level) {
  std::string dir = dir_of(path);
  for (int l = 1; l < level; ++l) {
    if (dir.empty()) return {};
    dir.pop_back();
    dir = dir_of(dir);
  }
  return dir;
}

}  // namespace

// Memo tables of name resolution: each answer depends only on the name asked (and the file
// it is asked in, or its folder), so a thread keeps its own and they are dropped with it.
struct ProgramModel::ResolveCaches {
  // (file, name) of resolve_in's memo.
  struct FileName {
    int file;
    std::string_view name;
    bool operator==(const FileName&) const = default;
  };
  struct FileNameHash {
    size_t operator()(const FileName& k) const {
      return std::hash<std::string_view>{}(k.name) * 31 + static_cast<size_t>(k.file);
    }
  };
  // resolve_module() of the source roots, by dotted name.
  std::unordered_map<std::string, int, StringViewHash, std::equal_to<>> root_modules;
  // resolve_dotted(-1, name) by dotted name (-2: no root module; the file's own folder is
  // then asked each time).
  std::unordered_map<std::string, int, StringViewHash, std::equal_to<>> absolute;
  // resolve_relative() by the folder it starts from and the rest ("pkg/models/\nattn.f").
  std::unordered_map<std::string, int, StringViewHash, std::equal_to<>> relative;
  // resolve_in(file, name, 0) of names asked before (views into the digests): one table, not
  // one per file, so that a thread's tables grow with what it asks, not with the tree.
  std::unordered_map<FileName, int, FileNameHash> reexport;
  // resolve_uses' scratch: resolve() of the file's Reference names by id (-2: not asked), its
  // edges with their source units, and those grouped by unit.
  std::vector<int> refs;
  std::vector<std::pair<int, Edge>> edges;
  KeyGroups by_unit;
};

ProgramModel::ProgramModel(const ScannedFiles& files, const ImportGraph& graph,
                           const PhaseModel& model, unsigned threads)
    : files_(files),
      graph_(graph),
      module_unit_(files.size(), -1),
      main_unit_(files.size(), -1),
      def_begin_(files.size(), 0),
      unit_end_(files.size(), 0),
      digests_(files.size(), nullptr) {
  // The files' digests: their own on a slimmed scan, else built here.
  size_t most_units = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].file.kind != FileKind::Python) continue;
    if (files[i].facts.uses_digested) {
      digests_[i] = &files[i].facts.uses;
    } else {
      owned_.push_back(std::make_unique<UseDigest>(digest_uses(files[i].facts.facts)));
      digests_[i] = owned_.back().get();
    }
    most_units += 2 + digests_[i]->defs.size();
  }
  // The units' exact count (an upper bound: a redefinition is no new unit): no doubling growth
  // kept through the project stage, where a scan's memory peaks. The index at most half full.
  units_.reserve(most_units);
  unit_index_.assign(std::bit_ceil(std::max<size_t>(16, 2 * most_units)), 0);
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].file.kind != FileKind::Python) continue;
    const int fi = static_cast<int>(i);
    module_unit_[i] = static_cast<int>(units_.size());
    units_.push_back(Unit{fi, "", 0, false, false});
    if (!files[i].facts.main_blocks.empty()) {
      main_unit_[i] = static_cast<int>(units_.size());
      units_.push_back(
          Unit{fi, "__main__", files[i].facts.main_blocks.front().first, false, false});
    }
    const UseDigest& d = *digests_[i];
    def_begin_[i] = static_cast<uint32_t>(units_.size());
    for (const UseDigest::DefSite& def : d.defs) {
      const std::string_view name = d.str(def.name);
      if (def_named(fi, name) >= 0) continue;  // redefined: the first def stands for both
      units_.push_back(Unit{fi, name, def.line, static_cast<bool>(def.is_class),
                            registered(d, def, model.pure_decorators)});
      index_def(static_cast<int>(units_.size() - 1));
    }
    unit_end_[i] = static_cast<uint32_t>(units_.size());
    for (const KernelFact& k : files[i].facts.kernels)
      if (k.kind == KernelKind::AutogradFunction && k.scope.empty())
        autograd_.emplace_back(fi, k.name);
  }
  std::sort(autograd_.begin(), autograd_.end());
  edges_.resize(files.size());
  edge_begin_.assign(units_.size(), 0);
  // Names are interned per file: each distinct name is resolved once per file (and kept for
  // the wrapper pass: resolved_names()). Files in parallel, up to `threads`: each writes only
  // its own names and the edges of its own units, and keeps its own memo tables; the counts
  // are summed in the end. The model does not depend on the thread count.
  resolved_.resize(files.size());
  std::atomic<size_t> next{0};
  constexpr size_t kChunk = 32;
  auto work = [&] {
    ResolveCaches c;
    std::vector<int> launches;
    Stats stats;
    for (size_t b; (b = next.fetch_add(kChunk)) < files.size();)
      for (size_t i = b; i < std::min(files.size(), b + kChunk); ++i)
        if (digests_[i]) resolve_uses(i, c, launches, stats);
    return stats;
  };
  std::vector<Helper<Stats>> helpers;
  const unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  for (unsigned t = 1; t < n && t * kChunk < files.size(); ++t)
    helpers.push_back(start_helper(threads, work));
  const Stats mine = work();
  for (auto& h : helpers) {
    const Stats s = h.get();
    stats_.followed_uses += s.followed_uses;
    stats_.dynamic_lookups += s.dynamic_lookups;
    stats_.unfollowed_calls += s.unfollowed_calls;
  }
  stats_.followed_uses += mine.followed_uses;
  stats_.dynamic_lookups += mine.dynamic_lookups;
  stats_.unfollowed_calls += mine.unfollowed_calls;
}

void ProgramModel::resolve_uses(size_t i, ResolveCaches& c, std::vector<int>& launches,
                                Stats& stats) {
  const ImportGraph& graph = graph_;
  const int fi = static_cast<int>(i);
  const UseDigest& d = *digests_[i];
  std::vector<int>& refs = c.refs;
  refs.assign(d.count() + 1, -2);  // -2 not tried, -1 nothing
  launches.assign(d.count() + 1, -2);
  // Class headers by line: a base class is used by the class it derives.
  for (const UseDigest::Site& s : d.sites) {
    const bool launch = s.kind == FactKind::Native;
    if (s.kind == FactKind::MethodCall && s.usage == Usage::Call) ++stats.unfollowed_calls;
    if (s.kind != FactKind::Reference && !launch) continue;
    int& target = launch ? launches[s.name] : refs[s.name];
    if (target == -2) {
      const std::string_view n = d.str(s.name);
      if (n.ends_with(".__getattr__")) {
        std::string_view mod = n.substr(0, n.size() - 12);
        int t = -1;
        if (mod == "__local__") {
          t = fi;
        } else if (mod.starts_with("__relative__.")) {
          const int u = resolve_relative(fi, mod.substr(13), c);
          if (u >= 0 && is_module(u)) t = units_[static_cast<size_t>(u)].file;
        } else if (graph.may_be_project(first_part(mod))) {
          t = module_from(fi, mod, c);
        }
        target = t >= 0 ? -t - 3 : -1;  // "every unit of t", apart from -1 and -2
      } else {
        target = launch ? resolve_in(fi, n, 0, c) : resolve(fi, n, c);
      }
    }
    if (target == -1) continue;
    const std::string_view scope = d.str(s.scope);
    int from = unit_at(fi, scope, s.line);
    if (s.usage == Usage::ClassBase) {  // `class B(A):` — A is used where B is
      const auto [first, last] = defs_of(i);
      for (size_t u = first; u < last; ++u)
        if (units_[u].is_class && units_[u].line == s.line) from = static_cast<int>(u);
    }
    const int to = target <= -3 ? target + 2 : target;  // -(t + 1): "every unit of t"
    ++stats.followed_uses;
    if (to < 0) ++stats.dynamic_lookups;
    if (to == from) continue;
    const uint8_t kind = in_backward(fi, scope)         ? kBackward
                         : graph.flagged_at(fi, s.line) ? kOptional
                         : s.guarded                    ? kGuarded
                                                        : kRequired;
    c.edges.push_back({from, Edge{to, s.line, kind}});
  }
  // Unit after unit, each unit's edges in the order of its uses, at their exact size.
  const size_t first = static_cast<size_t>(module_unit(fi)), last = unit_end_[i];
  group_by_key(
      last - first, c.edges.size(),
      [&](size_t k) { return static_cast<size_t>(c.edges[k].first) - first; }, c.by_unit);
  for (size_t u = first; u < last; ++u) edge_begin_[u] = c.by_unit.starts[u - first];
  resolved_[i].reserve(
      static_cast<size_t>(std::count_if(refs.begin(), refs.end(), [](int r) { return r >= 0; })));
  for (uint32_t n = 0; n < refs.size(); ++n)
    if (refs[n] >= 0) resolved_[i].emplace_back(n, refs[n]);
  std::vector<Edge>& out = edges_[i];
  out.reserve(c.edges.size());
  for (uint32_t k : c.by_unit.order) out.push_back(c.edges[k].second);
  c.edges.clear();
}

int ProgramModel::def_named(int file, std::string_view name) const {
  const size_t mask = unit_index_.size() - 1;
  for (size_t slot = def_slot(file, name) & mask;; slot = (slot + 1) & mask) {
    const uint32_t id = unit_index_[slot];
    if (id == 0) return -1;
    const Unit& u = units_[id - 1];
    if (u.file == file && u.name == name) return static_cast<int>(id - 1);
  }
}

void ProgramModel::index_def(int unit) {
  const Unit& u = units_[static_cast<size_t>(unit)];
  const size_t mask = unit_index_.size() - 1;
  size_t slot = def_slot(u.file, u.name) & mask;
  while (unit_index_[slot] != 0) slot = (slot + 1) & mask;
  unit_index_[slot] = static_cast<uint32_t>(unit + 1);
}

bool ProgramModel::in_backward(int file, std::string_view scope) const {
  const size_t dot = scope.find('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view rest = scope.substr(dot + 1);
  return rest.substr(0, rest.find('.')) == "backward" &&
         std::binary_search(autograd_.begin(), autograd_.end(),
                            std::pair<int, std::string_view>(file, scope.substr(0, dot)));
}

int ProgramModel::unit_of(int file, std::string_view scope) const {
  if (file < 0 || module_unit_[static_cast<size_t>(file)] < 0) return -1;
  if (!scope.empty())
    if (const int u = def_named(file, first_part(scope)); u >= 0) return u;
  return module_unit(file);
}

int ProgramModel::root_module(std::string_view dotted, ResolveCaches& c) const {
  // The source roots answer the same for every file: asked once per name.
  auto it = c.root_modules.find(dotted);
  if (it == c.root_modules.end())
    it = c.root_modules.emplace(std::string(dotted), graph_.resolve_module(dotted)).first;
  return it->second;
}

int ProgramModel::module_from(int file, std::string_view dotted, ResolveCaches& c) const {
  const int t = root_module(dotted, c);
  return t >= 0 ? t : graph_.resolve_module_from(file, dotted);
}

int ProgramModel::unit_at(int file, std::string_view scope, uint32_t line) const {
  if (scope.empty() && file >= 0 && main_unit_[static_cast<size_t>(file)] >= 0)
    for (const auto& [first, last] : files_[static_cast<size_t>(file)].facts.main_blocks)
      if (line >= first && line <= last) return main_unit_[static_cast<size_t>(file)];
  return unit_of(file, scope);
}

int ProgramModel::resolve(int file, std::string_view name) const {
  ResolveCaches c;
  return resolve(file, name, c);
}

int ProgramModel::resolve(int file, std::string_view name, ResolveCaches& c) const {
  if (name.starts_with("__local__.")) {
    return def_named(file, first_part(name.substr(10)));
  }
  if (name.starts_with("__relative__.")) return resolve_relative(file, name.substr(13), c);
  if (name.find('.') == std::string_view::npos || !graph_.may_be_project(first_part(name)))
    return -1;
  return resolve_absolute(file, name, c);
}

int ProgramModel::resolve_absolute(int file, std::string_view dotted, ResolveCaches& c) const {
  // The longest prefix naming a project module; the next part is a def of it. Through the
  // source roots first (the same for every file: the answer is kept; -2 when no prefix is a
  // module there), then, only then, the file's own folder.
  auto it = c.absolute.find(dotted);
  if (it == c.absolute.end())
    it = c.absolute.emplace(std::string(dotted), resolve_dotted(-1, dotted, c)).first;
  if (it->second != -2) return it->second;
  if (!graph_.in_own_folder(file, first_part(dotted))) return -1;
  const int u = resolve_dotted(file, dotted, c);
  return u == -2 ? -1 : u;
}

int ProgramModel::resolve_dotted(int file, std::string_view dotted, ResolveCaches& c) const {
  for (size_t end = dotted.size(); end != std::string_view::npos && end > 0;
       end = end == 0 ? std::string_view::npos : dotted.rfind('.', end - 1)) {
    const std::string_view prefix = dotted.substr(0, end);
    const int t = file < 0 ? root_module(prefix, c) : graph_.resolve_module_from(file, prefix);
    if (t < 0) continue;
    if (end == dotted.size()) return module_unit(t);
    return resolve_in(t, first_part(dotted.substr(end + 1)), 0, c);
  }
  return -2;
}

int ProgramModel::resolve_relative(int file, std::string_view rest, ResolveCaches& c) const {
  // "LEVEL.a.b.NAME...": the module is the longest prefix of a.b.NAME that is a file.
  const size_t dot = rest.find('.');
  if (dot == std::string_view::npos) return -1;
  // The level is a few digits; anything else is a name the file itself wrote like a marker
  // (`import __relative__.x`), which names nothing.
  const std::string_view digits = rest.substr(0, dot);
  if (digits.empty() || digits.size() > 3 ||
      digits.find_first_not_of("0123456789") != std::string_view::npos)
    return -1;
  int level = 0;
  for (char digit : digits) level = level * 10 + (digit - '0');
  const std::string base = relative_base(files_[static_cast<size_t>(file)].file.rel_path, level);
  const std::string_view path = rest.substr(dot + 1);
  // The files of one package ask the same: kept by folder and name.
  std::string key = base;
  (key += '\n') += path;
  if (auto it = c.relative.find(key); it != c.relative.end()) return it->second;
  const int u = resolve_relative_in(base, path, c);
  c.relative.emplace(std::move(key), u);
  return u;
}

int ProgramModel::resolve_relative_in(const std::string& base, std::string_view path,
                                      ResolveCaches& c) const {
  for (size_t end = path.size(); end > 0;) {
    const int t = graph_.resolve_in(base, path.substr(0, end));
    if (t >= 0 && module_unit(t) >= 0) {
      if (end == path.size()) return module_unit(t);
      return resolve_in(t, first_part(path.substr(end + 1)), 0, c);
    }
    const size_t prev = path.rfind('.', end - 1);
    if (prev == std::string_view::npos) break;
    end = prev;
  }
  // `from . import NAME` in a package: NAME of the package's own `__init__` (asked from the
  // `__init__` itself, its import of NAME leads back to it and is skipped: no loop).
  const int init = graph_.resolve_in(base, {});
  return init >= 0 ? resolve_in(init, first_part(path), 0, c) : -1;
}

int ProgramModel::import_target(int file, const UseDigest::ImportSite& m, std::string_view* leaf,
                                ResolveCaches& c) const {
  const UseDigest& d = *digests_[static_cast<size_t>(file)];
  const std::string_view name = d.str(m.name), detail = d.str(m.detail);
  // `from M import x` (name "M.x", detail "M"): x of M; `import a.b as x`: the module a.b.
  *leaf = detail.empty() && m.level == 0 ? std::string_view() : name.substr(name.rfind('.') + 1);
  if (detail.empty() && m.level == 0) return module_from(file, name, c);
  if (m.level > 0) {
    const std::string base =
        relative_base(files_[static_cast<size_t>(file)].file.rel_path, m.level);
    if (detail.empty()) {  // `from . import x`: module x, or x of the package
      if (const int t = graph_.resolve_in(base, *leaf); t >= 0) {
        *leaf = {};
        return t;
      }
    }
    return graph_.resolve_in(base, detail);
  }
  return graph_.may_be_project(first_part(detail)) ? module_from(file, detail, c) : -1;
}

int ProgramModel::resolve_in(int file, std::string_view name, int depth, ResolveCaches& c) const {
  if (file < 0 || module_unit(file) < 0) return -1;
  if (const int u = def_named(file, name); u >= 0) return u;
  if (depth >= kMaxReexportDepth) return -1;
  // A package's re-exports are asked for again and again (every file naming pkg.X): the
  // answer of a full-depth search is kept.
  if (depth == 0)
    if (auto it = c.reexport.find({file, name}); it != c.reexport.end()) return it->second;
  const int found = search_imports(file, name, depth, c);
  if (depth == 0) c.reexport.emplace(ResolveCaches::FileName{file, name}, found);
  return found;
}

int ProgramModel::search_imports(int file, std::string_view name, int depth,
                                 ResolveCaches& c) const {
  // A name the module imports (a re-export, or the kernel a launch names).
  const UseDigest& d = *digests_[static_cast<size_t>(file)];
  for (const UseDigest::ImportSite& m : d.imports) {
    const std::string_view alias = d.str(m.alias), n = d.str(m.name);
    const bool star = n == "*" || n.ends_with(".*");
    if (alias != name && !star) continue;
    std::string_view leaf;
    const int t = import_target(file, m, &leaf, c);
    if (t < 0 || t == file) continue;
    if (star) {
      const int u = resolve_in(t, name, depth + 1, c);
      if (u >= 0) return u;
      continue;
    }
    return leaf.empty() ? module_unit(t) : resolve_in(t, leaf, depth + 1, c);
  }
  return -1;
}

void ProgramModel::compute_reach(const PhaseMap& pm) {
  reach_.assign(pm.phases.size(), {});
  for (size_t p = 0; p < pm.phases.size(); ++p) reach_[p] = reach_phase(pm, p, nullptr);
}

std::vector<uint8_t> ProgramModel::reach_with(const PhaseMap& pm, size_t phase,
                                              const LineOverride& lines) const {
  return reach_phase(pm, phase, &lines);
}

std::vector<uint8_t> ProgramModel::reach_phase(const PhaseMap& pm, size_t p,
                                               const LineOverride* ov) const {
  std::vector<uint8_t> level(units_.size(), kUnused);
  std::deque<int> queue;
  std::vector<uint8_t> all_of(files_.size(), kUnused);  // "every unit of file" applied at
  auto visit = [&](int u, uint8_t l) {
    uint8_t& cur = level[static_cast<size_t>(u)];
    if (l >= cur) return;
    cur = l;
    queue.push_back(u);
  };
  auto within = [](const std::vector<std::pair<uint32_t, uint32_t>>& ranges, uint32_t line) {
    return std::any_of(ranges.begin(), ranges.end(),
                       [&](const auto& r) { return line >= r.first && line <= r.second; });
  };
  // A reached file that is no entry and that no reached file imports was reached another
  // way (a config's `_target_` class path names it): any of its units may be what runs.
  std::vector<bool> imported(files_.size(), false);
  for (size_t i = 0; i < files_.size(); ++i)
    if (pm.reached[p][i] && module_unit_[i] >= 0)
      for (int t : graph_.edges(static_cast<int>(i))) imported[static_cast<size_t>(t)] = true;
  for (size_t i = 0; i < files_.size(); ++i) {
    if (module_unit_[i] < 0 || !pm.reached[p][i]) continue;
    if (ov && ov->from_entry && (*ov->from_entry)[i] == ImportGraph::kUnreached) continue;
    const uint8_t l = pm.reach[p][i] == ImportGraph::kAllOptional ? kOptional : kRequired;
    visit(module_unit_[i], l);
    const bool named_elsewhere =
        !imported[i] &&
        !std::binary_search(pm.entry_roots.begin(), pm.entry_roots.end(), static_cast<int>(i));
    const auto [first, last] = defs_of(i);
    for (size_t u = first; u < last; ++u)
      if (named_elsewhere || units_[u].registered) visit(static_cast<int>(u), l);
    // The `__main__` block runs when the file is the program: an entry, or a file no reached
    // file imports (a script a launcher starts).
    const bool program =
        !imported[i] ||
        std::binary_search(pm.entry_roots.begin(), pm.entry_roots.end(), static_cast<int>(i));
    if (main_unit_[i] >= 0 && program) visit(main_unit_[i], l);
  }
  // Each unit is queued again only when its level gets stronger: at most three times.
  while (!queue.empty()) {
    const int u = queue.front();
    queue.pop_front();
    const uint8_t l = level[static_cast<size_t>(u)];
    const size_t file = static_cast<size_t>(units_[static_cast<size_t>(u)].file);
    const std::vector<Edge>& out = edges_[file];
    const size_t end = static_cast<size_t>(u) + 1 < unit_end_[file]
                           ? edge_begin_[static_cast<size_t>(u) + 1]
                           : out.size();
    const bool overridden = ov && static_cast<int>(file) == ov->file;
    for (size_t e = edge_begin_[static_cast<size_t>(u)]; e < end; ++e) {
      const auto& [to, line, kind] = out[e];
      // A training phase runs backward passes: those uses are required there.
      uint8_t edge = kind == kBackward && pm.phases[p].needs_backward ? uint8_t{kRequired} : kind;
      if (overridden) {
        if (within(ov->off, line)) continue;  // a branch this task does not take
        if (within(ov->on, line) && edge == kOptional) edge = kRequired;
      }
      const uint8_t next = std::max(l, edge);
      if (to >= 0) {
        visit(to, next);
      } else {  // every unit of a file (a computed getattr / globals())
        const size_t f = static_cast<size_t>(-(to + 1));
        if (next >= all_of[f]) continue;
        all_of[f] = next;
        const auto [first, last] = defs_of(f);
        for (size_t v = first; v < last; ++v) visit(static_cast<int>(v), next);
      }
    }
  }
  return level;
}

}  // namespace ascendify::assess
