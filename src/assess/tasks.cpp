#include "assess/tasks.hpp"

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <set>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "assess/effort.hpp"
#include "core/helper_pool.hpp"
#include "core/text.hpp"

namespace ascendify::assess {

namespace {

using Lines = std::vector<std::pair<uint32_t, uint32_t>>;

bool within(const Lines& ranges, uint32_t line) {
  return std::any_of(ranges.begin(), ranges.end(),
                     [&](const auto& r) { return line >= r.first && line <= r.second; });
}

bool takes(const FileFacts::TaskBranch& b, std::string_view value) {
  return std::any_of(b.atoms.begin(), b.atoms.end(), [&](const auto& atom) {
    return atom.first == '=' ? value == atom.second
                             : value.find(atom.second) != std::string_view::npos;
  });
}

// The choices of `c`: literal, or the module-level list its source names in another file
// ("wan.configs.WAN_CONFIGS": the module wan.configs, its list WAN_CONFIGS).
std::vector<std::string> choices_of(const FileFacts::OptionChoices& c, int file,
                                    const ScannedFiles& files, const ImportGraph& graph) {
  if (!c.values.empty() || c.source.empty()) return c.values;
  const size_t dot = c.source.rfind('.');
  if (dot == std::string::npos) return {};
  const std::string_view module = std::string_view(c.source).substr(0, dot);
  const std::string_view name = std::string_view(c.source).substr(dot + 1);
  int m = graph.resolve_module(module);
  if (m < 0) m = graph.resolve_module_from(file, module);
  if (m < 0) return {};
  for (const auto& [list, keys] : files[static_cast<size_t>(m)].facts.module_string_lists)
    if (list == name) return keys;
  return {};
}

// The branches of the chains on `dest` that `value` takes (on) and does not take (off).
ProgramModel::LineOverride override_for(int file, const FileFacts& ff, std::string_view dest,
                                        std::string_view value) {
  ProgramModel::LineOverride ov;
  ov.file = file;
  std::vector<uint32_t> chains;
  for (const auto& b : ff.task_branches)
    if (b.dest == dest && std::find(chains.begin(), chains.end(), b.chain) == chains.end())
      chains.push_back(b.chain);
  for (uint32_t chain : chains) {
    const FileFacts::TaskBranch* taken = nullptr;
    for (const auto& b : ff.task_branches)
      if (b.chain == chain && b.dest == dest && !taken && (b.is_else || takes(b, value)))
        taken = &b;
    for (const auto& b : ff.task_branches)
      if (b.chain == chain && b.dest == dest)
        (&b == taken ? ov.on : ov.off).emplace_back(b.first_line, b.last_line);
  }
  return ov;
}

}  // namespace

namespace {

// A finding of a phase with its file and unit, computed once per phase with a dispatcher.
struct Site {
  const Finding* f;
  int file, unit;
};

// One task sub-phase to find: a value of a dispatching option of one entry of phase `p`.
// `copy_of` >= 0: its branches are those of an earlier item (the same code runs): that item's
// task with this value. Else the task is computed from the lines it overrides.
struct TaskItem {
  size_t p = 0;
  const std::string* entry = nullptr;
  int e = -1;
  const FileFacts::OptionChoices* option = nullptr;
  std::string value;
  long copy_of = -1;
  ProgramModel::LineOverride ov;
  std::shared_ptr<const std::vector<uint8_t>> from_entry;  // ImportGraph::reach({e})
  const std::vector<Site>* sites = nullptr;
};

// The task of `item` (copy_of < 0): what the entry runs with the option at that value.
TaskPhase compute_task(const TaskItem& item, const Assessment& a, const ScannedFiles& files,
                       const PhaseMap& pm, const ProgramModel& program, const EffortModel& m,
                       const std::function<int(const std::string&)>& file_of) {
  const size_t p = item.p;
  const PhaseSummary& phase = a.phases[p];
  const uint64_t bit = p < 64 ? uint64_t{1} << p : 0;
  const int e = item.e;
  const ProgramModel::LineOverride& ov = item.ov;
  const std::vector<uint8_t>& from_entry = *item.from_entry;
  const std::vector<uint8_t> level = program.reach_with(pm, p, ov);
  auto runs = [&](int unit) {
    return unit < 0 || level[static_cast<size_t>(unit)] <= ProgramModel::kGuarded;
  };
  TaskPhase t;
  t.phase = phase.name;
  t.entry = *item.entry;
  t.option = item.option->dest;
  t.value = item.value;
  t.is_default = item.value == item.option->default_value;
  std::set<int> used_files = {e};
  for (size_t u = 0; u < program.size(); ++u)
    if (!program.is_module(static_cast<int>(u)) && runs(static_cast<int>(u)))
      used_files.insert(program.unit(static_cast<int>(u)).file);
  std::set<std::string_view> rules;  // views of the findings' rule ids
  EffortScope scope;
  scope.phases = {phase.name};
  for (const Site& site : *item.sites) {
    const Finding& f = *site.f;
    // A Python file the entry does not reach holds no unit the task runs; a non-Python
    // file of the phase (manifest, Dockerfile: no unit) belongs to every task.
    if (site.file == e && within(ov.off, f.span.line)) continue;
    if (!runs(site.unit)) continue;
    // Optional in the phase although its code runs in the phase's default task: a
    // flag of its own (`if args.use_fp8:`), not the task, leaves it off.
    const bool task_made_optional =
        (site.file == e && within(ov.on, f.span.line)) ||
        (site.unit >= 0 && program.reach(p, site.unit) > ProgramModel::kGuarded);
    if ((f.optional_in & bit) && !task_made_optional) continue;
    scope.findings.push_back(&f);
    ++t.findings;
    if (f.severity != Severity::Info) rules.insert(f.rule_id);
  }
  for (const KernelRow& k : a.kernels) {
    if (!in_list(k.phases, phase.name)) continue;
    const int fi = file_of(k.path);
    if (fi < 0 || from_entry[static_cast<size_t>(fi)] == ImportGraph::kUnreached ||
        !runs(program.unit_at(fi, k.name, k.line)))
      continue;
    scope.kernels.push_back(&k);
    scope.kernel_needs_backward.push_back(phase.needs_backward);
    t.kernels.push_back(k.path + ":" + std::to_string(k.line) + " " + k.name);
  }
  t.effort = to_weeks(estimate(scope, m).total(), m);
  // By path, without a second copy of each (a task can run most of a big tree's files).
  std::vector<std::string_view> paths;
  paths.reserve(used_files.size());
  for (int f : used_files) paths.emplace_back(files[static_cast<size_t>(f)].file.rel_path);
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  t.files = SharedNames::List(paths.begin(), paths.end());
  t.rule_ids.assign(rules.begin(), rules.end());
  return t;
}

}  // namespace

void find_tasks(Assessment& a, const ScannedFiles& files, const ImportGraph& graph,
                const PhaseMap& pm, const ProgramModel& program,
                const std::vector<std::string>& task_options, const EffortModel& m,
                unsigned threads) {
  a.tasks.clear();
  std::unordered_map<std::string_view, int> index;
  for (size_t i = 0; i < files.size(); ++i)
    index.emplace(files[i].file.rel_path, static_cast<int>(i));
  const std::function<int(const std::string&)> file_of = [&](const std::string& path) {
    auto it = index.find(path);
    return it == index.end() ? -1 : it->second;
  };
  // First the sub-phases to find, in report order (cheap); then the tasks of those whose
  // branches are new, each a reach of the program and a pass over the phase's findings, on
  // up to `threads` threads; then the report's list, in the same order.
  std::vector<TaskItem> items;
  std::vector<std::unique_ptr<std::vector<Site>>> phase_sites;
  for (size_t p = 0; p < pm.phases.size() && p < a.phases.size(); ++p) {
    const PhaseSummary& phase = a.phases[p];
    std::vector<Site>* sites = nullptr;
    for (const std::string& entry : phase.entry_points) {
      const int e = file_of(entry);
      if (e < 0) continue;
      const FileFacts& ff = files[static_cast<size_t>(e)].facts;
      if (ff.task_branches.empty()) continue;
      for (const auto& option : ff.option_choices) {
        if (!in_list(task_options, option.dest)) continue;
        std::vector<std::string> values = choices_of(option, e, files, graph);
        if (values.size() < 2) continue;
        if (std::none_of(ff.task_branches.begin(), ff.task_branches.end(),
                         [&](const auto& b) { return b.dest == option.dest; }))
          continue;
        if (!sites) {
          sites = phase_sites.emplace_back(std::make_unique<std::vector<Site>>()).get();
          for (const Finding& f : a.findings) {
            if (!in_list(f.phases, phase.name)) continue;
            const int fi = file_of(f.path);
            sites->push_back({&f, fi, fi < 0 ? -1 : program.unit_at(fi, f.scope, f.span.line)});
          }
        }
        // The task runs what this entry reaches, not what the phase's other entries do.
        const auto from_entry = std::make_shared<const std::vector<uint8_t>>(graph.reach({e}));
        // Values that take the same branches run the same code: computed once.
        std::vector<std::pair<std::string, size_t>> done;  // branch selection -> item index
        for (std::string& value : values) {
          TaskItem item;
          item.p = p;
          item.entry = &entry;
          item.e = e;
          item.option = &option;
          item.ov = override_for(e, ff, option.dest, value);
          item.ov.from_entry = from_entry.get();
          item.from_entry = from_entry;
          item.sites = sites;
          item.value = std::move(value);
          std::string key;
          for (const auto& r : item.ov.on) key += std::to_string(r.first) + ",";
          auto same =
              std::find_if(done.begin(), done.end(), [&](const auto& d) { return d.first == key; });
          if (same != done.end())
            item.copy_of = static_cast<long>(same->second);
          else
            done.emplace_back(key, items.size());
          items.push_back(std::move(item));
        }
      }
    }
  }
  std::vector<TaskPhase> computed(items.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < items.size();)
      if (items[i].copy_of < 0)
        computed[i] = compute_task(items[i], a, files, pm, program, m, file_of);
  };
  {
    std::vector<Helper<void>> helpers;
    const unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    for (unsigned t = 1; t < n && t < items.size(); ++t)
      helpers.push_back(start_helper(threads, work));
    work();
    for (auto& h : helpers) h.get();
  }
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].copy_of < 0) {
      // Tasks of other phases or entries often run the same files: one list for them all.
      TaskPhase& t = computed[i];
      for (const TaskPhase& before : a.tasks)
        if (before.files == t.files) {
          t.files = before.files;
          break;
        }
      a.tasks.push_back(std::move(t));
      continue;
    }
    TaskPhase t = a.tasks[static_cast<size_t>(items[i].copy_of)];
    t.value = items[i].value;
    t.is_default = items[i].value == items[i].option->default_value;
    a.tasks.push_back(std::move(t));
  }
}

void split_minimal_set(Assessment& a, const EffortModel& m) {
  if (a.migration_sets.empty() || a.migration_sets.front().phase != a.target_phase) return;
  const TaskPhase* first = nullptr;
  for (const TaskPhase& t : a.tasks)
    if (t.phase == a.target_phase && t.is_default) first = &t;
  const PhaseSummary* phase = nullptr;
  for (const PhaseSummary& p : a.phases)
    if (p.name == a.target_phase) phase = &p;
  if (!first || !phase) return;
  // The rest of the phase: its other tasks (optional by the option's default, so outside the
  // phase's own set) and what the default task does not run.
  MigrationSet& rest = a.migration_sets.front();
  MigrationSet task;
  task.phase = first->phase + ":" + first->value;
  task.rule_ids = first->rule_ids;
  task.kernels = first->kernels;
  task.dependencies = rest.dependencies;  // the phase's installs come with its first task
  task.findings = first->findings;
  task.effort = first->effort;
  std::set<std::string> rule_ids(rest.rule_ids.begin(), rest.rule_ids.end());
  std::set<std::string> kernels(rest.kernels.begin(), rest.kernels.end());
  for (const TaskPhase& t : a.tasks)
    if (t.phase == a.target_phase) {
      rule_ids.insert(t.rule_ids.begin(), t.rule_ids.end());
      kernels.insert(t.kernels.begin(), t.kernels.end());
    }
  rest.rule_ids.clear();
  for (const auto& r : rule_ids)
    if (!in_list(task.rule_ids, r)) rest.rule_ids.push_back(r);
  rest.kernels.clear();
  for (const auto& k : kernels)
    if (!in_list(task.kernels, k)) rest.kernels.push_back(k);
  rest.dependencies.clear();
  rest.findings = phase->findings > task.findings ? phase->findings - task.findings : 0;
  const double hours =
      std::max(0.0, (phase->effort.high - task.effort.high) * m.hours_per_week / m.range_high);
  rest.effort = to_weeks(hours, m);
  a.migration_sets.insert(a.migration_sets.begin(), std::move(task));
}

}  // namespace ascendify::assess
