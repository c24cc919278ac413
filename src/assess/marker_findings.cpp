#include "assess/marker_findings.hpp"

#include "core/read_file.hpp"
#include "match/matcher.hpp"

namespace ascendify::assess {

Fact marker_fact(std::string marker, std::string_view scope, uint32_t line, uint32_t col,
                 uint32_t width, bool guarded, std::string shown) {
  Fact x;
  x.detail = std::move(shown);
  x.kind = FactKind::Reference;
  x.usage = Usage::Call;
  x.name = std::move(marker);
  x.scope = std::string(scope);
  x.guarded = guarded;
  x.span.line = x.span.end_line = line;
  x.span.col = col;
  x.span.end_col = col + width;
  return x;
}

std::vector<Finding> match_markers(const rules::RuleSet& rules, const ScannedFile& sf,
                                   std::vector<Fact> facts) {
  FileFacts uses;
  uses.suppressions = sf.facts.suppressions;
  uses.facts = std::move(facts);
  std::string error;
  const std::string text = read_file(sf.file.abs_path(), error).value_or(std::string());
  std::vector<Finding> found = match::match_file(rules, sf.file, text, uses);
  for (Finding& f : found)
    for (const Fact& x : uses.facts)
      if (!x.detail.empty() && x.span.line == f.span.line && x.span.col == f.span.col) {
        f.match = interned(x.detail);
        break;
      }
  return found;
}

}  // namespace ascendify::assess
