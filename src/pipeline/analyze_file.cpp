#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "config/config_targets.hpp"
#include "core/text.hpp"
#include "manifest/manifest.hpp"
#include "native/native.hpp"
#include "notebook/notebook.hpp"
#include "pipeline/scan.hpp"
#include "python/analyzer.hpp"
#include "shell/shell.hpp"

namespace ascendify::pipeline {

namespace {

// Returns a reason when the text is not something a text front end should read.
std::string unreadable_reason(std::string_view text) {
  if (text.size() >= 2 &&
      ((text[0] == '\xFF' && text[1] == '\xFE') || (text[0] == '\xFE' && text[1] == '\xFF')))
    return "UTF-16 encoded file; not scanned (convert it to UTF-8)";
  std::string_view head = text.substr(0, 8192);
  if (head.find('\0') != std::string_view::npos) return "binary content (NUL byte); not scanned";
  return {};
}

// True when every byte is < 0x80 (8 bytes at a time): such text is valid UTF-8 and the full
// validator need not run. Most source files are pure ASCII.
bool all_ascii(std::string_view text) {
  size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, text.data() + i, 8);
    if (w & 0x8080808080808080ull) return false;
  }
  for (; i < text.size(); ++i)
    if (static_cast<unsigned char>(text[i]) >= 0x80) return false;
  return true;
}

// Bench-only (bench/floor.sh): a build configured with -DASCENDIFY_FLOOR_PROBES=ON reads
// ASCENDIFY_FLOOR once: "lex" lexes each Python file (python::lex_only: the analyzer's own
// buffers, freed with them) and keeps nothing of it, "skip-python" does not even lex it. The scan
// then measures what it costs without its Python semantics: the floor under the cold ratio to rg.
// Other builds have no such switch.
enum class FloorProbe { Off, LexOnly, SkipPython };

FloorProbe floor_probe() {
#ifdef ASCENDIFY_FLOOR_PROBES
  static const FloorProbe probe = [] {
    const char* v = std::getenv("ASCENDIFY_FLOOR");
    const std::string_view s = v ? v : "";
    return s == "lex"           ? FloorProbe::LexOnly
           : s == "skip-python" ? FloorProbe::SkipPython
                                : FloorProbe::Off;
  }();
  return probe;
#else
  return FloorProbe::Off;
#endif
}

}  // namespace

FileFacts analyze_file(const SourceFile& file, std::string_view text) {
  FileFacts out;
  if (std::string reason = unreadable_reason(text); !reason.empty()) {
    out.diagnostics.push_back({file.rel_path, 0, std::move(reason)});
    return out;
  }
  const std::string& p = file.rel_path;
  switch (file.kind) {
    case FileKind::Python:
      if (const FloorProbe probe = floor_probe(); probe != FloorProbe::Off) {
        if (probe == FloorProbe::LexOnly) python::lex_only(text);
        break;
      }
      out = python::analyze(text, p);
      break;
    case FileKind::Notebook:
      out = notebook::analyze(text, p);
      break;
    case FileKind::Requirements:
      out = manifest::analyze_requirements(text, p);
      break;
    case FileKind::SetupPy:
      out = manifest::analyze_setup_py(text, p);
      break;
    case FileKind::SetupCfg:
      out = manifest::analyze_setup_cfg(text, p);
      break;
    case FileKind::Pyproject:
      out = manifest::analyze_pyproject(text, p);
      break;
    case FileKind::CondaEnv:
      out = manifest::analyze_conda_env(text, p);
      break;
    case FileKind::Dockerfile:
      out = shell::analyze_dockerfile(text, p);
      break;
    case FileKind::Shell:
      out = shell::analyze_shell(text, p);
      break;
    case FileKind::Native:
      out = native::analyze(text, p);
      break;
    case FileKind::Config:
      out = config::analyze_targets(text);
      break;
    case FileKind::CMake:
    case FileKind::Other:
      break;
  }
  if (!all_ascii(text) && !is_valid_utf8(text))
    out.diagnostics.push_back({p, 0, "invalid UTF-8; scanned byte-wise, columns may be off"});
  for (auto& d : out.diagnostics)
    if (d.path.empty()) d.path = p;
  return out;
}

}  // namespace ascendify::pipeline
