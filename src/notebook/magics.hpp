#pragma once
// IPython magics and shell escapes in notebook code cells -> facts. The Python text gets the
// line blanked; these functions produce the facts the line stood for. Spans are in the
// coordinates of the concatenated code (like the Python front end's facts).
#include <cstdint>
#include <string_view>

#include "core/facts.hpp"

namespace ascendify::notebook {

// One line of the concatenated code.
struct CodeLine {
  std::string_view text;  // the original line (before blanking)
  uint32_t line = 0;      // 1-based line in the concatenated code
  uint32_t offset = 0;    // byte offset of the line in the concatenated code
};

enum class CellMode : uint8_t {
  Python,       // ordinary cell, or a cell magic whose body is Python (%%time, %%capture)
  PythonBody,   // the first line is a cell magic to blank; the rest is Python
  Shell,        // %%bash / %%sh / %%script bash: every following line is a shell line
  Blank,        // other cell magics (%%html, %%writefile data.txt, ...): skip the cell
};

// Classifies a cell by its first line.
CellMode cell_mode(std::string_view first_line);

// A shell command line starting at byte `begin` of l.text (`!cmd`, %%bash body, `%pip ...`).
// EnvVar Assign for `export X=Y` / `X=Y cmd`, Command per command (name = basename of the
// command word, detail = the other words, call = script for python), and for pip/conda
// install: Command "pip-install"/"conda-install" + one Dependency per package.
void shell_line_facts(const CodeLine& l, size_t begin, FileFacts& out);

// A line magic starting at byte `begin` (the '%'): %env/%set_env -> EnvVar, %pip/%conda ->
// as shell, %run script.py -> Command "python" (call = script), %sx/%system -> shell.
// Other magics produce nothing.
void line_magic_facts(const CodeLine& l, size_t begin, FileFacts& out);

// If the line is a magic or shell escape (also `x = !cmd`, `x = %magic`, `?name`), returns
// the byte offset of its '!' / '%' / '?' and true.
bool find_magic(std::string_view line, size_t* begin);

}  // namespace ascendify::notebook
