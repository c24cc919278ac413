// FileKind from a root-relative path, by name conventions only.
#include <string>
#include <string_view>

#include "core/text.hpp"
#include "discover/discover.hpp"

namespace ascendify::discover {
namespace {

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// True when a directory component of `dir` (lower-cased, '/'-separated) is `name`.
bool has_component(std::string_view dir, std::string_view name) {
  size_t pos = 0;
  while (pos <= dir.size()) {
    size_t slash = dir.find('/', pos);
    if (slash == std::string_view::npos) slash = dir.size();
    if (dir.substr(pos, slash - pos) == name) return true;
    pos = slash + 1;
  }
  return false;
}

bool is_requirements(std::string_view dir, std::string_view name) {
  const bool txt = ends_with(name, ".txt");
  if (txt && name.find("requirements") != std::string_view::npos) return true;
  if (txt && starts_with(name, "constraints")) return true;
  if (ends_with(name, ".in") && starts_with(name, "requirements")) return true;  // pip-tools
  if ((txt || ends_with(name, ".in")) && has_component(dir, "requirements")) return true;
  return false;
}

}  // namespace

FileKind classify(std::string_view rel_path) {
  const std::string lower = ascii_lower(rel_path);
  const std::string_view path = lower;
  const size_t slash = path.rfind('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const std::string_view dir = slash == std::string_view::npos ? "" : path.substr(0, slash);
  const size_t dot = name.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : name.substr(dot);

  if (name == "setup.py") return FileKind::SetupPy;
  if (name == "setup.cfg") return FileKind::SetupCfg;
  if (name == "pyproject.toml") return FileKind::Pyproject;
  if (name == "cmakelists.txt") return FileKind::CMake;
  if (name == "dockerfile" || name == "containerfile" || starts_with(name, "dockerfile.") ||
      starts_with(name, "containerfile.") || ext == ".dockerfile") {
    return FileKind::Dockerfile;
  }
  if (is_requirements(dir, name)) return FileKind::Requirements;
  if ((starts_with(name, "environment") || starts_with(name, "conda")) &&
      (ext == ".yml" || ext == ".yaml")) {
    return FileKind::CondaEnv;
  }
  if (ext == ".py" || ext == ".pyi") return FileKind::Python;
  if (ext == ".ipynb") return FileKind::Notebook;
  if (ext == ".sh" || ext == ".bash" || ext == ".zsh") return FileKind::Shell;
  if (ext == ".cu" || ext == ".cuh" || ext == ".cpp" || ext == ".cc" || ext == ".cxx" ||
      ext == ".c" || ext == ".h" || ext == ".hpp" || ext == ".hh" || ext == ".hxx" ||
      ext == ".inl") {
    return FileKind::Native;
  }
  if (ext == ".cmake") return FileKind::CMake;
  if (ext == ".yml" || ext == ".yaml") return FileKind::Config;
  return FileKind::Other;
}

FileKind classify_with_content(std::string_view rel_path, std::string_view head) {
  FileKind kind = classify(rel_path);
  if (kind != FileKind::Other || !starts_with(head, "#!")) return kind;
  const size_t slash = rel_path.rfind('/');
  const std::string_view name =
      slash == std::string_view::npos ? rel_path : rel_path.substr(slash + 1);
  if (name.find('.') != std::string_view::npos) return kind;  // only extension-less scripts
  std::string_view line = head.substr(0, head.find('\n'));
  if (line.find("python") != std::string_view::npos) return FileKind::Python;
  for (std::string_view sh : {"/sh", "bash", "zsh", "/env sh", "dash"}) {
    if (line.find(sh) != std::string_view::npos) return FileKind::Shell;
  }
  return kind;
}

}  // namespace ascendify::discover
