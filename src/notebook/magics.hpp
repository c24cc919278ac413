#pragma once
// IPython magics and shell escapes in notebook code cells -> facts. The Python text gets the
// line blanked; these functions produce the facts the line stood for, shell text through the
// shell front end (src/shell). Spans are in the
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
  Python,      // ordinary cell, or a cell magic whose body is Python (%%time, %%capture)
  PythonBody,  // the first line is a cell magic to blank; the rest is Python
  Shell,       // %%bash / %%sh / %%script bash: every following line is a shell line
  Blank,       // other cell magics (%%html, %%writefile data.txt, ...): skip the cell
};

// Classifies a cell by its first line.
CellMode cell_mode(std::string_view first_line);

// Shell text of the notebook, analysed by the shell front end (shell::analyze_shell_from, the
// one shell analysis: a `!torchrun ... train.py` line launches train.py exactly as it does in a
// .sh file). `text` starts at the beginning of the code line `at` (it may hold more lines: the
// body of a %%bash cell); the analysis starts at byte `begin`. Facts, diagnostics (lines of the
// concatenated code) and passed options are added to `out`.
void shell_facts(std::string_view text, const CodeLine& at, size_t begin, FileFacts& out);

// One shell command line from byte `begin` of l.text (`!cmd` after the '!', `%pip ...` after
// the '%'): shell_facts of that line.
void shell_line_facts(const CodeLine& l, size_t begin, FileFacts& out);

// A line magic starting at byte `begin` (the '%' or '!'): `!cmd` / `!!cmd`, %pip / %conda /
// %mamba, %sx / %system -> shell_line_facts; %env / %set_env -> EnvVar; %run script.py ->
// Command "python" (call = script). Other magics produce nothing.
void line_magic_facts(const CodeLine& l, size_t begin, FileFacts& out);

// If the line is a magic or shell escape (also `x = !cmd`, `x = %magic`, `?name`), returns
// the byte offset of its '!' / '%' / '?' and true.
bool find_magic(std::string_view line, size_t* begin);

}  // namespace ascendify::notebook
