#pragma once
// What `fix` does with each finding of a file before any edit is computed: edit it, leave it to
// transfer_to_npu, or list it as manual work with the reason. One finding at a time first
// (rule, safety, selection, file kind), then the device value groups of a Python file, which
// are edited whole or not at all (value_groups.hpp).
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "core/text.hpp"
#include "fix/fix.hpp"
#include "python/token.hpp"

namespace ascendify::fix::detail {

struct Decision {
  enum Kind { Candidate, Transfer, Manual } kind = Candidate;
  std::string reason;   // Transfer, Manual: why
  bool unsafe = false;  // Candidate: an unsafe fix, applied because of --unsafe-fixes
};

// A candidate whose fix is unsafe in this context: applied (and marked) with --unsafe-fixes,
// else manual with `why` (what the edit could change).
void demote_unsafe(Decision& d, const FixOptions& o, std::string_view why);

// The finding taken alone.
Decision standalone(const Finding& f, const ScannedFile& sf, const FixOptions& o);

// What the plan does with one device value group that has "cuda" literals (definitions).
struct GroupFate {
  enum Kind { Edited, Left, Manual } fate = Edited;  // ordered: a later one is weaker
  std::vector<std::string> carriers;                 // ValueGroup::carriers
  std::string where;                                 // "path:line" of its first literal
  GroupFate() = default;
  GroupFate(std::vector<std::string> c, Kind k, std::string w)
      : fate(k), carriers(std::move(c)), where(std::move(w)) {}
};

// The fates of the whole project's groups, for the groups that compare a value defined in
// another file: a first pass over every file collects them.
struct ProjectValues {
  // "()name": the value a project function returns, and what happens to its literals.
  std::map<std::string, GroupFate> returned;
  // The first group whose "cuda" literals stay unedited (manual), "path:line"; "" for none.
  std::string manual_value;
  // The first "cuda" literal of the project no edit reaches (`run("cuda")` to a project
  // function, a file with no finding at all), "path:line"; "" for none.
  std::string unedited_literal;
  // Options the project's launchers pass (`python train.py --device cuda`: "device"), as
  // argparse names the dests: their values come from the scripts, which fix does not edit.
  std::set<std::string> passed_options;
};

ProjectValues project_values(const std::vector<GroupFate>& fates);

// Overrules `decided` (parallel to `fs`) for the findings of one Python file's device value
// groups; returns the group of each finding, -1 for none. `text` and `tokens` are the file's.
// `project`: the first pass's fates (nullptr in the first pass); `fates` receives this file's.
std::vector<int> decide_groups(std::string_view text, const std::vector<python::Token>& tokens,
                               const ScannedFile& sf, const std::vector<const Finding*>& fs,
                               std::vector<Decision>& decided, const FixOptions& o,
                               const ProjectValues* project, std::vector<GroupFate>* fates);

// A candidate whose rule flips a condition (`autofix: {guard: true}`) becomes manual when the
// code the condition guards keeps a CUDA site that is not edited (guard_region.hpp).
void decide_guards(std::string_view text, const std::vector<python::Token>& tokens,
                   const ScannedFile& sf, const std::vector<const Finding*>& fs,
                   std::vector<Decision>& decided);

// Line `line` (1-based), trimmed and clipped, for reasons that quote code.
std::string quoted_line(const LineIndex& lines, uint32_t line);

}  // namespace ascendify::fix::detail
