#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::project {

// Top-level packages the scanned tree defines itself, per project. A project is the scanned
// root, and every folder below it holding a packaging manifest (setup.py, pyproject.toml,
// setup.cfg): a workspace of several checkouts, or a repository keeping its package under
// python/. In each project, a package is a folder at its top or under its src/ holding an
// __init__.py, directly or one level down (namespace packages such as Megatron-LM's
// `megatron/core`). `torch` is never one (a vendored copy must not hide every torch.cuda
// finding).
struct OwnPackages {
  struct Project {
    std::string dir;  // "" for the scanned root, else "a/b/" (with the trailing slash)
    std::set<std::string> packages;
  };
  std::vector<Project> projects;  // the root first, then by folder

  // True when `top` is a package of a project that contains `path`: Megatron-LM's own files
  // using `megatron` are its own code, DeepSpeed's files using it are not.
  bool owns(std::string_view path, std::string_view top) const;
  // All package names of the project at `dir` (tests, diagnostics).
  std::set<std::string> of(std::string_view dir) const;
};

OwnPackages project_packages(const std::vector<SourceFile>& files);

// True when a hit of `rule` on `match` in the file at `path` is a reference or import rule
// firing on one of the own packages of a project the file belongs to.
bool is_self_reference(const OwnPackages& own, const Rule& rule, std::string_view path,
                       std::string_view match);

// Drops findings of reference and import rules whose matched name lies in one of the own
// packages of a project the finding's file belongs to: scanning flash-attention,
// `flash_attn.flash_attn_func` is the project's own code, not a dependency on flash-attn.
// Returns how many were dropped.
size_t drop_self_references(std::vector<Finding>& findings, const OwnPackages& own);

}  // namespace ascendify::project
