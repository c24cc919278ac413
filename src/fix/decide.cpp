#include "fix/decide.hpp"

#include <map>
#include <unordered_map>

#include "core/rule.hpp"
#include "core/text.hpp"
#include "fix/guard_region.hpp"
#include "fix/value_groups.hpp"

namespace ascendify::fix::detail {

namespace {

bool listed(const std::vector<std::string>& list, const Finding& f) {
  for (const auto& s : list)
    if (s == f.rule_id || s == to_string(f.domain)) return true;
  return false;
}

Decision manual(std::string why) {
  return {Decision::Manual, std::move(why), false};
}

// The group's lines, the first eight and a count: a reason repeated for each member stays short
// (a file testing one value 20,000 times).
std::string lines_of(const ValueGroup& g) {
  std::vector<uint32_t> ls;
  for (const auto& l : g.literals) ls.push_back(l.line);
  std::sort(ls.begin(), ls.end());
  ls.erase(std::unique(ls.begin(), ls.end()), ls.end());
  std::string out;
  for (size_t i = 0; i < ls.size() && i < 8; ++i) {
    if (!out.empty()) out += ", ";
    out += std::to_string(ls[i]);
  }
  if (ls.size() > 8) out += ", ... (" + std::to_string(ls.size()) + " lines)";
  return out;
}

std::string names_of(const ValueGroup& g) {
  std::string out;
  for (size_t i = 0; i < g.carriers.size() && i < 8; ++i) {
    const std::string& c = g.carriers[i];
    const std::string shown = c.starts_with("@")    ? "--" + c.substr(1)
                              : c.starts_with("()") ? c.substr(2) + "()"
                                                    : c;
    out += (out.empty() ? "" : ", ") + shown;
  }
  return out;
}

}  // namespace

// "`snippet` (line N": the opening of a reason that quotes a line (a std::string on the left of
// every +: GCC 12 warns, wrongly, on "literal" + std::string&&).
std::string quote_at(const LineIndex& lines, uint32_t line) {
  std::string out = "`";
  out += quoted_line(lines, line);
  out += "` (line ";
  out += std::to_string(line);
  return out;
}

std::string quoted_line(const LineIndex& lines, uint32_t line) {
  std::string_view l = lines.line(line);
  while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
  while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.remove_suffix(1);
  std::string out(l.substr(0, 60));
  if (l.size() > 60) out += "...";
  return out;
}

void demote_unsafe(Decision& d, const FixOptions& o, std::string_view why) {
  if (d.kind != Decision::Candidate) return;
  if (o.unsafe_fixes)
    d.unsafe = true;
  else
    d = {Decision::Manual,
         concat({"unsafe fix, not applied: ", why, "; --unsafe-fixes applies it"}), false};
}

Decision standalone(const Finding& f, const ScannedFile& sf, const FixOptions& o) {
  if (o.transfer_to_npu && f.auto_by_transfer_to_npu)
    return {Decision::Transfer, std::string(kCoveredAtRuntime), false};
  // Why the finding is no edit, as the matcher decided (Finding::manual).
  switch (f.manual) {
    case ManualReason::NoAutofix:
      return manual("no automatic fix");
    case ManualReason::InlinePython:
      return manual("python -c code in a script: edit by hand");
    case ManualReason::BesideNpu:
      return manual("beside an NPU branch: the project already has its NPU path here");
    case ManualReason::None:
    case ManualReason::LowConfidence:
      break;  // an unsafe fix: --unsafe-fixes decides, below
  }
  if (!f.rule || !f.rule->autofix) return manual("no automatic fix");  // a hand-made finding
  const Autofix& fix = *f.rule->autofix;
  if ((!o.only.empty() && !listed(o.only, f)) || listed(o.exclude, f))
    return manual("not selected (--only/--exclude)");
  if (!fix.safe && !o.unsafe_fixes) {
    Decision d;
    demote_unsafe(d, o, fix.why);
    return d;
  }
  // `aggregate: file` folds many sites into one finding with one span: editing that span
  // would leave the other sites silently unedited.
  if (f.sites > 1)
    return manual("aggregated finding (" + std::to_string(f.sites) +
                  " sites in the file): edit by hand");
  switch (sf.file.kind) {
    case FileKind::Python:
    case FileKind::SetupPy:
    case FileKind::Shell:
    case FileKind::Dockerfile:
      return {Decision::Candidate, {}, !fix.safe};
    case FileKind::Notebook:
      return manual("notebook: edit the cell by hand");
    default:
      return manual("no automatic fix for this file kind");
  }
}

std::vector<int> decide_groups(std::string_view text, const std::vector<python::Token>& tokens,
                               const ScannedFile& sf, const std::vector<const Finding*>& fs,
                               std::vector<Decision>& decided, const FixOptions& o,
                               const ProjectValues* project, std::vector<GroupFate>* fates) {
  std::vector<int> group_of(fs.size(), -1);
  const ValueGroups vg = device_value_groups(sf.facts.facts, tokens);
  if (vg.groups.empty() && (vg.object_type_compares.empty() || !o.transfer_to_npu)) return group_of;
  const LineIndex lines(text);
  std::map<uint32_t, std::vector<size_t>> at;  // literal offset -> findings on it
  for (size_t k = 0; k < fs.size(); ++k)
    if (fs[k]->rule && fs[k]->rule->match.kind == MatchKind::String)
      at[fs[k]->span.offset].push_back(k);
  FixOptions alone = o;  // the members' own fate, were transfer_to_npu not asked for
  alone.transfer_to_npu = false;
  auto edited_at = [&](uint32_t offset) {
    auto it = at.find(offset);
    if (it == at.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(),
                       [&](size_t k) { return decided[k].kind == Decision::Candidate; });
  };
  // The name a carrier goes by in code: `self.device` -> device, `@device` -> device,
  // `()get_device` -> get_device.
  auto leaf_of = [](const std::string& c) {
    std::string_view v = c;
    if (v.starts_with("@")) v.remove_prefix(1);
    if (v.starts_with("()")) v.remove_prefix(2);
    return std::string(v.substr(v.rfind('.') + 1));
  };

  // `torch.device(d).type == "cuda"` under transfer_to_npu: a device built from a "cuda" string
  // stays a CUDA device; only a tensor's device is "npu". Which one this is, the file does not say.
  if (o.transfer_to_npu)
    for (uint32_t off : vg.object_type_compares) {
      auto it = at.find(off);
      if (it == at.end()) continue;
      for (size_t k : it->second)
        demote_unsafe(decided[k], o,
                      "under transfer_to_npu a torch.device built from \"cuda\" stays a CUDA "
                      "device and only a tensor's device type becomes \"npu\"; which one this is "
                      "the file does not show");
    }

  for (size_t gi = 0; gi < vg.groups.size(); ++gi) {
    const ValueGroup& g = vg.groups[gi];
    std::vector<size_t> members;
    std::string blocker;  // the first literal that cannot be edited, and why
    bool defs_covered = true;
    for (const ValueGroup::Literal& lit : g.literals) {
      const std::string where = quote_at(lines, lit.line) + ": ";
      auto it = at.find(lit.offset);
      if (it == at.end()) {
        // A literal of the value that no rule reports (a name no rule knows holds a device).
        if (lit.def) defs_covered = false;
        if (blocker.empty()) blocker = where + "no rule edits this literal)";
        continue;
      }
      bool editable = false, covered = false;
      std::string why;
      for (size_t k : it->second) {
        members.push_back(k);
        const Decision d = standalone(*fs[k], sf, alone);
        if (d.kind == Decision::Candidate)
          editable = true;
        else if (why.empty())
          why = d.reason;
        covered = covered || fs[k]->auto_by_transfer_to_npu;
      }
      if (lit.def && !covered) defs_covered = false;
      if (!editable && blocker.empty()) blocker = where + why + ")";
    }
    const bool defs = g.has_defs();
    // A test of the value fix cannot follow and will not edit (`{"cuda": 64}[device]`,
    // `device.startswith("cuda")`): edited, the value would fail it.
    bool tested_elsewhere = false;
    if (blocker.empty() && project)
      for (const auto& c : g.carriers)
        if (c.starts_with("@") && project->passed_options.count(c.substr(1))) {
          blocker = "--" + c.substr(1) +
                    " (passed by a launcher of the project: its value comes "
                    "from the script, which fix does not edit)";
          tested_elsewhere = true;
          break;
        }
    if (blocker.empty())
      for (const ValueGroups::Other& other : vg.others) {
        if (edited_at(other.offset)) continue;
        const bool names_it =
            std::any_of(other.names.begin(), other.names.end(), [&](const std::string& n) {
              return std::any_of(g.carriers.begin(), g.carriers.end(),
                                 [&](const std::string& c) { return leaf_of(c) == n; });
            });
        if (!names_it) continue;
        blocker = quote_at(lines, other.line) + ": a test of it fix cannot follow)";
        tested_elsewhere = true;
        break;
      }
    // Under transfer_to_npu a value that also comes from a tensor's device (`device =
    // x.device.type`), "npu" at run time, cannot keep its "cuda" strings: it is edited whole;
    // a parameter's default cannot either (callers may pass either): it stays manual.
    if (o.transfer_to_npu && defs && defs_covered && g.param_def && blocker.empty() &&
        g.has_compares())
      blocker = quote_at(lines, g.literals.front().line) +
                ": a parameter's default; under transfer_to_npu its callers may pass a \"cuda\" "
                "string or a tensor's \"npu\" device type)";
    GroupFate::Kind fate = GroupFate::Edited;
    if (defs && o.transfer_to_npu && defs_covered && !g.runtime_source && !g.param_def)
      fate = GroupFate::Left;
    else if (!blocker.empty())
      fate = GroupFate::Manual;
    if (fates && defs) {
      const uint32_t line = g.literals.front().line;
      fates->push_back({g.carriers, fate, sf.file.rel_path + ":" + std::to_string(line)});
    }
    // Literals no comparison tests can be edited one by one: nothing decides on them here.
    if (!g.has_compares() && !(tested_elsewhere && fate == GroupFate::Manual)) continue;
    for (size_t k : members) group_of[k] = static_cast<int>(gi);
    const std::string value = "one device value (" + names_of(g) + "; lines " + lines_of(g) + ")";

    if (!defs && tested_elsewhere) {
      // `device = os.getenv("DEVICE") or "cuda"`: a literal of the value fix cannot follow.
      for (size_t k : members)
        decided[k] = manual(value + " with " + blocker +
                            ": edited, its comparisons would no "
                            "longer match that literal");
      continue;
    }
    if (!defs) {
      // Compared with a value from outside the file: a function of the project returning it
      // decides (`device_type = autodetect_device_type()`), else the rest of the project.
      const GroupFate* source = nullptr;
      if (project)
        for (const auto& c : g.carriers) {
          auto it = project->returned.find(c);
          if (it != project->returned.end()) source = &it->second;
        }
      if (source && source->fate != GroupFate::Edited) {
        for (size_t k : members)
          decided[k] =
              source->fate == GroupFate::Left
                  ? Decision{Decision::Transfer,
                             value + ": it comes from " + source->where +
                                 ", whose \"cuda\" strings stay as they are",
                             false}
                  : manual(value + ": it comes from " + source->where +
                           ", which stays \"cuda\" until edited by hand; edit both together");
        continue;
      }
      if (source) continue;  // the source is edited: so is this
      if (!o.transfer_to_npu) {
        // Every other "cuda" value of the project becomes "npu", and a tensor's device type is
        // "npu": the comparison stays true once rewritten. Unless a value stays "cuda".
        if (project && (!project->manual_value.empty() || !project->unedited_literal.empty()))
          for (size_t k : members)
            decided[k] = manual(value +
                                ": compared with a value from outside this file, and "
                                "the device value at " +
                                (project->manual_value.empty() ? project->unedited_literal
                                                               : project->manual_value) +
                                " stays \"cuda\" until edited by hand; it may be this one");
        continue;
      }
      // With transfer_to_npu a "cuda" string passed in stays "cuda": only the caller knows.
      for (size_t k : members)
        demote_unsafe(decided[k], o,
                      "the compared value comes from outside this file; under transfer_to_npu a "
                      "\"cuda\" string passed in stays \"cuda\" while a tensor's device type "
                      "becomes \"npu\"");
      continue;
    }
    if (fate == GroupFate::Left) {
      // The literals stay "cuda" strings (transfer_to_npu converts them where they reach
      // torch), so the comparisons of them stay true as they are.
      for (size_t k : members)
        decided[k] = {Decision::Transfer,
                      value + ": its \"cuda\" strings stay as they are and so do its comparisons",
                      false};
      continue;
    }
    if (fate == GroupFate::Manual) {
      for (size_t k : members)
        decided[k] = manual(value + " with " + blocker +
                            ": edited in part, its comparisons would no longer match");
      continue;
    }
    for (size_t k : members) decided[k] = standalone(*fs[k], sf, alone);
  }
  return group_of;
}

void decide_guards(std::string_view text, const std::vector<python::Token>& tokens,
                   const ScannedFile& sf, const std::vector<const Finding*>& fs,
                   std::vector<Decision>& decided) {
  const LineIndex lines(text);
  const NameUses names(tokens);
  std::map<uint32_t, bool> edited_literal;  // offset of a String finding -> a candidate edits it
  for (size_t j = 0; j < fs.size(); ++j)
    if (fs[j]->rule && fs[j]->rule->match.kind == MatchKind::String)
      edited_literal[fs[j]->span.offset] |= decided[j].kind == Decision::Candidate;
  auto is_guard = [&](size_t k) {
    return decided[k].kind == Decision::Candidate && fs[k]->rule->autofix->guard;
  };
  // What stays CUDA in the file, by line: manual sites (device ones apart, for checks that gate
  // the whole file) and "cuda" literals no candidate edits.
  std::vector<std::pair<uint32_t, size_t>> staying, staying_device;
  for (size_t j = 0; j < fs.size(); ++j)
    if (decided[j].kind == Decision::Manual && fs[j]->severity != Severity::Info) {
      staying.emplace_back(fs[j]->span.line, j);
      if (fs[j]->domain == Domain::Device) staying_device.emplace_back(fs[j]->span.line, j);
    }
  std::vector<uint32_t> staying_literals;
  for (const Fact& f : sf.facts.facts) {
    if (f.kind != FactKind::String || !is_cuda_value(f.name)) continue;
    auto it = edited_literal.find(f.span.offset);
    if (it == edited_literal.end() || !it->second) staying_literals.push_back(f.span.line);
  }
  std::sort(staying.begin(), staying.end());
  std::sort(staying_device.begin(), staying_device.end());
  std::sort(staying_literals.begin(), staying_literals.end());
  // Module-level functions of the file (their lines) and the calls of them (line, name).
  std::unordered_map<std::string_view, std::pair<uint32_t, uint32_t>> local_defs;
  std::vector<std::pair<uint32_t, std::string_view>> local_calls;
  for (const Fact& f : sf.facts.facts) {
    if (f.kind == FactKind::FunctionDef && f.scope.empty())
      local_defs.emplace(f.name, def_lines(tokens, f.span.offset));
    if (f.kind == FactKind::Reference && f.name.starts_with("__local__."))
      local_calls.emplace_back(f.span.line, std::string_view(f.name).substr(10));
  }
  std::sort(local_calls.begin(), local_calls.end());
  std::vector<size_t> blocked;  // guards kept as they are
  std::vector<char> stored(fs.size(), 0);
  for (size_t k = 0; k < fs.size(); ++k) {
    if (!is_guard(k)) continue;
    const GuardedRegions r = guarded_regions(tokens, fs[k]->span.offset, names);
    stored[k] = r.stored;
    if (r.lines.empty()) continue;
    std::string stays;  // the first guarded site that stays CUDA
    auto scan = [&](uint32_t a, uint32_t b) {
      // Sites that stay, by line (binary search: a file may hold 20,000 guards).
      const auto& list = r.whole_file ? staying_device : staying;
      auto it = std::lower_bound(list.begin(), list.end(), std::make_pair(a, size_t{0}));
      if (it != list.end() && it->first <= b && stays.empty())
        stays = quote_at(lines, it->first) + ", " + fs[it->second]->rule_id + ", left manual)";
      auto lit = std::lower_bound(staying_literals.begin(), staying_literals.end(), a);
      if (lit != staying_literals.end() && *lit <= b && stays.empty())
        stays = quote_at(lines, *lit) + ": its \"cuda\" stays)";
    };
    if (r.whole_file) {
      scan(1, UINT32_MAX);
    } else {
      for (const auto& [a, b] : r.lines) scan(a, b);
      // A guarded call of a function of this file (`if torch.cuda.is_available(): report()`):
      // what stays in its body runs under the guard too (one call deep).
      for (const auto& [a, b] : r.lines)
        for (auto it = std::lower_bound(local_calls.begin(), local_calls.end(),
                                        std::make_pair(a, std::string_view()));
             it != local_calls.end() && it->first <= b && stays.empty(); ++it) {
          auto def = local_defs.find(it->second);
          if (def == local_defs.end()) continue;
          scan(def->second.first, def->second.second);
          if (!stays.empty())
            stays = "a call of " + std::string(it->second) + " (line " + std::to_string(it->first) +
                    "), whose body keeps " + stays;
        }
    }
    if (stays.empty()) continue;
    decided[k] = manual("guards " + stays +
                        ", which is not edited: renamed alone, the condition would run it on "
                        "an NPU; port the guarded code first");
    blocked.push_back(k);
  }
  // Stored answers of one file agree: every stored check of one kind (DEVICE = "cuda" if
  // is_available() ..., DTYPE = bf16 if is_available() ...) answers the same question for the
  // code that reads them; and the parts of a condition that stays are kept with it
  // (`torch.cuda.is_available() and torch.cuda.is_bf16_supported()`).
  for (size_t b : blocked) {
    const auto [first, last] = statement_lines(tokens, fs[b]->span.offset);
    const std::string why = "decided together with line " + std::to_string(fs[b]->span.line) +
                            " (`" + quoted_line(lines, fs[b]->span.line) +
                            "`), which stays: the checks of one file must agree";
    for (size_t k = 0; k < fs.size(); ++k) {
      if (k == b || decided[k].kind != Decision::Candidate) continue;
      const bool same_kind =
          stored[b] && stored[k] && is_guard(k) && fs[k]->rule_id == fs[b]->rule_id;
      const bool same_condition = fs[k]->span.line >= first && fs[k]->span.line <= last &&
                                  fs[k]->rule->autofix->kind == AutofixKind::Rename;
      if (same_kind || same_condition) decided[k] = manual(why);
    }
  }
}

ProjectValues project_values(const std::vector<GroupFate>& fates) {
  ProjectValues p;
  for (const GroupFate& f : fates) {
    for (const auto& c : f.carriers)
      if (c.starts_with("()")) {
        auto [it, added] = p.returned.emplace(c, f);
        // Two functions of one name: the weaker fate wins (manual over left over edited).
        if (!added && f.fate > it->second.fate) it->second = f;
      }
    if (f.fate == GroupFate::Manual && p.manual_value.empty()) p.manual_value = f.where;
  }
  return p;
}

}  // namespace ascendify::fix::detail
