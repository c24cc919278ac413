#pragma once
// Value normalisation shared by the rule loader (rule values) and the matcher (fact values).
#include <string>
#include <string_view>

namespace ascendify::rules {

// "cuda:0" / "cuda:12" / "cuda:{}" -> "cuda:N" (any identifier before the colon); everything
// else unchanged ("CUDA" stays "CUDA").
std::string normalize_value(std::string_view value);
// Position of the ':' when normalize_value rewrites `value` ("cuda:0" -> "cuda:N"), else 0
// (the value is its own normal form: a caller can keep a view instead of a copy).
size_t indexed_value_colon(std::string_view value);

// Docker image reference without registry default and tag/digest:
// "docker.io/library/ubuntu:22.04" -> "ubuntu", "nvcr.io/nvidia/pytorch:24.01-py3" ->
// "nvcr.io/nvidia/pytorch". Lower-cased.
std::string normalize_image(std::string_view image);

// True when `name` starts with `prefix` at a name boundary: equal, or the prefix ends in a
// character that is not [A-Za-z0-9] ("torch.cuda.", "NCCL_", "cub/"), or the next character
// of `name` is not [A-Za-z0-9_] ("flash_attn" matches "flash_attn.x", not "flash_attn_x").
// The empty prefix matches every name.
bool boundary_prefix(std::string_view name, std::string_view prefix);

// A rule's replacement template with {name} (the matched name) and {tail} (the part after the
// matched prefix, rules/README.md) filled in.
std::string expand_replacement(std::string_view tmpl, std::string_view name, std::string_view tail);

}  // namespace ascendify::rules
