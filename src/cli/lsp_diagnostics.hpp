#pragma once
// Findings as LSP diagnostics (`ascendify lsp`): where a finding lies in the document's text,
// how severe it is, and what its message says. docs/lsp.md has the severity table.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.hpp"
#include "core/finding.hpp"
#include "core/source_file.hpp"
#include "lsp/positions.hpp"

namespace ascendify::cli {

// What the last whole-project scan said of a site (assess): only it knows whether the default
// run reaches the site, whether an off-by-default flag guards it, and the site's class.
struct ProjectNote {
  SiteClass site_class = SiteClass::MustAdapt;
  bool optional = false;
  std::vector<std::string> phases;
};

// Byte range of a finding in the document's text.
struct TextRange {
  size_t begin = 0;
  size_t end = 0;
};

// The finding's bytes in `text`: its span's offsets; for a notebook (spans in the coordinates
// of the concatenated code cells) the matched text on its line of the .ipynb file.
TextRange locate(const Finding& f, std::string_view text, const FileFacts& facts, FileKind kind);

// LSP DiagnosticSeverity: 1 Error, 2 Warning, 3 Information, 4 Hint.
int severity_of(const Finding& f, const ProjectNote* note);

nlohmann::json diagnostic_json(const Finding& f, const ProjectNote* note, TextRange range,
                               const lsp::LineIndex& index, lsp::Encoding enc);

nlohmann::json range_json(TextRange range, const lsp::LineIndex& index, lsp::Encoding enc);

}  // namespace ascendify::cli
