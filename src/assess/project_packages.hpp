#pragma once
#include <set>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::assess {

// Top-level packages the scanned project defines itself: a directory at the root or under
// src/ holding an __init__.py, directly or one level down (namespace packages such as
// Megatron-LM's `megatron/core`). `torch` is never one (a vendored copy must not hide every
// torch.cuda finding).
std::set<std::string> project_packages(const std::vector<SourceFile>& files);

// Drops findings of reference and import rules whose matched name lies in one of the
// project's own packages: scanning flash-attention, `flash_attn.flash_attn_func` is the
// project's own code, not a dependency on flash-attn. Returns how many were dropped.
size_t drop_self_references(std::vector<Finding>& findings, const std::set<std::string>& packages);

}  // namespace ascendify::assess
