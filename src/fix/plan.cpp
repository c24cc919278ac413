#include <algorithm>
#include <map>
#include <set>

#include "core/rule.hpp"
#include "fix/edit_finding.hpp"
#include "fix/fix.hpp"
#include "fix/imports.hpp"
#include "fix/safe_path.hpp"
#include "fix/verify.hpp"
#include "python/lexer.hpp"

namespace ascendify::fix {

size_t FixResult::edit_count() const {
  size_t n = 0;
  for (const auto& f : files) n += f.edits.size();
  return n;
}

namespace {

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

bool listed(const std::vector<std::string>& list, const Finding& f) {
  for (const auto& s : list)
    if (s == f.rule_id || s == to_string(f.domain)) return true;
  return false;
}

bool is_python(FileKind k) {
  return k == FileKind::Python || k == FileKind::SetupPy;
}

bool has_main_guard(const ScannedFile& sf) {
  for (const Fact& f : sf.facts.facts)
    if (f.kind == FactKind::MainGuard) return true;
  return false;
}

// Why a finding is not even a candidate for an edit; empty when it is.
std::string not_candidate(const Finding& f, const ScannedFile* sf, const FixOptions& o) {
  if (!f.rule || !f.rule->autofix) return "no automatic fix";
  if (!f.autofix) {
    // The matcher clears `autofix` for these three reasons (match/matcher.cpp make_finding).
    if (f.rule->confidence != Confidence::High)
      return "autofix needs high confidence (rule is " +
             std::string(to_string(f.rule->confidence)) + ")";
    if (f.scope == kInlinePythonScope) return "python -c code in a script: edit by hand";
    return "beside an NPU branch: the project already has its NPU path here";
  }
  if ((!o.only.empty() && !listed(o.only, f)) || listed(o.exclude, f))
    return "not selected (--only/--exclude)";
  if (!sf) return "file not scanned";
  // `aggregate: file` folds many sites into one finding with one span: editing that span
  // would leave the other sites silently unedited.
  if (f.sites > 1)
    return "aggregated finding (" + std::to_string(f.sites) + " sites in the file): edit by hand";
  switch (sf->file.kind) {
    case FileKind::Python:
    case FileKind::SetupPy:
    case FileKind::Shell:
    case FileKind::Dockerfile:
      return {};
    case FileKind::Notebook:
      return "notebook: edit the cell by hand";
    default:
      return "no automatic fix for this file kind";
  }
}

struct Pending {
  Edit edit;
  const Finding* finding;
};

class Planner {
 public:
  Planner(const std::filesystem::path& root, const FixOptions& o, const TextProvider& p,
          FixResult& r)
      : root_(root), opt_(o), provider_(p), res_(r) {}

  void file(const std::string& path, const ScannedFile* sf, const std::vector<const Finding*>& fs,
            bool entry) {
    std::vector<const Finding*> cands;
    for (const Finding* f : fs) {
      if (opt_.transfer_to_npu && f->auto_by_transfer_to_npu) {
        res_.by_transfer.push_back(manual_item(*f, "covered at runtime by transfer_to_npu"));
        continue;
      }
      std::string why = not_candidate(*f, sf, opt_);
      if (why.empty())
        cands.push_back(f);
      else
        res_.manual.push_back(manual_item(*f, std::move(why)));
    }
    if (cands.empty() && !entry) return;
    std::optional<std::string> text = read(*sf);
    if (!text) {
      res_.diagnostics.push_back({path, 0, "cannot read the file; nothing edited"});
      for (const Finding* f : cands) res_.manual.push_back(manual_item(*f, "file unreadable"));
      return;
    }
    const bool py = is_python(sf->file.kind);
    python::LexResult lexed;
    if (py) lexed = python::lex(*text);

    std::vector<Pending> edits;
    for (const Finding* f : cands) {
      const Autofix& fix = *f->rule->autofix;
      detail::EditResult r = py ? detail::python_edit(*f, fix, f->rule->match, *text, lexed.tokens)
                                : detail::shell_edit(*f, fix, *text);
      if (r.outcome == Outcome::Edited) {
        edits.push_back({std::move(r.edit), f});
      } else {
        if (r.outcome == Outcome::Mismatch)
          res_.diagnostics.push_back(
              {path, f->span.line, "skipped " + f->rule_id + ": " + r.reason + "; not edited"});
        res_.manual.push_back(manual_item(*f, std::move(r.reason)));
      }
    }
    std::stable_sort(edits.begin(), edits.end(), [](const Pending& a, const Pending& b) {
      return a.edit.offset < b.edit.offset;
    });
    std::vector<Pending> kept;
    for (auto& p : edits) {
      if (!kept.empty() && p.edit.offset < kept.back().edit.end_offset) {
        const Edit& k = kept.back().edit;
        if (k.offset == p.edit.offset && k.end_offset == p.edit.end_offset && k.text == p.edit.text)
          continue;  // the same edit from a second rule (string + env lookups)
        res_.diagnostics.push_back({path, p.finding->span.line,
                                    "skipped " + p.finding->rule_id + ": overlaps another edit"});
        res_.manual.push_back(manual_item(*p.finding, "overlaps another edit"));
        continue;
      }
      kept.push_back(std::move(p));
    }

    FilePlan plan;
    plan.rel_path = path;
    plan.original = std::move(*text);
    bool needs_import = false;
    for (const auto& p : kept) {
      plan.edits.push_back(p.edit);
      if (p.finding->rule->autofix->needs_torch_npu_import) needs_import = true;
    }
    if (py && !place_import(plan, lexed.tokens, needs_import, entry)) {
      res_.diagnostics.push_back({path, 0, "no place for the torch_npu import; nothing edited"});
      for (const auto& p : kept)
        res_.manual.push_back(manual_item(*p.finding, "could not add import torch_npu"));
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
          res_.manual.push_back(manual_item(*p.finding, "edit would break the file's tokens"));
        return;
      }
    }
    if (entry && !plan.inserted.empty() &&
        plan.inserted.find("transfer_to_npu") != std::string::npos)
      res_.entry_points.push_back(path);
    res_.files.push_back(std::move(plan));
  }

 private:
  std::optional<std::string> read(const ScannedFile& sf) {
    if (provider_) return provider_(sf.file);
    std::string why;
    auto p = detail::safe_file(root_, sf.file.rel_path, &why);
    if (!p) {
      res_.diagnostics.push_back({sf.file.rel_path, 0, "not read: " + why});
      return std::nullopt;
    }
    return detail::read_all(*p);
  }

  // Decides the inserted line(s). False when an insertion is needed but has no place.
  bool place_import(FilePlan& plan, const std::vector<python::Token>& toks, bool needs_import,
                    bool entry) {
    const detail::ImportSites s = detail::find_import_sites(plan.original, toks);
    const std::string eol(detail::line_ending(plan.original));
    if (entry && !s.has_transfer) {
      if (s.top == detail::kNoOffset) return false;
      if (!s.has_torch_npu) plan.inserted = "import torch_npu" + eol;
      plan.inserted += "from torch_npu.contrib import transfer_to_npu" + eol;
      plan.insert_offset = s.top;
      return true;
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
};

}  // namespace

FixResult plan_fixes(const std::vector<ScannedFile>& files, const std::vector<Finding>& findings,
                     const std::filesystem::path& root, const FixOptions& options,
                     const TextProvider& provider) {
  FixResult res;
  res.transfer_to_npu = options.transfer_to_npu;
  std::map<std::string, const ScannedFile*> by_path;
  for (const auto& sf : files) by_path.emplace(sf.file.rel_path, &sf);
  std::map<std::string, std::vector<const Finding*>> by_file;
  for (const auto& f : findings) by_file[f.path].push_back(&f);
  std::set<std::string> entries;
  if (options.transfer_to_npu) {
    for (const auto& sf : files)
      if (is_python(sf.file.kind) && has_main_guard(sf)) {
        entries.insert(sf.file.rel_path);
        by_file[sf.file.rel_path];  // visit entry points without findings too
      }
  }
  Planner planner(root, options, provider, res);
  for (const auto& [path, fs] : by_file) {
    auto it = by_path.find(path);
    const ScannedFile* sf = it == by_path.end() ? nullptr : it->second;
    if (!sf) {
      for (const Finding* f : fs) res.manual.push_back(manual_item(*f, "file not scanned"));
      continue;
    }
    planner.file(path, sf, fs, entries.count(path) > 0);
  }
  if (options.transfer_to_npu && entries.empty())
    res.diagnostics.push_back({"", 0,
                               "no entry point (if __name__ == \"__main__\":) found; add "
                               "`import torch_npu` and `from torch_npu.contrib import "
                               "transfer_to_npu` to your entry script by hand"});
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
