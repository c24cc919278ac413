#include "assess/attribution.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <unordered_map>

#include "assess/dependencies.hpp"
#include "assess/kernels.hpp"

namespace ascendify::assess {

namespace {

bool is_manifest(FileKind k) {
  return k == FileKind::Requirements || k == FileKind::Pyproject || k == FileKind::SetupCfg ||
         k == FileKind::CondaEnv || k == FileKind::SetupPy;
}

bool add_unique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) != v.end()) return false;
  v.push_back(s);
  return true;
}

// Each third-party import with where it stands: its line and the program-model unit holding it
// (an import inside a def nothing uses imports nothing on the default run).
struct Where {
  uint32_t line = 0;
  int unit = -1;
};

// The passes of attribute_phases, in order: the third-party imports of each file; the phases
// whose default run reaches each of them; the dependency rows' phases; each finding's phases
// (manifest findings by their dependency, code findings by the reach of their unit); the
// totals.
class PhaseAttributor {
 public:
  PhaseAttributor(const ScannedFiles& files, const ImportGraph& graph, const PhaseMap& pm,
                  const rules::RuleSet& rules, const ProgramModel* program)
      : files_(files),
        graph_(graph),
        pm_(pm),
        rules_(rules),
        program_(program),
        file_rules_(files.size()),
        file_tops_(files.size()),
        in_phase_(pm.phases.size(), 0) {
    for (size_t i = 0; i < files.size(); ++i) index_.emplace(files[i].file.rel_path, i);
  }

  void run(Assessment& a) {
    collect_imports();
    reach_imports();
    attribute_dependencies(a.dependencies);
    attribute_findings(a);
    summarise(a);
  }

 private:
  // The dependency rule (or the unknown top-level name) of each file's third-party imports,
  // found once per file and once per import name.
  void collect_imports() {
    std::unordered_map<std::string_view, const Rule*> rule_of_import;
    for (size_t i = 0; i < files_.size(); ++i) {
      const int fi = static_cast<int>(i);
      const ImportGraph::Externals external = graph_.external(fi);
      for (size_t e = 0; e < external.size(); ++e) {
        const std::string_view imp = external[e];
        Where where;
        if (program_ && program_->unit_of(fi, "") >= 0) {
          const UseDigest& d = program_->digest(fi);
          const UseDigest::ImportSite& m = d.imports[external.site(e)];
          where = {m.line, program_->unit_at(fi, d.str(m.scope), m.line)};
        }
        const std::string_view top = imp.substr(0, imp.find('.'));
        auto it = rule_of_import.find(top);
        if (it == rule_of_import.end())
          it = rule_of_import.emplace(top, rules_.dependency_by_import(top)).first;
        if (it->second) {
          file_rules_[i].emplace_back(it->second, where);
        } else {
          auto [t, fresh] = top_index_.try_emplace(top, phases_by_top_.size());
          if (fresh) phases_by_top_.emplace_back(pm_.phases.size(), false);
          file_tops_[i].emplace_back(t->second, where);
        }
      }
    }
  }

  // The reach of an import in phase p: unused (skip it), or required / optional.
  ProgramModel::Reach import_reach(size_t p, size_t i, const Where& w) const {
    const ProgramModel::Reach u = program_ ? program_->reach(p, w.unit) : ProgramModel::kRequired;
    if (u >= ProgramModel::kBackward) return ProgramModel::kUnused;
    const bool optional = pm_.reach[p][i] == ImportGraph::kAllOptional ||
                          u >= ProgramModel::kOptional ||
                          (w.line > 0 && graph_.flagged_at(static_cast<int>(i), w.line));
    return optional ? ProgramModel::kOptional : ProgramModel::kRequired;
  }

  // The phases whose reached files import each dependency rule / unknown name.
  void reach_imports() {
    for (size_t p = 0; p < pm_.phases.size(); ++p)
      for (size_t i = 0; i < files_.size(); ++i) {
        if (!pm_.reached[p][i]) continue;
        for (const auto& [r, w] : file_rules_[i]) {
          const ProgramModel::Reach reach = import_reach(p, i, w);
          if (reach == ProgramModel::kUnused) continue;
          phases_by_rule_[r->id].insert(p);
          if (reach == ProgramModel::kRequired) {
            required_rules_.insert(r->id);
            required_phases_by_rule_[r->id].insert(p);
          }
        }
        for (const auto& [t, w] : file_tops_[i])
          if (import_reach(p, i, w) != ProgramModel::kUnused) phases_by_top_[t][p] = true;
      }
  }

  // Dependency rows: the phases whose reached files import the dependency.
  void attribute_dependencies(std::vector<DependencyRow>& rows) {
    for (auto& d : rows) {
      d.phases.clear();
      d.optional_phases.clear();
      if (d.rule_id.empty()) {
        if (auto t = top_index_.find(own_import_name(d.name)); t != top_index_.end())
          for (size_t p = 0; p < pm_.phases.size(); ++p)
            if (phases_by_top_[t->second][p]) d.phases.push_back(pm_.phases[p].name);
        continue;
      }
      const Rule* r = rules_.find(d.rule_id);
      if (r != nullptr && r->match.import_names.empty()) {
        // Nothing imports it (pytorch-cuda, the CUDA toolkit, nvidia-* libraries): it is part
        // of the environment of every phase that reaches the manifest declaring it.
        auto m = index_.find(d.source.substr(0, d.source.rfind(':')));
        if (m != index_.end())
          for (size_t p = 0; p < pm_.phases.size(); ++p)
            if (pm_.reached[p][m->second]) d.phases.push_back(pm_.phases[p].name);
        continue;
      }
      auto it = phases_by_rule_.find(d.rule_id);
      if (it == phases_by_rule_.end()) {
        if (r != nullptr) d.status = DependencyStatus::NotInvolved;
        continue;
      }
      const std::set<size_t>& required = required_phases_by_rule_[d.rule_id];
      for (size_t p : it->second) {
        d.phases.push_back(pm_.phases[p].name);
        if (!required.count(p)) d.optional_phases.push_back(pm_.phases[p].name);
      }
      d.optional = !d.phases.empty() && !required_rules_.count(d.rule_id);
    }
  }

  PhaseNames interned(const PhaseNames::List& names) {
    if (names.empty()) return {};
    auto it = interned_.find(names);
    if (it == interned_.end())
      it = interned_.emplace(names, PhaseNames(std::make_shared<const PhaseNames::List>(names)))
               .first;
    return it->second;
  }

  void attribute_findings(Assessment& a) {
    std::unordered_map<std::string_view, std::vector<size_t>> kernels_in;  // path -> rows
    for (size_t k = 0; k < a.kernels.size(); ++k) kernels_in[a.kernels[k].path].push_back(k);
    static const std::vector<size_t> kNone;
    a.unreached_findings = 0;
    a.unused_findings = 0;
    a.backward_only_findings = 0;
    a.unused_definitions.clear();
    // Findings come sorted by path: look each path up once.
    const std::string* last_path = nullptr;
    auto last_index = index_.end();
    auto last_kernels = kernels_in.end();
    for (auto& f : a.findings) {
      f.phases = {};
      f.optional_in = 0;
      if (!last_path || *last_path != f.path) {
        last_path = &f.path.str();
        last_index = index_.find(f.path);
        last_kernels = kernels_in.find(f.path);
      }
      if (last_index == index_.end()) {  // a finding without a scanned file: in every phase
        names_.clear();
        for (size_t p = 0; p < pm_.phases.size(); ++p) {
          names_.push_back(pm_.phases[p].name);
          ++in_phase_[p];
        }
        f.phases = interned(names_);
        continue;
      }
      const size_t i = last_index->second;
      if (f.domain == Domain::Dependency && is_manifest(files_[i].file.kind)) {
        attribute_manifest_finding(f);
      } else {
        const int k = kernel_of(a.kernels,
                                last_kernels == kernels_in.end() ? kNone : last_kernels->second, f);
        if (!attribute_code_finding(a, f, i, k >= 0 ? &a.kernels[static_cast<size_t>(k)] : nullptr))
          continue;
      }
      // f.phases is in report order: both branches above add phases by increasing index.
      if (f.phases.empty()) {
        ++a.unreached_findings;
        unreached_.insert(f.path);
      }
    }
  }

  // The phases whose default run imports the dependency; when none does, the optional ones
  // (and the finding is optional).
  void attribute_manifest_finding(Finding& f) {
    auto it = phases_by_rule_.find(f.rule_id);
    auto req = required_phases_by_rule_.find(f.rule_id);
    const bool some_required = req != required_phases_by_rule_.end() && !req->second.empty();
    names_.clear();
    if (it != phases_by_rule_.end())
      for (size_t p : some_required ? req->second : it->second)
        if (add_unique(names_, pm_.phases[p].name)) ++in_phase_[p];
    f.phases = interned(names_);
    f.optional = !f.phases.empty() && !some_required;
  }

  // The phases that run the unit holding the finding (in file i, in `kernel` if one). False:
  // the finding is counted as unused or backward-only (not as unreached).
  bool attribute_code_finding(Assessment& a, Finding& f, size_t i, const KernelRow* kernel) {
    // A decorator line of a kernel (`@triton.jit` above `def k`) and its def line (annotations
    // such as `BLOCK: tl.constexpr`) belong to the kernel's def.
    const std::string_view scope = f.scope.empty() && kernel && kernel->line >= f.span.line
                                       ? std::string_view(kernel->name)
                                       : std::string_view(f.scope);
    const int unit = program_ ? program_->unit_at(static_cast<int>(i), scope, f.span.line) : -1;
    bool optional_path = true;  // every phase reaches it only through flagged code
    bool guarded_path = true;   // ... only through guarded calls
    bool file_reached = false;
    bool backward_skipped = false;  // a phase reaches it, but only a backward runs it
    // In the backward of an autograd.Function (`Fn.backward`): only a training step runs it.
    const bool in_backward = kernel && (kernel->backward_only ||
                                        (kernel->kind == KernelKind::AutogradFunction &&
                                         (f.scope == kernel->name + ".backward" ||
                                          f.scope.str().starts_with(kernel->name + ".backward."))));
    names_.clear();
    for (size_t p = 0; p < pm_.phases.size(); ++p) {
      if (!pm_.reached[p][i]) continue;
      if (in_backward && !pm_.phases[p].needs_backward) {
        backward_skipped = true;
        continue;
      }
      file_reached = true;
      const ProgramModel::Reach u = program_ ? program_->reach(p, unit) : ProgramModel::kRequired;
      if (u == ProgramModel::kBackward) backward_skipped = true;
      if (u >= ProgramModel::kBackward) continue;
      names_.push_back(pm_.phases[p].name);
      ++in_phase_[p];
      const uint8_t r = pm_.reach[p][i];
      const bool optional_here = r == ImportGraph::kAllOptional ||
                                 (r == ImportGraph::kFunctionsOptional && !f.scope.empty()) ||
                                 u == ProgramModel::kOptional;
      if (optional_here && p < 64) f.optional_in |= uint64_t{1} << p;
      optional_path = optional_path && optional_here;
      guarded_path = guarded_path && u == ProgramModel::kGuarded;
    }
    f.phases = interned(names_);
    // Reached only through calls under availability checks: the callers hold the fallback
    // (a wrapper of flash-attn that the dispatcher calls only when flash-attn imported).
    if (guarded_path && !f.phases.empty()) f.guarded = true;
    if (f.phases.empty() && file_reached && unit >= 0 && !backward_skipped) {
      ++unused_units_[unit];
      ++a.unused_findings;
      ++a.unreached_findings;
      return false;
    }
    if (f.phases.empty() && backward_skipped) {
      // Reached, but inside a kernel only a backward pass runs, and no phase trains.
      ++a.backward_only_findings;
      ++a.unreached_findings;
      backward_only_.insert(f.path);
      return false;
    }
    const bool flagged = graph_.flagged_at(static_cast<int>(i), f.span.line);
    f.optional = !f.phases.empty() && (optional_path || flagged);
    if (f.optional) f.optional_in = ~uint64_t{0};
    return true;
  }

  void summarise(Assessment& a) const {
    a.unreached_files.assign(unreached_.begin(), unreached_.end());
    a.backward_only_files.assign(backward_only_.begin(), backward_only_.end());
    for (const auto& [u, n] : unused_units_) {
      const ProgramModel::Unit& unit = program_->unit(u);
      a.unused_definitions.push_back({files_[static_cast<size_t>(unit.file)].file.rel_path,
                                      std::string(unit.name), unit.line, n, unit.is_class});
    }
    std::sort(a.unused_definitions.begin(), a.unused_definitions.end(),
              [](const auto& x, const auto& y) {
                return std::tie(x.path, x.line) < std::tie(y.path, y.line);
              });
    for (auto& p : a.phases) {
      p.findings = 0;
      for (size_t q = 0; q < pm_.phases.size(); ++q)
        if (pm_.phases[q].name == p.name) p.findings = in_phase_[q];
    }
  }

  const ScannedFiles& files_;
  const ImportGraph& graph_;
  const PhaseMap& pm_;
  const rules::RuleSet& rules_;
  const ProgramModel* program_;
  std::unordered_map<std::string, size_t> index_;  // rel_path -> file
  std::vector<std::vector<std::pair<const Rule*, Where>>> file_rules_;
  // Distributions the knowledge base does not know: by the top-level name they are imported
  // under (their own, as dependency_rows assumes).
  std::unordered_map<std::string_view, size_t> top_index_;  // views into the graph's names
  std::vector<std::vector<bool>> phases_by_top_;            // [top][phase]
  std::vector<std::vector<std::pair<size_t, Where>>> file_tops_;
  std::map<std::string, std::set<size_t>> phases_by_rule_;  // dependency rule id -> phases
  // Dependency rules some phase imports from a file whose module code is required (not an
  // optional feature's file): the others are optional (DependencyRow::optional).
  std::set<std::string> required_rules_;
  std::map<std::string, std::set<size_t>> required_phases_by_rule_;  // rule -> required phases
  std::vector<uint32_t> in_phase_;  // findings attributed to each phase
  // The phases of the finding at hand, then its shared list: one per distinct list.
  PhaseNames::List names_;
  std::map<PhaseNames::List, PhaseNames> interned_;
  std::set<std::string> unreached_, backward_only_;
  std::map<int, uint32_t> unused_units_;  // unit -> findings
};

}  // namespace

void attribute_phases(Assessment& a, const ScannedFiles& files, const ImportGraph& graph,
                      const PhaseMap& pm, const rules::RuleSet& rules,
                      const ProgramModel* program) {
  if (pm.phases.empty()) return;  // no entry point found: nothing is attributed or apart
  PhaseAttributor(files, graph, pm, rules, program).run(a);
}

}  // namespace ascendify::assess
