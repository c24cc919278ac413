#include "assess/phases.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_set>

#include "core/use_digest.hpp"

namespace ascendify::assess {

namespace {

bool is_environment_file(FileKind k) {
  return k == FileKind::Requirements || k == FileKind::Pyproject || k == FileKind::SetupCfg ||
         k == FileKind::CondaEnv || k == FileKind::Dockerfile || k == FileKind::Shell;
}

bool is_build_file(FileKind k) {
  return k == FileKind::Native || k == FileKind::CMake || k == FileKind::SetupPy;
}

std::string_view stem_of(std::string_view p) {
  size_t s = p.rfind('/');
  if (s != std::string_view::npos) p = p.substr(s + 1);
  size_t dot = p.find('.');
  return dot == std::string_view::npos ? p : p.substr(0, dot);
}

std::string_view last_component(std::string_view dotted) {
  size_t d = dotted.rfind('.');
  return d == std::string_view::npos ? dotted : dotted.substr(d + 1);
}

// Does a dotted import name a native source (`ext._C` for csrc/_C.cpp) or a built extension?
bool names_native(std::string_view import, const std::set<std::string, std::less<>>& names) {
  size_t i = 0;
  while (i <= import.size()) {
    size_t j = import.find('.', i);
    if (j == std::string_view::npos) j = import.size();
    if (names.count(import.substr(i, j - i))) return true;
    i = j + 1;
  }
  return false;
}

// A config in a folder or file named for training ("configs/sam2.1_training/x.yaml",
// "train_lora.yaml") belongs to training phases, one named for inference or sampling to the
// others; any other config to every phase that instantiates configs.
bool config_fits(std::string_view path, bool training_phase) {
  std::string lower(path);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool training = lower.find("train") != std::string::npos;
  const bool inference =
      lower.find("infer") != std::string::npos || lower.find("sampl") != std::string::npos;
  if (training && !inference) return training_phase;
  if (inference && !training) return !training_phase;
  return true;
}

// Entries an override names: matching auto-detected entries, else a fresh entry for a file.
std::vector<EntryPoint> select(std::string_view want, const std::vector<EntryPoint>& entries,
                               const ScannedFiles& files, const ImportGraph& graph) {
  std::vector<EntryPoint> out;
  for (const auto& e : entries)
    if (e.display == want || e.script_name == want ||
        (e.file >= 0 && files[static_cast<size_t>(e.file)].file.rel_path == want))
      out.push_back(e);
  if (!out.empty()) return out;
  int f = -1;
  for (size_t i = 0; i < files.size() && f < 0; ++i)
    if (files[i].file.rel_path == want) f = static_cast<int>(i);
  if (f < 0) f = graph.resolve_module(want);
  if (f < 0) return out;
  EntryPoint e{files[static_cast<size_t>(f)].file.rel_path, "", {}, f, {f}, false};
  e.naming.push_back(e.display);
  for (const auto& x : entries) {
    // A launcher named by path: its targets. A script some launcher starts: the launcher's
    // names still tell the phase kind (train.sh -> main.py is training).
    if (x.file == f) e.roots.insert(e.roots.end(), x.roots.begin(), x.roots.end());
    if (std::find(x.roots.begin(), x.roots.end(), f) != x.roots.end())
      e.naming.insert(e.naming.end(), x.naming.begin(), x.naming.end());
  }
  out.push_back(std::move(e));
  return out;
}

using Groups = std::vector<std::pair<std::string, std::vector<EntryPoint>>>;

// The entry points by phase: by convention (in the model's phase order), or as --phase says.
Groups group_entries(const std::vector<EntryPoint>& entries, const ScannedFiles& files,
                     const ImportGraph& graph, const PhaseModel& model,
                     const PhaseOverrides& overrides, std::vector<Diagnostic>& diagnostics) {
  Groups groups;
  auto group = [&](const std::string& name) -> std::vector<EntryPoint>& {
    for (auto& g : groups)
      if (g.first == name) return g.second;
    groups.emplace_back(name, std::vector<EntryPoint>{});
    return groups.back().second;
  };
  if (overrides.empty()) {
    for (const auto& e : entries) {
      std::string ph = convention_phase(e, model);
      group(ph.empty() ? model.fallback_phase : ph).push_back(e);
    }
    auto rank = [&](const std::string& n) {
      auto it = std::find(model.order.begin(), model.order.end(), n);
      return static_cast<size_t>(it - model.order.begin());
    };
    std::stable_sort(groups.begin(), groups.end(),
                     [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
    return groups;
  }
  for (const auto& [name, wanted] : overrides) {
    auto& g = group(name);
    for (const auto& w : wanted) {
      auto found = select(w, entries, files, graph);
      if (found.empty())
        diagnostics.push_back(
            {"", 0,
             "--phase " + name + ": entry '" + w + "' matches no file, console script or module"});
      g.insert(g.end(), found.begin(), found.end());
    }
  }
  return groups;
}

// What the files tell about native code and configs, read once for every phase.
struct ProjectTraits {
  // Native names: stems of native sources and names of built extensions.
  std::set<std::string, std::less<>> native_names;
  // Files that instantiate configs by class path (they call Hydra's instantiate, call,
  // get_class or get_method, or define instantiate_from_config / get_obj_from_str).
  std::vector<bool> instantiator;
  // Files importing an extension setup.py builds by its dotted name ("sam2._C"): `from sam2
  // import _C` resolves to the package sam2/__init__.py, so it is no external import.
  std::vector<bool> imports_extension;
  std::vector<bool> is_launcher;  // files some entry point starts from
};

ProjectTraits project_traits(const ScannedFiles& files, const std::vector<EntryPoint>& entries) {
  ProjectTraits t;
  t.instantiator.assign(files.size(), false);
  t.imports_extension.assign(files.size(), false);
  t.is_launcher.assign(files.size(), false);
  std::unordered_set<std::string_view> extension_names;  // views into the kernel facts
  for (const auto& f : files) {
    if (f.file.kind == FileKind::Native) t.native_names.emplace(stem_of(f.file.rel_path));
    for (const auto& k : f.facts.kernels)
      if (k.kind == KernelKind::ExtensionBuild && !k.name.empty()) {
        t.native_names.emplace(last_component(k.name));
        if (k.name.find('.') != std::string::npos) extension_names.insert(std::string_view(k.name));
      }
  }
  UseDigest scratch;
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].file.kind != FileKind::Python && files[i].file.kind != FileKind::Notebook)
      continue;
    const UseDigest& d = uses_of(files[i].facts, scratch);
    for (const UseDigest::DefSite& def : d.defs)
      if (!def.is_class &&
          (d.str(def.name) == "instantiate_from_config" || d.str(def.name) == "get_obj_from_str"))
        t.instantiator[i] = true;
    bool imports_hydra = false;
    for (const UseDigest::ImportSite& m : d.imports) {
      const std::string_view name = d.str(m.name);
      imports_hydra = imports_hydra || name.starts_with("hydra");
      if (extension_names.count(name)) t.imports_extension[i] = true;
    }
    for (const UseDigest::Site& s : d.sites) {
      if (t.instantiator[i] || !imports_hydra) break;
      const std::string_view n = d.str(s.name);
      t.instantiator[i] = s.kind == FactKind::Reference &&
                          (n == "hydra.utils.instantiate" || n == "hydra.utils.call" ||
                           n == "hydra.utils.get_class" || n == "hydra.utils.get_method");
    }
  }
  for (const auto& e : entries)
    if (e.file >= 0 && static_cast<size_t>(e.file) < files.size())
      t.is_launcher[static_cast<size_t>(e.file)] = true;
  return t;
}

// The Python roots of the entry points (not tests), and those a launcher starts.
void collect_entry_roots(const Groups& groups, const ScannedFiles& files, PhaseMap& out) {
  for (const auto& g : groups)
    for (const auto& e : g.second) {
      if (e.is_test) continue;
      const bool launcher =
          !e.script_name.empty() ||
          (e.file >= 0 && files[static_cast<size_t>(e.file)].file.kind != FileKind::Python);
      for (int r : e.roots)
        if (r >= 0 && static_cast<size_t>(r) < files.size() &&
            files[static_cast<size_t>(r)].file.kind == FileKind::Python) {
          out.entry_roots.push_back(r);
          if (launcher) out.launched_roots.push_back(r);
        }
    }
  for (auto* v : {&out.entry_roots, &out.launched_roots}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
}

// One phase from its entry points: its kind, the files it reaches (with configs instantiated
// by class path, scripts and manifests, and build files when it uses native code).
void add_phase(const std::string& name, const std::vector<EntryPoint>& group_entries,
               const ScannedFiles& files, const ImportGraph& graph, const PhaseModel& model,
               const ProjectTraits& traits, PhaseMap& out) {
  PhaseSummary p;
  p.name = name;
  std::vector<int> roots;
  std::string kind;
  for (const auto& e : group_entries) {
    if (std::find(p.entry_points.begin(), p.entry_points.end(), e.display) == p.entry_points.end())
      p.entry_points.push_back(e.display);
    roots.insert(roots.end(), e.roots.begin(), e.roots.end());
    if (e.file >= 0) roots.push_back(e.file);
    if (kind.empty()) kind = convention_phase(e, model);
  }
  const bool is_convention = std::any_of(model.conventions.begin(), model.conventions.end(),
                                         [&p](const auto& c) { return c.phase == p.name; });
  p.kind = is_convention ? name : kind;
  p.needs_backward = std::find(model.training_phases.begin(), model.training_phases.end(),
                               p.kind) != model.training_phases.end();
  std::vector<uint8_t> reach = graph.reach(roots);
  // Configs instantiated by class path (Hydra `_target_:`, `target:`): the code they name runs
  // in a phase whose reached code instantiates configs. Their folder tells training configs
  // from the others when it says so ("configs/sam2.1_training/").
  bool instantiates = false;
  for (size_t i = 0; i < files.size() && !instantiates; ++i)
    instantiates = reach[i] != ImportGraph::kUnreached && traits.instantiator[i];
  if (instantiates) {
    std::vector<int> with_configs = roots;
    for (size_t i = 0; i < files.size(); ++i)
      if (files[i].file.kind == FileKind::Config && !graph.edges(static_cast<int>(i)).empty() &&
          config_fits(files[i].file.rel_path, p.needs_backward))
        with_configs.push_back(static_cast<int>(i));
    if (with_configs.size() > roots.size()) reach = graph.reach(with_configs);
  }
  std::vector<bool> reached(reach.size());
  for (size_t i = 0; i < reach.size(); ++i) reached[i] = reach[i] != ImportGraph::kUnreached;
  bool uses_native = false;
  for (size_t i = 0; i < files.size() && !uses_native; ++i) {
    if (!reached[i]) continue;
    for (const auto& imp : graph.external(static_cast<int>(i)))
      if (names_native(imp, traits.native_names)) uses_native = true;
    if (traits.imports_extension[i]) uses_native = true;
  }
  for (size_t i = 0; i < files.size(); ++i) {
    const FileKind k = files[i].file.kind;
    if (is_environment_file(k) && !reached[i]) {
      // Launchers belong to the phases they start; other scripts/manifests to all.
      if (!traits.is_launcher[i]) reached[i] = true;
    }
    if (uses_native && is_build_file(k)) reached[i] = true;
    if (reached[i] && reach[i] == ImportGraph::kUnreached) reach[i] = ImportGraph::kRequired;
  }
  p.files = static_cast<uint32_t>(std::count(reached.begin(), reached.end(), true));
  out.phases.push_back(std::move(p));
  out.reached.push_back(std::move(reached));
  out.reach.push_back(std::move(reach));
}

}  // namespace

PhaseMap build_phases(const ScannedFiles& files, const ImportGraph& graph, const PhaseModel& model,
                      const PhaseOverrides& overrides, std::vector<Diagnostic>& diagnostics) {
  const std::vector<EntryPoint> entries = find_entry_points(files, graph, model);
  const Groups groups = group_entries(entries, files, graph, model, overrides, diagnostics);
  const ProjectTraits traits = project_traits(files, entries);
  PhaseMap out;
  collect_entry_roots(groups, files, out);
  for (const auto& [name, group] : groups) add_phase(name, group, files, graph, model, traits, out);
  return out;
}

}  // namespace ascendify::assess
