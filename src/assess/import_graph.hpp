#pragma once
// The module import graph of the scanned repository's own Python code: which project file
// each import statement loads. Absolute imports resolve against the source roots (the root,
// `src/`, and every folder holding a top-level package) and then the importing file's folder
// (script semantics); relative imports against the importing file's package. Importing
// `a.b.c` also loads the packages `a/__init__.py` and `a/b/__init__.py`.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/scanned_file.hpp"
#include "core/string_hash.hpp"

namespace ascendify::assess {

class ImportGraph {
 public:
  explicit ImportGraph(const std::vector<ScannedFile>& files);

  // Index of the file a dotted module name denotes ("pkg.train"), or -1.
  int resolve_module(std::string_view dotted) const;
  // The same as imported from file `file`: the source roots, then the file's own folder (a
  // script importing its sibling `kernel.py` as `kernel`).
  int resolve_module_from(int file, std::string_view dotted) const;
  // Some module or package of the file's own folder is named `first` (a cheap test before
  // resolve_module_from's folder lookup).
  bool in_own_folder(int file, std::string_view first) const {
    return file >= 0 && static_cast<size_t>(file) < dirs_.size() &&
           may_exist(dirs_[static_cast<size_t>(file)], first);
  }
  // A first component of some project module path ("genmo" for src/genmo/lib/x.py): a dotted
  // name starting with anything else (torch, numpy) names no project module.
  bool may_be_project(std::string_view first) const { return components_.count(first) != 0; }
  // Index of a Python file started by a command in file `from` ("train.py", "./x/y.py",
  // "-m pkg.mod"), or -1. Paths are tried against the root and the launching file's folder.
  int resolve_script(std::string_view call, int from) const;
  // Index of the module `dotted` ("a.b" -> dir/a/b.py or dir/a/b/__init__.py; "" -> the
  // package dir/__init__.py) under folder `dir` ("" or "x/y/" form), or -1.
  int resolve_in(std::string_view dir, std::string_view dotted) const;
  // Index of a root-relative path, or -1.
  int find_path(std::string_view rel_path) const;

  const std::vector<int>& edges(int file) const { return edges_[static_cast<size_t>(file)]; }
  // How strongly an edge binds, parallel to edges(): an import that always runs and whose
  // names are used unconditionally (kHard); an import that runs but whose names are used only
  // under flag tests (kFlaggedUses: the target's module code runs, its functions are optional);
  // an import under a flag test (kFlaggedImport: the whole target is optional).
  enum EdgeKind : uint8_t { kHard = 0, kFlaggedUses = 1, kFlaggedImport = 2 };
  const std::vector<uint8_t>& edge_kinds(int file) const {
    return edge_kinds_[static_cast<size_t>(file)];
  }
  // How each file is reached from the roots (roots included), by the strongest path: kRequired
  // (module code and functions run), kFunctionsOptional (module code runs, functions only
  // under flags), kAllOptional, kUnreached. A path is as weak as its weakest edge.
  enum Reach : uint8_t { kRequired = 0, kFunctionsOptional = 1, kAllOptional = 2, kUnreached = 3 };
  std::vector<uint8_t> reach(const std::vector<int>& roots) const;
  // Line `line` of a Python file runs only with an optional feature's flag set: it lies in a
  // FileFacts::FlagBlock whose flag is a parameter defaulting to off, or an attribute named
  // like an argparse option of the project that is off by default.
  bool flagged_at(int file, uint32_t line) const;
  // Dotted names of the imports of a file that resolve to no project file (third party).
  const std::vector<std::string>& external(int file) const {
    return external_[static_cast<size_t>(file)];
  }
  // Parallel to external(): the index of each one's ImportSite in the file's digest.
  const std::vector<uint32_t>& external_sites(int file) const {
    return external_sites_[static_cast<size_t>(file)];
  }
  size_t size() const { return edges_.size(); }

 private:
  bool add_absolute(int file, std::string_view dotted);
  bool add_relative(int file, int level, std::string_view module, std::string_view name);
  void add_edge(int from, int to);

  bool may_exist(std::string_view dir, std::string_view dotted) const;

  std::unordered_map<std::string, int, StringViewHash, std::equal_to<>> by_path_;
  // Every folder and module path without extension of the Python files ("a", "a/b", "a/b/c"
  // for a/b/c.py): a dotted name whose path is not here cannot resolve, without building the
  // two candidate file names. Most imports are third party; this keeps them cheap.
  std::unordered_set<std::string, StringViewHash, std::equal_to<>> stems_;
  // Targets of an absolute import under the source roots (independent of the importing file).
  std::unordered_map<std::string, std::vector<int>, StringViewHash, std::equal_to<>> root_targets_;
  // Every single path component of a stem ("a", "b", "c" for a/b/c.py): an absolute import
  // whose first component is none of these (torch, numpy, os: most imports) resolves nowhere.
  std::unordered_set<std::string, StringViewHash, std::equal_to<>> components_;
  std::vector<std::string> roots_;  // source roots, "" or "dir/" form, in priority order
  // First component of an absolute import -> the roots (indexes into roots_) holding it.
  std::unordered_map<std::string, std::vector<uint32_t>, StringViewHash, std::equal_to<>>
      roots_with_;
  std::vector<std::string> dirs_;  // folder of each file, "" or "dir/" form
  std::vector<std::vector<int>> edges_;
  std::vector<std::vector<uint8_t>> edge_kinds_;
  EdgeKind adding_ = kHard;  // kind of the edges add_edge adds (the import being resolved)
  std::vector<std::vector<std::string>> external_;
  std::vector<std::vector<uint32_t>> external_sites_;
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> flagged_lines_;  // per file: active
                                                                           // FlagBlock lines
};

// "a/b/c.py" -> "a/b/"; "c.py" -> "".
std::string dir_of(std::string_view rel_path);

}  // namespace ascendify::assess
