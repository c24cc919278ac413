#pragma once
// Jupyter notebooks (.ipynb, nbformat 3 and 4) -> facts. Code cells are concatenated into
// one Python text (one line per source line; markdown/raw cells skipped) and given to the
// Python front end. Fact spans are in the coordinates of that concatenated text;
// FileFacts.cell_lines maps each of its lines to (cell, line in cell, line in the .ipynb).
// Magics and shell escapes are blanked in the Python text (same byte length, so columns and
// offsets stay) and turned into facts here (see magics.hpp). Pure; never throws.
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.hpp"

namespace ascendify::notebook {

struct NotebookCode {
  std::string code;                             // the concatenated code cells
  std::vector<FileFacts::CellLine> cell_lines;  // one per line of `code`
  std::vector<Fact> magic_facts;                // facts from magics / shell lines
  std::vector<std::string> passed_options;      // the `--name` options shell lines pass
  std::vector<Diagnostic> diagnostics;          // JSON and shell errors (line = .ipynb line)
};

// The code of a notebook, without running the Python front end.
NotebookCode extract_code(std::string_view text, std::string_view path);

// extract_code + python::analyze + magic facts. Python diagnostics are reported at the line
// of the .ipynb file (json_line) when known.
FileFacts analyze(std::string_view text, std::string_view path);

}  // namespace ascendify::notebook
