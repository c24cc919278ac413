#pragma once
// The program model: the project's module-level definitions (functions and classes, the
// *units*) and the names each unit's code uses, resolved to units through imports, aliases,
// re-exports (a package `__init__` importing a name), relative imports, `Cls.method`, decorators,
// kernel launches (`kernel[grid](...)`) and values (`partial(f)`, `{"a": Cls}`); then, for each
// phase, which units the default run reaches from the module code of the files it runs.
// A unit is *unused* when nothing reached names it; *optional* when only code under a flag or
// a branch module constants rule out names it (FileFacts::FlagBlock). A name that cannot be
// resolved (a method of an unknown receiver) reaches nothing; a computed `getattr(module, x)`
// or `globals()` makes every unit of that module used (never a silent guess), and a def
// decorated by anything but a pure decorator (PhaseModel::pure_decorators) is used whenever
// its file is. Built on the per-file digests (no second parse); linear in names and edges.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "assess/import_graph.hpp"
#include "assess/model.hpp"
#include "assess/phases.hpp"
#include "core/scanned_file.hpp"
#include "core/string_hash.hpp"
#include "core/use_digest.hpp"

namespace ascendify::assess {

class ProgramModel {
 public:
  // kGuarded: reached only through calls under an availability check (the callers hold the
  // fallback); kOptional: only through code under a flag that is off by default; kBackward:
  // only through the backward of an autograd.Function, in a phase that does not train. A path
  // is as weak as its weakest edge.
  enum Reach : uint8_t { kRequired = 0, kGuarded = 1, kOptional = 2, kBackward = 3, kUnused = 4 };
  struct Unit {
    int file = -1;
    // "" for a file's module code; a view of the file's digest (or a literal), which lives as
    // long as the files the model reads
    std::string_view name;
    uint32_t line = 0;
    bool is_class = false;
    bool registered = false;  // decorated by a decorator that may register it
  };

  // `threads`: the -j budget for resolving the files' names (0 = every core); the model does
  // not depend on it.
  ProgramModel(const ScannedFiles& files, const ImportGraph& graph, const PhaseModel& model,
               unsigned threads = 0);
  // Reach of every unit in each phase of `pm`, from the module code of the files it reaches.
  void compute_reach(const PhaseMap& pm);
  // Lines of one file whose uses a task sub-phase drops (`off`: branches its value does not
  // take) or makes required (`on`: the branch it takes, optional by the option's default).
  struct LineOverride {
    int file = -1;
    std::vector<std::pair<uint32_t, uint32_t>> off, on;
    // Per file, ImportGraph::Reach from the dispatching entry alone (the phase's other entries
    // run other programs); null: every file the phase reaches.
    const std::vector<uint8_t>* from_entry = nullptr;
  };
  // The reach (Reach per unit) of phase `phase` with those lines overridden (assess/tasks.hpp).
  std::vector<uint8_t> reach_with(const PhaseMap& pm, size_t phase,
                                  const LineOverride& lines) const;

  // The unit a scope of file `file` lies in ("Cls.method" -> Cls), or the file's module code.
  int unit_of(int file, std::string_view scope) const;
  // The same for a site at `line`: module-level code inside `if __name__ == "__main__":` is
  // the file's `__main__` unit, which runs only when the file is the program.
  int unit_at(int file, std::string_view scope, uint32_t line) const;
  // The unit a name used in file `file` denotes ("__local__.f", "__relative__.1.attn.f",
  // "pkg.mod.Cls.method", a bare kernel name), or -1.
  int resolve(int file, std::string_view name) const;
  Reach reach(size_t phase, int unit) const {
    return unit < 0 ? kRequired : static_cast<Reach>(reach_[phase][static_cast<size_t>(unit)]);
  }
  const Unit& unit(int u) const { return units_[static_cast<size_t>(u)]; }
  size_t size() const { return units_.size(); }
  bool is_module(int u) const { return units_[static_cast<size_t>(u)].name.empty(); }
  const UseDigest& digest(int file) const { return *digests_[static_cast<size_t>(file)]; }
  // What the model followed and what it could not: uses of project units it resolved (calls,
  // values, bases, launches), computed getattr / globals() lookups among them, and method
  // calls on objects (`self.attn(x)`, `model.generate()`), which it does not follow.
  struct Stats {
    uint64_t followed_uses = 0, dynamic_lookups = 0, unfollowed_calls = 0;
  };
  const Stats& stats() const { return stats_; }
  // What the Reference named by string `name` of file `file`'s digest resolves to (as resolve();
  // a name no Reference site uses, or "every unit of a file" (getattr): -1).
  int resolved_name(int file, uint32_t name) const {
    const auto& found = resolved_[static_cast<size_t>(file)];
    auto it = std::lower_bound(found.begin(), found.end(), std::pair<uint32_t, int>(name, -1));
    return it != found.end() && it->first == name ? it->second : -1;
  }

 private:
  std::vector<uint8_t> reach_phase(const PhaseMap& pm, size_t p, const LineOverride* ov) const;
  // Name resolution, with the memo tables of the calling thread (defined in the .cpp).
  struct ResolveCaches;
  // Resolves the uses of file `i` (resolved_[i], the edges of its units, `stats`).
  void resolve_uses(size_t i, ResolveCaches& c, std::vector<int>& launches, Stats& stats);
  int resolve(int file, std::string_view name, ResolveCaches& c) const;
  int resolve_in(int file, std::string_view name, int depth, ResolveCaches& c) const;
  // resolve_in's search
  int search_imports(int file, std::string_view name, int depth, ResolveCaches& c) const;
  // "1.attn.flash_attention"
  int resolve_relative(int file, std::string_view rest, ResolveCaches& c) const;
  int resolve_relative_in(const std::string& base, std::string_view path, ResolveCaches& c) const;
  int resolve_absolute(int file, std::string_view dotted, ResolveCaches& c) const;
  // The unit `dotted` names through the source roots (file -1) or file's folder; -2: no prefix
  // of it is a module there.
  int resolve_dotted(int file, std::string_view dotted, ResolveCaches& c) const;
  int import_target(int file, const UseDigest::ImportSite& m, std::string_view* leaf,
                    ResolveCaches& c) const;
  // ImportGraph::resolve_module_from
  int module_from(int file, std::string_view dotted, ResolveCaches& c) const;
  int root_module(std::string_view dotted, ResolveCaches& c) const;  // ImportGraph::resolve_module
  int module_unit(int file) const { return module_unit_[static_cast<size_t>(file)]; }
  // `scope` is in the backward of one of the file's autograd.Function classes.
  bool in_backward(int file, std::string_view scope) const;

  // The def units of file `file` (its module-level defs and classes, after its module and
  // `__main__` units): units_[first, last).
  std::pair<size_t, size_t> defs_of(size_t file) const {
    return {def_begin_[file], unit_end_[file]};
  }
  // The def unit of file `file` named `name`, or -1 (defs_of, by name through unit_index_).
  int def_named(int file, std::string_view name) const;
  void index_def(int unit);

  const ScannedFiles& files_;
  const ImportGraph& graph_;
  std::vector<Unit> units_;
  std::vector<int> module_unit_;  // per file: its module-code unit (-1 for non-Python files)
  std::vector<int> main_unit_;    // per file: its `__main__` block unit, or -1
  // Per file: its first def unit, and the end of its units (a file's units are contiguous).
  std::vector<uint32_t> def_begin_, unit_end_;
  // The def units by (file, name): open addressing, unit + 1 (0 = free), at most half full.
  // One table of 4-byte slots instead of a hash map per file (8,756 maps and 21,600 nodes on
  // the speed corpus: 2.3 MB at the scan's peak).
  std::vector<uint32_t> unit_index_;
  // The module-level autograd.Function classes, (file, name), sorted.
  std::vector<std::pair<int, std::string_view>> autograd_;
  std::vector<const UseDigest*> digests_;
  std::vector<std::unique_ptr<UseDigest>> owned_;  // digests built here (facts not slimmed)
  // Edges: unit -> unit, with the weakest Reach the edge allows (kRequired, kGuarded,
  // kOptional, or kBackward for a use in an autograd.Function's backward) and the use's line;
  // a negative target -(file + 1) means "every unit of file". Per file, the edges of its units
  // unit after unit, in the order of their uses; unit u's start at edge_begin_[u] in its file's
  // list (one list per file, not two per unit: 2.6 MB less at the peak).
  struct Edge {
    int to = 0;
    uint32_t line = 0;
    uint8_t kind = kRequired;
  };
  std::vector<std::vector<Edge>> edges_;     // [file]
  std::vector<uint32_t> edge_begin_;         // [unit]
  std::vector<std::vector<uint8_t>> reach_;  // [phase][unit]
  Stats stats_;
  // [file]: (name id, unit) of the Reference names that resolve to a unit, by name id (most
  // names are third party's: a table of every name of every file was 1.4 MB at the peak).
  std::vector<std::vector<std::pair<uint32_t, int>>> resolved_;
};

}  // namespace ascendify::assess
