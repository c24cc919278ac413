#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/source_file.hpp"

namespace ascendify::discover {

struct Options {
  uint64_t max_file_size = 10ull * 1024 * 1024;  // larger files become a diagnostic
  std::vector<std::string> excludes;  // extra gitignore-style patterns (from config / CLI)
  bool include_other = false;         // also list files of kind Other
  // A single-file scan: only this root-relative file (a plain name in the root), listed
  // whatever the ignore files say, since the user named it.
  std::string only_file;
};

struct Result {
  std::vector<SourceFile> files;  // sorted by rel_path
  std::vector<Diagnostic> diagnostics;
};

// Walks `root` honouring .gitignore at every level and .git/info/exclude; skips .git,
// virtualenvs (dirs with pyvenv.cfg), site-packages, node_modules, __pycache__; never follows
// a symlink out of the root and never loops. Never throws.
Result walk(const std::filesystem::path& root, const Options& options);

// Called on the walking thread with each file as soon as it is found (in walk order, not in
// rel_path order), before walk returns it among the sorted files: lets a caller start work on
// the first files while the walk goes on.
using OnFile = std::function<void(const SourceFile&)>;
Result walk(const std::filesystem::path& root, const Options& options, const OnFile& on_file);

// Kind of a file from its root-relative path (and name conventions).
FileKind classify(std::string_view rel_path);

// Like classify, and for an extension-less file that classify calls Other, looks at the
// shebang line in `head` (the first bytes of the file): python -> Python, sh/bash/zsh/dash ->
// Shell. Optional; walk() itself does not read file contents.
FileKind classify_with_content(std::string_view rel_path, std::string_view head);

}  // namespace ascendify::discover
