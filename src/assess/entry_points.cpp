#include "assess/entry_points.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/text.hpp"

namespace ascendify::assess {

namespace {

std::string_view base_name(std::string_view p) {
  size_t s = p.rfind('/');
  return s == std::string_view::npos ? p : p.substr(s + 1);
}

// "TrainLoRA-v2.py" -> "_train_lo_ra_v2_py_"-like token string: lower-case tokens split at
// non-alphanumerics and lower->upper case changes, joined and framed by '_'.
std::string tokens(std::string_view s) {
  std::string out = "_";
  char prev = 0;
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (!std::isalnum(u)) {
      if (out.back() != '_') out += '_';
    } else {
      if (std::isupper(u) && std::islower(static_cast<unsigned char>(prev)) && out.back() != '_')
        out += '_';
      out += static_cast<char>(std::tolower(u));
    }
    prev = c;
  }
  if (out.back() != '_') out += '_';
  return out;
}

}  // namespace

std::vector<std::string> convention_tokens(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const auto& w : words) {
    std::string tw = tokens(w);  // "fine_tune" -> "_fine_tune_"
    // "_fine_tune_" -> "_fine_tunes_"
    std::string plural = concat({std::string_view(tw).substr(0, tw.size() - 1), "s_"});
    out.push_back(std::move(tw));
    out.push_back(std::move(plural));
  }
  return out;
}

namespace {

std::string phase_of_word(std::string_view text, const PhaseModel& model) {
  const std::string t = tokens(text);
  for (const auto& c : model.conventions) {
    if (c.word_tokens.size() == 2 * c.words.size()) {  // tokenised by the loader
      for (const auto& tw : c.word_tokens)
        if (t.find(tw) != std::string::npos) return c.phase;
      continue;
    }
    for (const auto& tw : convention_tokens(c.words))
      if (t.find(tw) != std::string::npos) return c.phase;
  }
  return "";
}

std::string_view stem(std::string_view p) {
  std::string_view b = base_name(p);
  size_t dot = b.rfind('.');
  return dot == std::string_view::npos || dot == 0 ? b : b.substr(0, dot);
}

std::string phase_of_folders(std::string_view p, const PhaseModel& model) {
  size_t end = p.rfind('/');
  while (end != std::string_view::npos && end > 0) {
    size_t start = p.rfind('/', end - 1);
    std::string_view folder =
        start == std::string_view::npos ? p.substr(0, end) : p.substr(start + 1, end - start - 1);
    std::string ph = phase_of_word(folder, model);
    if (!ph.empty()) return ph;
    if (start == std::string_view::npos) break;
    end = start;
  }
  return "";
}

std::string trim_copy(std::string_view s) {
  return std::string(trim(s));
}

bool has_main_guard(const ScannedFile& f) {
  if (f.file.rel_path == "__main__.py" || f.file.rel_path.ends_with("/__main__.py")) return true;
  return std::any_of(f.facts.facts.begin(), f.facts.facts.end(), [](const Fact& x) {
    return x.kind == FactKind::MainGuard && x.name != "script";
  });
}

// Code runs at the top level: a bare call outside any function or class, to something other
// than what library modules call there too (the model's ignore_calls).
bool runs_at_top_level(const ScannedFile& f, const PhaseModel& model) {
  return std::any_of(f.facts.facts.begin(), f.facts.facts.end(), [&](const Fact& x) {
    return x.kind == FactKind::MainGuard && x.name == "script" &&
           std::find(model.script_ignore_calls.begin(), model.script_ignore_calls.end(),
                     x.detail) == model.script_ignore_calls.end();
  });
}

bool launches(FileKind k) {
  return k == FileKind::Shell || k == FileKind::Dockerfile || k == FileKind::Notebook;
}

bool is_manifest(FileKind k) {
  return k == FileKind::Pyproject || k == FileKind::SetupCfg || k == FileKind::SetupPy;
}

}  // namespace

bool is_test_path(std::string_view p, const PhaseModel& model) {
  const std::string_view b = base_name(p);
  for (const auto& n : model.test_names)
    if (b == n) return true;
  if (b.ends_with(".py")) {
    for (const auto& x : model.test_prefixes)
      if (b.starts_with(x)) return true;
    for (const auto& x : model.test_suffixes)
      if (b.ends_with(x)) return true;
  }
  const std::string with_slash = concat({"/", p});
  for (const auto& folder : model.test_folders)
    if (with_slash.find("/" + folder + "/") != std::string::npos) return true;
  return false;
}

std::string convention_phase(std::string_view name_or_path, const PhaseModel& model) {
  std::string ph = phase_of_word(stem(name_or_path), model);
  return ph.empty() ? phase_of_folders(name_or_path, model) : ph;
}

std::string convention_phase(const EntryPoint& e, const PhaseModel& model) {
  if (e.is_test) return "evaluation";
  if (!e.script_name.empty()) {
    std::string ph = phase_of_word(e.script_name, model);
    if (!ph.empty()) return ph;
  }
  for (const auto& n : e.naming) {
    std::string ph = phase_of_word(stem(n), model);
    if (!ph.empty()) return ph;
  }
  for (const auto& n : e.naming) {
    std::string ph = phase_of_folders(n, model);
    if (!ph.empty()) return ph;
  }
  return "";
}

namespace {

// A dispatcher's subcommands (PhaseModel::dispatcher_stems): the project modules it imports
// directly whose own names give a phase, each an entry point of that phase, named
// "dispatcher -> module". Only when they give at least dispatcher_min_phases phases: a main.py
// importing one `trainer` module is a training script, not a dispatcher.
void add_subcommands(std::vector<EntryPoint>& out, const ScannedFiles& files,
                     const ImportGraph& graph, const PhaseModel& model,
                     const std::set<int>& console_targets) {
  auto is_dispatcher_stem = [&](int f) {
    const std::string_view s = stem(files[static_cast<size_t>(f)].file.rel_path);
    return std::find(model.dispatcher_stems.begin(), model.dispatcher_stems.end(), s) !=
           model.dispatcher_stems.end();
  };
  std::set<int> entry_files, done;
  for (const auto& e : out) entry_files.insert(e.file);
  const size_t n = out.size();
  for (size_t k = 0; k < n; ++k) {
    const EntryPoint e = out[k];  // a copy: `out` grows below
    if (e.file < 0 || e.is_test || files[static_cast<size_t>(e.file)].file.kind != FileKind::Python)
      continue;
    if (!is_dispatcher_stem(e.file) && !console_targets.count(e.file)) continue;
    if (!done.insert(e.file).second) continue;  // two console scripts of one module
    if (!convention_phase(e, model).empty()) continue;
    // Its imports, and those of a module it hands the command line to (cli.py importing
    // launcher.py, whose launch() imports the subcommands: LLaMA-Factory).
    std::set<int> targets;
    for (int t : graph.edges(e.file)) {
      if (t < 0 || t == e.file || static_cast<size_t>(t) >= files.size()) continue;
      targets.insert(t);
      if (is_dispatcher_stem(t))
        for (int u : graph.edges(t))
          if (u >= 0 && u != e.file && static_cast<size_t>(u) < files.size()) targets.insert(u);
    }
    // `from pkg.chat.base import main` reaches pkg/chat/__init__.py too: a package init is a
    // subcommand only when nothing else imported lies in its folder.
    auto incidental_init = [&](const std::string& p) {
      if (base_name(p) != "__init__.py") return false;
      const std::string_view folder = std::string_view(p).substr(0, p.size() - 11);
      return std::any_of(targets.begin(), targets.end(), [&](int u) {
        const std::string& q = files[static_cast<size_t>(u)].file.rel_path;
        return q != p && q.starts_with(folder);
      });
    };
    std::vector<int> subcommands;  // in file order
    std::set<std::string> phases;
    for (int t : targets) {
      const std::string& tp = files[static_cast<size_t>(t)].file.rel_path;
      if (is_test_path(tp, model) || incidental_init(tp)) continue;
      std::string ph = convention_phase(tp, model);
      if (ph.empty()) continue;
      phases.insert(std::move(ph));
      subcommands.push_back(t);
    }
    if (phases.size() < std::max<uint32_t>(model.dispatcher_min_phases, 1)) continue;
    for (int t : subcommands) {
      if (!entry_files.insert(t).second) continue;  // an entry point already
      const std::string& tp = files[static_cast<size_t>(t)].file.rel_path;
      out.push_back(EntryPoint{concat({e.display, " -> ", tp}), "", {tp}, t, {t}, false});
    }
  }
}

}  // namespace

std::vector<EntryPoint> find_entry_points(const ScannedFiles& files, const ImportGraph& graph,
                                          const PhaseModel& model) {
  std::vector<EntryPoint> out;
  std::set<int> launched;         // Python files some launcher starts
  std::set<int> console_targets;  // modules of console scripts
  const bool tests_in = model.tests_policy != "exclude";
  for (size_t i = 0; i < files.size(); ++i) {
    const ScannedFile& f = files[i];
    const int fi = static_cast<int>(i);
    if (launches(f.file.kind)) {
      // One entry per launched script; a notebook is an entry of its own as well.
      if (f.file.kind == FileKind::Notebook) {
        EntryPoint e{f.file.rel_path, "", {f.file.rel_path}, fi, {fi}, false};
        e.is_test = is_test_path(f.file.rel_path, model);
        if (!e.is_test || tests_in) out.push_back(std::move(e));
      }
      std::set<int> targets;
      for (const Fact& x : f.facts.facts) {
        if (x.kind != FactKind::Command || x.call.empty()) continue;
        const int t = graph.resolve_script(x.call, fi);
        if (t < 0 || !targets.insert(t).second) continue;
        launched.insert(t);
        const std::string& tp = files[static_cast<size_t>(t)].file.rel_path;
        EntryPoint e{f.file.rel_path, "", {tp, f.file.rel_path}, fi, {t}, false};
        e.is_test = is_test_path(f.file.rel_path, model) && is_test_path(tp, model);
        if (!e.is_test || tests_in) out.push_back(std::move(e));
      }
    } else if (is_manifest(f.file.kind)) {
      for (const Fact& x : f.facts.facts) {
        if (x.kind != FactKind::Command || x.name != "console-script") continue;
        const size_t eq = x.detail.find('=');
        if (eq == std::string::npos) continue;
        std::string name(trim_copy(x.detail.substr(0, eq)));
        std::string target(trim_copy(x.detail.substr(eq + 1)));
        target = target.substr(0, target.find(':'));
        const int t = graph.resolve_module(trim_copy(target));
        if (t < 0) continue;
        launched.insert(t);
        console_targets.insert(t);
        const std::string& tp = files[static_cast<size_t>(t)].file.rel_path;
        out.push_back(EntryPoint{tp, name, {tp}, t, {t}, false});
      }
    }
  }
  // A module other project files import, whose name says no phase, is a library; its
  // `if __name__ == "__main__":` block is a self-test, not an entry point (Wan2.2's
  // motioner.py, reached from generate.py). An imported preprocess.py stays an entry.
  std::vector<bool> imported(files.size(), false);
  for (size_t i = 0; i < files.size(); ++i) {
    // A config's class path (`target: main.ImageLogger`) names a class of the script that
    // loads the config: no import.
    if (files[i].file.kind == FileKind::Config) continue;
    for (int t : graph.edges(static_cast<int>(i)))
      if (t != static_cast<int>(i) && t >= 0 && static_cast<size_t>(t) < files.size())
        imported[static_cast<size_t>(t)] = true;
  }
  for (size_t i = 0; i < files.size(); ++i) {
    const ScannedFile& f = files[i];
    if (f.file.kind != FileKind::Python || launched.count(static_cast<int>(i))) continue;
    const bool test = is_test_path(f.file.rel_path, model);
    if (test && !tests_in) continue;
    const std::string_view b = base_name(f.file.rel_path);
    const bool pytest_file = test && b != "conftest.py" &&
                             std::any_of(model.test_prefixes.begin(), model.test_prefixes.end(),
                                         [&](const auto& x) { return b.starts_with(x); });
    const bool guarded = has_main_guard(f);
    // A script: nothing imports it, it has no guard, and it runs code at its top level.
    const bool script =
        !guarded && !pytest_file && !imported[i] && runs_at_top_level(f, model) &&
        std::find(model.script_exclude_names.begin(), model.script_exclude_names.end(), b) ==
            model.script_exclude_names.end();
    if (!guarded && !pytest_file && !script) continue;
    // Checked last (all checks only skip): naming conventions are the dearest question and
    // most files have no main guard.
    if (imported[i] && !test && convention_phase(f.file.rel_path, model).empty()) continue;
    const int fi = static_cast<int>(i);
    out.push_back(EntryPoint{f.file.rel_path, "", {f.file.rel_path}, fi, {fi}, test});
  }
  add_subcommands(out, files, graph, model, console_targets);
  return out;
}

}  // namespace ascendify::assess
