// libFuzzer target: the fixer's edit-and-relex step. The input is a Python file; it is
// analysed, matched against the embedded rules, and fix::plan_fixes plans (and re-lexes)
// the edits. Edits must be in bounds and in order.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fix/fix.hpp"
#include "match/matcher.hpp"
#include "python/analyzer.hpp"
#include "rules/ruleset.hpp"

using namespace ascendify;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const rules::RuleSet* rules = [] {
    std::vector<Diagnostic> diags;
    auto* set = new rules::RuleSet(rules::load_rules({}, diags));
    return set;
  }();
  std::string text(reinterpret_cast<const char*>(data), size);
  ScannedFile file;
  file.file.rel_path = "fuzz.py";
  file.file.root = "/nonexistent/";
  file.file.kind = FileKind::Python;
  file.file.size = size;
  file.facts = python::analyze(text, "fuzz.py");
  std::vector<Finding> findings = match::match_file(*rules, file.file, text, file.facts);
  ScannedFiles files;
  files.push_back(std::move(file));
  fix::FixResult r = fix::plan_fixes(files, findings, "/nonexistent", fix::FixOptions{},
                                     [&](const SourceFile&) { return std::optional(text); });
  for (const auto& fp : r.files) {
    uint32_t prev = 0;
    for (const auto& e : fp.edits) {
      if (e.offset < prev || e.end_offset < e.offset || e.end_offset > fp.original.size())
        __builtin_trap();
      prev = e.end_offset;
    }
    if (fp.original != text) __builtin_trap();
  }
  return 0;
}
