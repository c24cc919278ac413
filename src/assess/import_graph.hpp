#pragma once
// The module import graph of the scanned repository's own Python code: which project file
// each import statement loads. Absolute imports resolve against the source roots (the root,
// `src/`, and every folder holding a top-level package) and then the importing file's folder
// (script semantics); relative imports against the importing file's package. Importing
// `a.b.c` also loads the packages `a/__init__.py` and `a/b/__init__.py`.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
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
  explicit ImportGraph(const ScannedFiles& files);

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

  std::span<const int> edges(int file) const {
    return std::span<const int>(edge_to_).subspan(
        edge_start_[static_cast<size_t>(file)],
        edge_start_[static_cast<size_t>(file) + 1] - edge_start_[static_cast<size_t>(file)]);
  }
  // How strongly an edge binds, parallel to edges(): an import that always runs and whose
  // names are used unconditionally (kHard); an import that runs but whose names are used only
  // under flag tests (kFlaggedUses: the target's module code runs, its functions are optional);
  // an import under a flag test (kFlaggedImport: the whole target is optional).
  enum EdgeKind : uint8_t { kHard = 0, kFlaggedUses = 1, kFlaggedImport = 2 };
  std::span<const uint8_t> edge_kinds(int file) const {
    return std::span<const uint8_t>(edge_kind_)
        .subspan(edge_start_[static_cast<size_t>(file)], edges(file).size());
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
  // The dotted names of the imports of one file that resolve to no project file (third
  // party), in file order, each with the index of its ImportSite in the file's digest.
  class Externals {
   public:
    Externals(const ImportGraph& g, uint32_t first, uint32_t last)
        : g_(&g), first_(first), last_(last) {}
    size_t size() const { return last_ - first_; }
    bool empty() const { return first_ == last_; }
    std::string_view operator[](size_t k) const {
      const size_t n = first_ + k;
      return std::string_view(g_->external_text_)
          .substr(g_->external_start_[n], g_->external_start_[n + 1] - g_->external_start_[n]);
    }
    uint32_t site(size_t k) const { return g_->external_site_[first_ + k]; }
    struct iterator {
      using iterator_category = std::forward_iterator_tag;
      using value_type = std::string_view;
      using difference_type = std::ptrdiff_t;
      using pointer = void;
      using reference = std::string_view;
      const Externals* x = nullptr;
      size_t k = 0;
      std::string_view operator*() const { return (*x)[k]; }
      iterator& operator++() {
        ++k;
        return *this;
      }
      iterator operator++(int) {
        iterator was = *this;
        ++k;
        return was;
      }
      bool operator==(const iterator& o) const { return k == o.k; }
    };
    iterator begin() const { return {this, 0}; }
    iterator end() const { return {this, size()}; }

   private:
    const ImportGraph* g_;
    uint32_t first_, last_;
  };
  Externals external(int file) const {
    return Externals(*this, external_first_[static_cast<size_t>(file)],
                     external_first_[static_cast<size_t>(file) + 1]);
  }
  size_t size() const { return dirs_.size(); }

 private:
  // The constructor's steps, in this order.
  void index_flag_lines(const ScannedFiles& files);
  void index_paths(const ScannedFiles& files);  // dirs_, by_path_, stems_, roots_
  void add_imports(const ScannedFiles& files);  // the edges and external names
  bool add_absolute(int file, std::string_view dotted);
  bool add_relative(int file, int level, std::string_view module, std::string_view name);
  void add_edge(int from, int to);

  bool may_exist(std::string_view dir, std::string_view dotted) const;

  // The keys of by_path_, stems_ and components_ and the folders in dirs_ are views of the
  // files' paths: the files outlive the graph (as they do the program model).
  std::unordered_map<std::string_view, int> by_path_;
  // Every folder and module path without extension of the Python files ("a", "a/b", "a/b/c"
  // for a/b/c.py): a dotted name whose path is not here cannot resolve, without building the
  // two candidate file names. Most imports are third party; this keeps them cheap.
  std::unordered_set<std::string_view> stems_;
  // Targets of an absolute import under the source roots (independent of the importing file).
  std::unordered_map<std::string, std::vector<int>, StringViewHash, std::equal_to<>> root_targets_;
  // Every single path component of a stem ("a", "b", "c" for a/b/c.py): an absolute import
  // whose first component is none of these (torch, numpy, os: most imports) resolves nowhere.
  std::unordered_set<std::string_view> components_;
  std::vector<std::string> roots_;  // source roots, "" or "dir/" form, in priority order
  // First component of an absolute import -> the roots (indexes into roots_) holding it.
  std::unordered_map<std::string, std::vector<uint32_t>, StringViewHash, std::equal_to<>>
      roots_with_;
  std::vector<std::string_view> dirs_;  // folder of each file, "" or "dir/" form
  // The edges, file after file: file f's are edge_to_[edge_start_[f], edge_start_[f + 1]), with
  // their kinds in edge_kind_. One list for the tree, not two per file.
  std::vector<int> edge_to_;
  std::vector<uint8_t> edge_kind_;
  std::vector<uint32_t> edge_start_{0};
  // The edges add_edge adds from the file being read, before they are sorted into edge_to_.
  std::vector<int> adding_to_;
  std::vector<uint8_t> adding_kinds_;
  EdgeKind adding_ = kHard;  // kind of the edges add_edge adds (the import being resolved)
  // The external names, file after file: name n is external_text_[external_start_[n],
  // external_start_[n + 1]), its ImportSite external_site_[n]; file f's are the names
  // external_first_[f], ..., external_first_[f + 1] - 1.
  std::string external_text_;
  std::vector<uint32_t> external_start_{0};
  std::vector<uint32_t> external_site_;
  std::vector<uint32_t> external_first_{0};
  // The active FlagBlock lines, file after file: file f's are
  // flagged_lines_[flagged_start_[f], flagged_start_[f + 1]).
  std::vector<std::pair<uint32_t, uint32_t>> flagged_lines_;
  std::vector<uint32_t> flagged_start_{0};
};

// "a/b/c.py" -> "a/b/"; "c.py" -> "".
// The folder of a root-relative path, "" or "dir/" form: a view of it, or a copy.
std::string_view folder_of(std::string_view rel_path);
std::string dir_of(std::string_view rel_path);

}  // namespace ascendify::assess
