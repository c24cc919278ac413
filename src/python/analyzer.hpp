#pragma once
#include <string_view>
#include <vector>

#include "core/facts.hpp"

namespace ascendify::python {

// Python front end: text -> facts (imports with aliases and guards, resolved references,
// calls with literal arguments, method calls, strings in device contexts, classes, functions,
// main guard, suppressions). Pure function; `path` is only used in diagnostics.
FileFacts analyze(std::string_view text, std::string_view path);

// Only the first step of analyze(): lexes `text` into the same per-thread buffers and keeps
// nothing. For bench/floor.sh's lex-only probe (pipeline/analyze_file.cpp), which measures a
// scan without its Python semantics; no scan calls it otherwise.
void lex_only(std::string_view text);

// Frees the lexer buffers this thread reuses from file to file (up to a few MB): a scan's
// worker calls it when no file is left, since its thread outlives the scan (core/helper_pool).
void release_thread_buffers();

// The facts of `python -c CODE` (in a shell script, Dockerfile or notebook `!` line) that say
// something about the CUDA world: references, method calls, strings, env and commands (no
// imports, no script marks: a one-liner imports nothing of the project and starts no phase),
// with scope kInlinePythonScope and every span (arguments too) set to `span`, the code word's.
std::vector<Fact> inline_python_facts(std::string_view code, const Span& span);

}  // namespace ascendify::python
