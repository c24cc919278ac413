#include "assess/import_graph.hpp"

#include <algorithm>
#include <deque>
#include <tuple>

#include "core/use_digest.hpp"

namespace ascendify::assess {

namespace {

bool is_python_code(FileKind k) {
  return k == FileKind::Python || k == FileKind::Notebook;
}
// Files whose imports make edges: Python code, and configs by their class paths.
bool has_imports(FileKind k) {
  return is_python_code(k) || k == FileKind::Config;
}

// dir + dotted with the dots as slashes, into `out` (a lookup key; reused, no allocation).
void join_dotted(std::string& out, std::string_view dir, std::string_view dotted) {
  out.assign(dir);
  const size_t at = out.size();
  out += dotted;
  std::replace(out.begin() + static_cast<std::ptrdiff_t>(at), out.end(), '.', '/');
}

// One lookup-key buffer per thread: resolving builds a candidate path per import.
std::string& scratch_key() {
  thread_local std::string key;
  return key;
}

template <typename Set>
void insert_once(Set& set, std::string_view key) {
  if (set.find(key) == set.end()) set.emplace(key);  // no node built for the many repeats
}

// "a/b/" -> "a/"; "" stays "" (and reports failure).
bool parent_dir(std::string& dir) {
  if (dir.empty()) return false;
  size_t cut = dir.find_last_of('/', dir.size() - 2);
  dir = cut == std::string::npos ? "" : dir.substr(0, cut + 1);
  return true;
}

std::string normalize_path(std::string_view p) {
  std::vector<std::string> parts;
  size_t i = 0;
  while (i <= p.size()) {
    size_t j = p.find('/', i);
    if (j == std::string_view::npos) j = p.size();
    std::string_view part = p.substr(i, j - i);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.emplace_back(part);
    }
    i = j + 1;
  }
  std::string out;
  for (const auto& s : parts) out += (out.empty() ? "" : "/") + s;
  return out;
}

// The import `name` binds names that are used, and only under flag tests: every Reference
// resolving to `name` or below it is flagged. No use at all (a re-export, a use the analyzer
// does not see) is not "only flagged".
bool uses_only_flagged(const ImportGraph& g, int file, const UseDigest& d, std::string_view name) {
  bool any = false;
  for (const UseDigest::Site& s : d.sites) {
    if (s.kind != FactKind::Reference) continue;
    const std::string_view n = d.str(s.name);
    if (!n.starts_with(name) || (n.size() > name.size() && n[name.size()] != '.')) continue;
    if (!g.flagged_at(file, s.line)) return false;
    any = true;
  }
  return any;
}

}  // namespace

std::string_view folder_of(std::string_view rel_path) {
  return rel_path.substr(0, rel_path.rfind('/') + 1);  // npos + 1: ""
}

std::string dir_of(std::string_view rel_path) {
  return std::string(folder_of(rel_path));
}

ImportGraph::ImportGraph(const ScannedFiles& files) {
  index_flag_lines(files);
  index_paths(files);
  add_imports(files);
}

void ImportGraph::index_flag_lines(const ScannedFiles& files) {
  // Argparse options off by default, and the options some launcher of the project passes
  // (`--i2v-mode` in scripts/run_sample.sh: that feature is how the project runs).
  std::unordered_set<std::string_view> off_options, passed;
  for (const auto& f : files) {
    for (const std::string& o : f.facts.flag_options) off_options.insert(o);
    for (const std::string& o : f.facts.passed_options) passed.insert(o);
  }
  flagged_start_.reserve(files.size() + 1);
  for (size_t i = 0; i < files.size(); ++i) {
    for (const auto& b : files[i].facts.flag_blocks)
      if (b.constant ||
          ((b.param || b.option || off_options.count(b.flag)) && !passed.count(b.flag)))
        flagged_lines_.emplace_back(b.first_line, b.last_line);
    flagged_start_.push_back(static_cast<uint32_t>(flagged_lines_.size()));
  }
  flagged_lines_.shrink_to_fit();
}

void ImportGraph::index_paths(const ScannedFiles& files) {
  dirs_.reserve(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    dirs_.push_back(folder_of(files[i].file.rel_path));
    if (files[i].file.kind == FileKind::Python) {
      const std::string& p = files[i].file.rel_path;
      by_path_.emplace(p, static_cast<int>(i));
      std::string_view stem(p);
      if (stem.ends_with(".py")) stem.remove_suffix(3);
      for (size_t at = 0; (at = stem.find('/', at)) != std::string_view::npos; ++at)
        insert_once(stems_, stem.substr(0, at));
      insert_once(stems_, stem);
      for (size_t b = 0; b <= stem.size();) {
        size_t e = stem.find('/', b);
        if (e == std::string_view::npos) e = stem.size();
        insert_once(components_, stem.substr(b, e - b));
        b = e + 1;
      }
    }
  }
  roots_ = {"", "src/"};
  for (size_t i = 0; i < files.size(); ++i) {
    const std::string& p = files[i].file.rel_path;
    if (files[i].file.kind != FileKind::Python ||
        !(p == "__init__.py" || p.ends_with("/__init__.py")))
      continue;
    std::string parent(dirs_[i]);
    if (!parent_dir(parent)) continue;
    if (by_path_.count(parent + "__init__.py")) continue;  // not a top-level package
    if (std::find(roots_.begin(), roots_.end(), parent) == roots_.end()) roots_.push_back(parent);
  }
}

void ImportGraph::add_imports(const ScannedFiles& files) {
  UseDigest scratch;  // digests built here when not stored (facts that were not slimmed)
  edge_start_.reserve(files.size() + 1);
  external_first_.reserve(files.size() + 1);
  std::vector<std::pair<int, uint8_t>> both;
  for (size_t i = 0; i < files.size(); ++i) {
    if (!has_imports(files[i].file.kind)) {
      edge_start_.push_back(static_cast<uint32_t>(edge_to_.size()));
      external_first_.push_back(static_cast<uint32_t>(external_site_.size()));
      continue;
    }
    const int fi = static_cast<int>(i);
    const UseDigest& d = uses_of(files[i].facts, scratch);
    std::vector<int>& out = adding_to_;
    std::vector<uint8_t>& kinds = adding_kinds_;
    out.clear();
    kinds.clear();
    for (const UseDigest::ImportSite& m : d.imports) {
      std::string_view name = d.str(m.name);
      if (name == "*") name = {};
      if (name.ends_with(".*")) name.remove_suffix(2);
      const size_t before = out.size();
      adding_ = flagged_at(fi, m.line) ? kFlaggedImport : kHard;
      if (m.level > 0) {
        add_relative(fi, m.level, d.str(m.detail), name);
      } else if (!name.empty() && !add_absolute(fi, name)) {
        external_text_ += name;
        external_start_.push_back(static_cast<uint32_t>(external_text_.size()));
        external_site_.push_back(static_cast<uint32_t>(&m - d.imports.data()));
      }
      // Uses can be flagged only in a file with flag blocks (most have none).
      if (out.size() > before && adding_ == kHard && m.level == 0 &&
          flagged_start_[i] != flagged_start_[i + 1] && uses_only_flagged(*this, fi, d, name))
        std::fill(kinds.begin() + static_cast<std::ptrdiff_t>(before), kinds.end(), kFlaggedUses);
    }
    // Sorted by target, one edge per target: the strongest of its imports.
    both.resize(out.size());
    for (size_t k = 0; k < out.size(); ++k) both[k] = {out[k], kinds[k]};
    std::sort(both.begin(), both.end());
    both.erase(std::unique(both.begin(), both.end(),
                           [](const auto& a, const auto& b) { return a.first == b.first; }),
               both.end());
    for (const auto& [to, kind] : both) {
      edge_to_.push_back(to);
      edge_kind_.push_back(kind);
    }
    edge_start_.push_back(static_cast<uint32_t>(edge_to_.size()));
    external_first_.push_back(static_cast<uint32_t>(external_site_.size()));
  }
  // Exact sizes: the graph is kept through the project stage, where a scan's memory peaks.
  edge_to_.shrink_to_fit();
  edge_kind_.shrink_to_fit();
  external_text_.shrink_to_fit();
  external_start_.shrink_to_fit();
  external_site_.shrink_to_fit();
  std::vector<int>().swap(adding_to_);
  std::vector<uint8_t>().swap(adding_kinds_);
}

int ImportGraph::find_path(std::string_view rel_path) const {
  auto it = by_path_.find(rel_path);
  return it == by_path_.end() ? -1 : it->second;
}

bool ImportGraph::may_exist(std::string_view dir, std::string_view dotted) const {
  std::string& key = scratch_key();
  join_dotted(key, dir, dotted);
  return stems_.count(std::string_view(key)) != 0;
}

int ImportGraph::resolve_in(std::string_view dir, std::string_view dotted) const {
  std::string& key = scratch_key();
  if (dotted.empty()) {
    key.assign(dir);
    key += "__init__.py";
    return find_path(key);
  }
  join_dotted(key, dir, dotted);
  if (!stems_.count(std::string_view(key))) return -1;
  const size_t base = key.size();
  key += ".py";
  if (int i = find_path(key); i >= 0) return i;
  key.resize(base);
  key += "/__init__.py";
  return find_path(key);
}

void ImportGraph::add_edge(int from, int to) {
  if (to < 0 || to == from) return;
  adding_to_.push_back(to);
  adding_kinds_.push_back(adding_);
}

// Longest resolvable prefix of `dotted` under the first source root that has one, plus the
// packages on the way; the importing file's own folder last (script semantics).
bool ImportGraph::add_absolute(int file, std::string_view dotted) {
  auto targets_in = [&](std::string_view dir, std::vector<int>& out) {
    if (!may_exist(dir, dotted.substr(0, dotted.find('.')))) return false;
    std::string_view prefix = dotted;
    bool found = false;
    while (!prefix.empty()) {
      int target = resolve_in(dir, prefix);
      if (target >= 0) {
        out.push_back(target);
        found = true;
      } else if (found) {
        break;  // packages above the module must exist to matter
      }
      size_t dot = prefix.rfind('.');
      prefix = dot == std::string_view::npos ? std::string_view() : prefix.substr(0, dot);
    }
    return found;
  };
  const std::string_view first = dotted.substr(0, dotted.find('.'));
  if (!components_.count(first)) return false;  // third party
  auto cached = root_targets_.find(dotted);
  if (cached == root_targets_.end()) {
    // The source roots holding `first` at all, in priority order, found once per first
    // component: a tree can have dozens of roots and most hold none of a name.
    auto roots = roots_with_.find(first);
    if (roots == roots_with_.end()) {
      std::vector<uint32_t> with;
      for (size_t r = 0; r < roots_.size(); ++r)
        if (may_exist(roots_[r], first)) with.push_back(static_cast<uint32_t>(r));
      roots = roots_with_.emplace(std::string(first), std::move(with)).first;
    }
    std::vector<int> found;
    for (uint32_t r : roots->second)
      if (targets_in(roots_[r], found)) break;
    cached = root_targets_.emplace(std::string(dotted), std::move(found)).first;
  }
  if (!cached->second.empty()) {
    for (int t : cached->second) add_edge(file, t);
    return true;
  }
  std::vector<int> local;
  if (!targets_in(dirs_[static_cast<size_t>(file)], local)) return false;
  for (int t : local) add_edge(file, t);
  return true;
}

bool ImportGraph::add_relative(int file, int level, std::string_view module,
                               std::string_view name) {
  std::string base(dirs_[static_cast<size_t>(file)]);
  for (int up = 1; up < level; ++up)
    if (!parent_dir(base)) return false;  // above the root
  add_edge(file, resolve_in(base, ""));
  // `from .m import x`: name "m.x" may be a submodule; module "m" is loaded either way.
  std::string_view rest = name;
  while (!rest.empty() && rest.front() == '.') rest.remove_prefix(1);
  std::string_view mod = module;
  while (!mod.empty() && mod.front() == '.') mod.remove_prefix(1);
  bool found = false;
  int sub = rest.empty() ? -1 : resolve_in(base, rest);
  if (sub >= 0) {
    add_edge(file, sub);
    found = true;
  }
  std::string_view prefix = mod;
  while (!prefix.empty()) {
    int target = resolve_in(base, prefix);
    if (target >= 0) {
      add_edge(file, target);
      found = true;
    }
    size_t dot = prefix.rfind('.');
    prefix = dot == std::string_view::npos ? std::string_view() : prefix.substr(0, dot);
  }
  return found;
}

int ImportGraph::resolve_module(std::string_view dotted) const {
  const std::string_view first = dotted.substr(0, dotted.find('.'));
  if (!components_.count(first)) return -1;
  // Only the roots holding the first component, when the imports already found them (most
  // names asked about were imported somewhere).
  if (auto with = roots_with_.find(first); with != roots_with_.end()) {
    for (uint32_t r : with->second) {
      int i = resolve_in(roots_[r], dotted);
      if (i >= 0) return i;
    }
    return -1;
  }
  for (const std::string& dir : roots_) {
    int i = resolve_in(dir, dotted);
    if (i >= 0) return i;
  }
  return -1;
}

int ImportGraph::resolve_module_from(int file, std::string_view dotted) const {
  const int i = resolve_module(dotted);
  if (i >= 0 || file < 0 || static_cast<size_t>(file) >= dirs_.size()) return i;
  return components_.count(dotted.substr(0, dotted.find('.')))
             ? resolve_in(dirs_[static_cast<size_t>(file)], dotted)
             : -1;
}

int ImportGraph::resolve_script(std::string_view call, int from) const {
  while (!call.empty() && call.front() == ' ') call.remove_prefix(1);
  if (call.starts_with("-m ")) {
    std::string_view mod = call.substr(3);
    while (!mod.empty() && mod.front() == ' ') mod.remove_prefix(1);
    return resolve_module(mod);
  }
  std::vector<std::string> bases = {""};
  if (from >= 0) bases.emplace_back(dirs_[static_cast<size_t>(from)]);
  for (const auto& b : bases) {
    int i = find_path(normalize_path(b + std::string(call)));
    if (i >= 0) return i;
  }
  // "${ROOT}/train.py", "/workspace/proj/train.py": match the longest root-relative suffix.
  std::string_view rest = call;
  while (true) {
    size_t slash = rest.find('/');
    if (slash == std::string_view::npos) break;
    rest = rest.substr(slash + 1);
    int i = find_path(normalize_path(rest));
    if (i >= 0) return i;
  }
  return -1;
}

bool ImportGraph::flagged_at(int file, uint32_t line) const {
  for (uint32_t k = flagged_start_[static_cast<size_t>(file)];
       k < flagged_start_[static_cast<size_t>(file) + 1]; ++k)
    if (line >= flagged_lines_[k].first && line <= flagged_lines_[k].second) return true;
  return false;
}

std::vector<uint8_t> ImportGraph::reach(const std::vector<int>& roots) const {
  std::vector<uint8_t> level(dirs_.size(), kUnreached);
  std::deque<int> queue;
  for (int r : roots)
    if (r >= 0 && static_cast<size_t>(r) < level.size() && level[static_cast<size_t>(r)] != 0) {
      level[static_cast<size_t>(r)] = kRequired;
      queue.push_back(r);
    }
  // A file is queued again only when its level gets stronger: at most three times.
  while (!queue.empty()) {
    const size_t f = static_cast<size_t>(queue.front());
    queue.pop_front();
    const std::span<const int> to = edges(static_cast<int>(f));
    const std::span<const uint8_t> kinds = edge_kinds(static_cast<int>(f));
    for (size_t k = 0; k < to.size(); ++k) {
      const uint8_t l = std::max(level[f], kinds[k]);  // the enum orders match
      uint8_t& t = level[static_cast<size_t>(to[k])];
      if (l < t) {
        t = l;
        queue.push_back(to[k]);
      }
    }
  }
  return level;
}

}  // namespace ascendify::assess
