#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "core/rule.hpp"
#include "core/text.hpp"
#include "fix/decide.hpp"
#include "fix/edit_finding.hpp"
#include "fix/fix.hpp"
#include "fix/import_rename.hpp"
#include "fix/imports.hpp"
#include "fix/safe_path.hpp"
#include "fix/value_groups.hpp"
#include "fix/verify.hpp"
#include "python/lexer.hpp"

namespace ascendify::fix {

size_t FixResult::edit_count() const {
  size_t n = 0;
  for (const auto& f : files) n += f.edits.size();
  return n;
}

namespace {

using detail::Decision;
using detail::Outcome;

ManualItem manual_item(const Finding& f, std::string reason) {
  ManualItem m;
  m.rule_id = f.rule_id;
  m.domain = f.domain;
  m.path = f.path;
  m.line = f.span.line;
  m.col = f.span.col;
  m.cell = f.cell;
  m.cell_line = f.cell_line;
  m.match = f.match;
  m.replacement = f.replacement;
  m.reason = std::move(reason);
  return m;
}

bool is_python(FileKind k) {
  return k == FileKind::Python || k == FileKind::SetupPy;
}

bool has_main_guard(const ScannedFile& sf) {
  for (const Fact& f : sf.facts.facts)
    if (f.kind == FactKind::MainGuard) return true;
  return false;
}

// A Name token `name` anywhere in the file's code.
bool names(const std::vector<python::Token>& toks, std::string_view name) {
  for (const auto& t : toks)
    if (t.kind == python::TokenKind::Name && t.text == name) return true;
  return false;
}

struct Pending {
  Edit edit;
  size_t k;  // index of the finding in the file's list
};

class Planner {
 public:
  Planner(const std::filesystem::path& root, const FixOptions& o, const TextProvider& p,
          FixResult& r)
      : root_(root), opt_(o), provider_(p), res_(r) {}

  void file(const std::string& path, const ScannedFile& sf, const std::vector<const Finding*>& fs,
            bool entry) {
    const bool py = is_python(sf.file.kind);
    std::vector<Decision> decided;
    bool any_candidate = false, strings = false;
    for (const Finding* f : fs) {
      decided.push_back(detail::standalone(*f, sf, opt_));
      any_candidate |= decided.back().kind == Decision::Candidate;
      strings |= f->rule && f->rule->match.kind == MatchKind::String;
    }
    // A Python file with device literals is read even when none is a candidate alone: under
    // transfer_to_npu a value group may still need its comparisons kept or edited whole.
    if (!any_candidate && !entry && !(py && strings)) {
      record(fs, decided);
      return;
    }
    std::optional<std::string> text = read(sf);
    if (!text) {
      res_.diagnostics.push_back({path, 0, "cannot read the file; nothing edited"});
      for (auto& d : decided)
        if (d.kind == Decision::Candidate) d = {Decision::Manual, "file unreadable", false};
      record(fs, decided);
      return;
    }
    python::LexResult lexed;
    std::vector<int> group_of(fs.size(), -1);
    std::vector<Pending> edits;
    // Uses through a from-import / module alias: the import statement is renamed instead.
    std::vector<char> via_import(fs.size(), 0);
    std::vector<detail::ImportRename> renames;
    // Each candidate's edit, computed before the guards look at what stays CUDA: a site whose
    // edit turns out impossible (an alias, escapes) stays, and the guard around it too.
    std::vector<std::optional<detail::EditResult>> computed(fs.size());
    auto compute = [&](size_t k) {
      const Finding& f = *fs[k];
      computed[k] =
          py ? detail::python_edit(f, *f.rule->autofix, f.rule->match, *text, lexed.tokens)
             : detail::shell_edit(f, *f.rule->autofix, *text);
    };
    if (py) {
      lexed = python::lex(*text);
      group_of =
          detail::decide_groups(*text, lexed.tokens, sf, fs, decided, opt_, &project_, nullptr);
      own_method_calls(fs, decided);
      stops_at_import(fs, decided);
      std::vector<bool> cand(fs.size());
      for (size_t k = 0; k < fs.size(); ++k) cand[k] = decided[k].kind == Decision::Candidate;
      renames = detail::import_renames(*text, sf.facts.facts, fs, cand);
      for (const auto& r : renames)
        for (size_t k : r.findings) via_import[k] = 1;
      for (size_t k = 0; k < fs.size(); ++k) {
        if (decided[k].kind != Decision::Candidate || via_import[k]) continue;
        compute(k);
        if (computed[k]->outcome == Outcome::Manual)
          decided[k] = {Decision::Manual, computed[k]->reason, false};
      }
      detail::decide_guards(*text, lexed.tokens, sf, fs, decided);
      // An import rename covers all its uses or none: a use a guard kept drops it.
      std::erase_if(renames, [&](const detail::ImportRename& r) {
        const bool kept = std::any_of(r.findings.begin(), r.findings.end(), [&](size_t k) {
          return decided[k].kind != Decision::Candidate;
        });
        if (kept)
          for (size_t k : r.findings) {
            via_import[k] = 0;
            if (decided[k].kind == Decision::Candidate)
              decided[k] = {Decision::Manual,
                            "its import is shared with a use that stays: rename by hand", false};
          }
        return kept;
      });
      for (auto& r : renames) {
        for (size_t k : r.findings) r.edit.unsafe = r.edit.unsafe || decided[k].unsafe;
        edits.push_back({std::move(r.edit), r.findings.front()});
      }
    }
    record(fs, decided);

    std::map<int, std::string> broken_groups;  // a member could not be edited: why
    std::vector<std::pair<size_t, std::string>> failed;
    for (size_t k = 0; k < fs.size(); ++k) {
      if (decided[k].kind != Decision::Candidate || via_import[k]) continue;
      const Finding& f = *fs[k];
      if (!computed[k]) compute(k);
      detail::EditResult r = std::move(*computed[k]);
      if (r.outcome == Outcome::Edited) {
        r.edit.unsafe = decided[k].unsafe;
        edits.push_back({std::move(r.edit), k});
        continue;
      }
      if (r.outcome == Outcome::Mismatch)
        res_.diagnostics.push_back(
            {path, f.span.line, "skipped " + f.rule_id + ": " + r.reason + "; not edited"});
      if (group_of[k] >= 0 && !broken_groups.count(group_of[k]))
        broken_groups[group_of[k]] = "line " + std::to_string(f.span.line) + ": " + r.reason;
      failed.emplace_back(k, std::move(r.reason));
    }
    for (auto& [k, why] : failed) res_.manual.push_back(manual_item(*fs[k], std::move(why)));
    // A value group is edited whole or not at all.
    std::erase_if(edits, [&](const Pending& p) {
      auto it = broken_groups.find(group_of[p.k]);
      if (it == broken_groups.end()) return false;
      res_.manual.push_back(manual_item(
          *fs[p.k], "one device value with a literal that could not be edited (" + it->second +
                        "): edited in part, its comparisons would no longer match"));
      return true;
    });
    std::stable_sort(edits.begin(), edits.end(), [](const Pending& a, const Pending& b) {
      return a.edit.offset < b.edit.offset;
    });
    std::vector<Pending> kept;
    for (auto& p : edits) {
      if (!kept.empty() && p.edit.offset < kept.back().edit.end_offset) {
        const Edit& k = kept.back().edit;
        if (k.offset == p.edit.offset && k.end_offset == p.edit.end_offset && k.text == p.edit.text)
          continue;  // the same edit from a second rule (string + env lookups)
        res_.diagnostics.push_back(
            {path, fs[p.k]->span.line, "skipped " + fs[p.k]->rule_id + ": overlaps another edit"});
        res_.manual.push_back(manual_item(*fs[p.k], "overlaps another edit"));
        continue;
      }
      kept.push_back(std::move(p));
    }

    FilePlan plan;
    plan.rel_path = path;
    plan.original = std::move(*text);
    // Every edited file imports torch_npu, a module of strings too: the entry point that
    // takes its "npu" values may have no edit of its own to bring the import.
    bool needs_import = false;
    for (const auto& p : kept) {
      plan.edits.push_back(p.edit);
      if (fs[p.k]->rule->autofix->needs_torch_npu_import) needs_import = true;
    }
    if (py && !place_import(plan, lexed.tokens, needs_import, entry)) {
      res_.diagnostics.push_back({path, 0, "no place for the torch_npu import; nothing edited"});
      for (const auto& p : kept)
        res_.manual.push_back(manual_item(*fs[p.k], "could not add import torch_npu"));
      return;
    }
    if (plan.edits.empty() && plan.inserted.empty()) return;
    plan.fixed = detail::apply_edits(plan.original, plan.edits, plan.insert_offset, plan.inserted);
    if (py) {
      const std::string why = detail::relex_mismatch(plan.original, lexed.tokens, plan.fixed,
                                                     plan.edits, plan.insert_offset, plan.inserted);
      if (!why.empty()) {
        res_.diagnostics.push_back(
            {path, 0, "left untouched: the edited file does not re-lex as expected (" + why + ")"});
        for (const auto& p : kept)
          res_.manual.push_back(manual_item(*fs[p.k], "edit would break the file's tokens"));
        return;
      }
    }
    if (entry && !plan.inserted.empty()) res_.entry_points.push_back(path);
    res_.files.push_back(std::move(plan));
  }

  // First pass: what happens to the device values each Python file defines, read by the
  // groups of other files that compare them.
  // `unedited`: set to "path:line" of the first "cuda" literal of the file no edit reaches.
  void survey(const ScannedFile& sf, const std::vector<const Finding*>& fs,
              std::vector<detail::GroupFate>& fates, std::string& unedited) {
    if (!is_python(sf.file.kind)) return;
    bool strings = false;
    for (const Finding* f : fs) strings |= f->rule && f->rule->match.kind == MatchKind::String;
    std::vector<Decision> decided;
    for (const Finding* f : fs) decided.push_back(detail::standalone(*f, sf, opt_));
    if (strings) {
      std::optional<std::string> text;
      if (provider_) {
        text = provider_(sf.file);
      } else if (std::string why; auto p = detail::safe_file(root_, sf.file.rel_path, &why)) {
        text = detail::read_all(*p);
      }
      if (!text) return;  // the second pass reports it
      const python::LexResult lexed = python::lex(*text);
      detail::decide_groups(*text, lexed.tokens, sf, fs, decided, opt_, nullptr, &fates);
      surveyed_.emplace(sf.file.rel_path, std::move(*text));
    }
    if (!unedited.empty()) return;
    for (const Fact& x : sf.facts.facts) {
      if (x.kind != FactKind::String || !detail::is_cuda_value(x.name)) continue;
      bool edited = false;
      for (size_t k = 0; k < fs.size() && !edited; ++k)
        edited = fs[k]->span.offset == x.span.offset && decided[k].kind == Decision::Candidate;
      if (!edited) {
        unedited = sf.file.rel_path + ":" + std::to_string(x.span.line);
        return;
      }
    }
  }

  void set_project(detail::ProjectValues p) { project_ = std::move(p); }

  // Methods the project's classes define, by name: the first "path:line".
  void set_own_methods(std::map<std::string, std::string> m) { own_methods_ = std::move(m); }

 private:
  // `.cuda()` on an object of the project's own class with a `def cuda(self)` (TensorRT engine
  // wrappers) is that method: renaming the call to `.npu()` calls a method that does not exist.
  void own_method_calls(const std::vector<const Finding*>& fs, std::vector<Decision>& decided) {
    for (size_t k = 0; k < fs.size(); ++k) {
      if (decided[k].kind != Decision::Candidate ||
          fs[k]->rule->autofix->kind != AutofixKind::RenameMethod)
        continue;
      std::string_view name = fs[k]->match;
      if (name.starts_with(".")) name.remove_prefix(1);
      if (name.ends_with("()")) name.remove_suffix(2);
      auto it = own_methods_.find(std::string(name));
      if (it == own_methods_.end()) continue;
      detail::demote_unsafe(decided[k], opt_,
                            concat({"the project defines its own ", name, "() (", it->second,
                                    "); this call may be that method, which has no NPU twin"}));
    }
  }

  // A module that stops at an import of a package with no NPU build (`import tensorrt` at the
  // top of a TensorRT engine wrapper) runs nowhere on an NPU: its edits would only half-port
  // code that cannot run (a torch.npu stream handed to TensorRT). It is left whole.
  void stops_at_import(const std::vector<const Finding*>& fs, std::vector<Decision>& decided) {
    const Finding* stop = nullptr;
    for (const Finding* f : fs)
      if (f->stops_run && f->rule && (f->rule->stops_run & Rule::kStopsAsImport)) {
        stop = f;
        break;
      }
    if (!stop) return;
    const std::string why = "the module stops at `" + stop->snippet + "` (line " +
                            std::to_string(stop->span.line) +
                            ") on an NPU, a package with no NPU build: port or drop that import "
                            "first; until then its edits would run nowhere";
    for (auto& d : decided)
      if (d.kind == Decision::Candidate) d = {Decision::Manual, why, false};
  }

  void record(const std::vector<const Finding*>& fs, const std::vector<Decision>& decided) {
    for (size_t k = 0; k < fs.size(); ++k) {
      if (decided[k].kind == Decision::Transfer)
        res_.by_transfer.push_back(manual_item(*fs[k], decided[k].reason));
      else if (decided[k].kind == Decision::Manual)
        res_.manual.push_back(manual_item(*fs[k], decided[k].reason));
    }
  }

  std::optional<std::string> read(const ScannedFile& sf) {
    // A file the first pass read already (its text, moved out: read once per file).
    if (auto it = surveyed_.find(sf.file.rel_path); it != surveyed_.end()) {
      std::string text = std::move(it->second);
      surveyed_.erase(it);
      return text;
    }
    if (provider_) return provider_(sf.file);
    std::string why;
    auto p = detail::safe_file(root_, sf.file.rel_path, &why);
    if (!p) {
      res_.diagnostics.push_back({sf.file.rel_path, 0, "not read: " + why});
      return std::nullopt;
    }
    return detail::read_all(*p);
  }

  // The lines an entry point starts with: the runtime redirect (--transfer-to-npu) and the
  // start-up settings every port sets (--startup-settings), each only when missing.
  std::string startup_block(const detail::ImportSites& s, const std::vector<python::Token>& toks,
                            const std::string& eol) const {
    std::string block;
    if (opt_.transfer_to_npu && !s.has_transfer)
      block += "from torch_npu.contrib import transfer_to_npu" + eol;
    if (opt_.startup_settings) {
      if (!names(toks, "set_compile_mode"))
        block += "torch_npu.npu.set_compile_mode(jit_compile=False)  # " +
                 std::string(kCompileModeWhy) + eol;
      if (!names(toks, "allow_internal_format"))
        block += "torch_npu.npu.config.allow_internal_format = False  # " +
                 std::string(kInternalFormatWhy) + eol;
    }
    // The settings name torch_npu: imported first even when the file imports it further down.
    if (!block.empty() && (!s.has_torch_npu || opt_.startup_settings))
      block = "import torch_npu" + eol + block;
    return block;
  }

  // Decides the inserted line(s). False when an insertion is needed but has no place.
  bool place_import(FilePlan& plan, const std::vector<python::Token>& toks, bool needs_import,
                    bool entry) {
    const detail::ImportSites s = detail::find_import_sites(plan.original, toks);
    const std::string eol(detail::line_ending(plan.original));
    if (entry) {
      std::string block = startup_block(s, toks, eol);
      if (!block.empty()) {
        if (s.top == detail::kNoOffset) return false;
        plan.inserted = std::move(block);
        plan.insert_offset = s.top;
        return true;
      }
    }
    if (!needs_import || s.has_torch_npu || plan.edits.empty()) return true;
    const uint32_t at = s.after_torch != detail::kNoOffset ? s.after_torch : s.top;
    if (at == detail::kNoOffset) return false;
    plan.inserted = "import torch_npu" + eol;
    plan.insert_offset = at;
    return true;
  }

  const std::filesystem::path& root_;
  const FixOptions& opt_;
  const TextProvider& provider_;
  FixResult& res_;
  detail::ProjectValues project_;
  std::map<std::string, std::string> own_methods_;
  std::unordered_map<std::string, std::string> surveyed_;  // rel_path -> text read by survey()
};

}  // namespace

FixResult plan_fixes(const ScannedFiles& files, const std::vector<Finding>& findings,
                     const std::filesystem::path& root, const FixOptions& options,
                     const TextProvider& provider) {
  FixResult res;
  res.transfer_to_npu = options.transfer_to_npu;
  res.startup_settings = options.startup_settings;
  std::map<std::string, const ScannedFile*> by_path;
  for (const auto& sf : files) by_path.emplace(sf.file.rel_path, &sf);
  std::map<std::string, std::vector<const Finding*>> by_file;
  for (const auto& f : findings) by_file[f.path].push_back(&f);
  // Entry points get the start-up block: the scan's (options.entry_files, from the CLI), or,
  // for library callers that give none, every module with a main guard.
  std::set<std::string> entries;
  if (options.transfer_to_npu || options.startup_settings) {
    if (options.entry_files) {
      entries.insert(options.entry_files->begin(), options.entry_files->end());
    } else {
      for (const auto& sf : files)
        if (is_python(sf.file.kind) && has_main_guard(sf)) entries.insert(sf.file.rel_path);
    }
    for (const auto& e : entries)
      if (by_path.count(e)) by_file[e];  // visit entry points without findings too
  }
  Planner planner(root, options, provider, res);
  std::vector<detail::GroupFate> fates;
  std::string unedited;  // the first "cuda" literal of the project no edit reaches
  for (const auto& [path, fs] : by_file)
    if (auto it = by_path.find(path); it != by_path.end())
      planner.survey(*it->second, fs, fates, unedited);
  // Files with no finding at all: any "cuda" literal of theirs stays as it is.
  for (const auto& sf : files) {
    if (!unedited.empty()) break;
    if (!is_python(sf.file.kind) || by_file.count(sf.file.rel_path)) continue;
    for (const Fact& x : sf.facts.facts)
      if (x.kind == FactKind::String && detail::is_cuda_value(x.name)) {
        unedited = sf.file.rel_path + ":" + std::to_string(x.span.line);
        break;
      }
  }
  detail::ProjectValues values = detail::project_values(fates);
  values.unedited_literal = unedited;
  for (const auto& sf : files)
    for (const auto& o : sf.facts.passed_options) values.passed_options.insert(o);
  planner.set_project(std::move(values));
  std::map<std::string, std::string> own_methods;
  for (const auto& sf : files)
    for (const Fact& f : sf.facts.facts)
      if (f.kind == FactKind::FunctionDef && !f.scope.empty())
        own_methods.emplace(f.name, sf.file.rel_path + ":" + std::to_string(f.span.line));
  planner.set_own_methods(std::move(own_methods));
  for (const auto& [path, fs] : by_file) {
    auto it = by_path.find(path);
    const ScannedFile* sf = it == by_path.end() ? nullptr : it->second;
    if (!sf) {
      for (const Finding* f : fs) res.manual.push_back(manual_item(*f, "file not scanned"));
      continue;
    }
    planner.file(path, *sf, fs, entries.count(path) > 0);
  }
  if ((options.transfer_to_npu || options.startup_settings) && entries.empty())
    res.diagnostics.push_back({"", 0,
                               "no entry point that runs torch found; add `import torch_npu` "
                               "and the start-up lines to your entry script by hand"});
  std::sort(res.files.begin(), res.files.end(),
            [](const FilePlan& a, const FilePlan& b) { return a.rel_path < b.rel_path; });
  auto order = [](const ManualItem& a, const ManualItem& b) {
    return std::tie(a.path, a.line, a.col, a.rule_id) < std::tie(b.path, b.line, b.col, b.rule_id);
  };
  std::sort(res.manual.begin(), res.manual.end(), order);
  std::sort(res.by_transfer.begin(), res.by_transfer.end(), order);
  return res;
}

}  // namespace ascendify::fix
