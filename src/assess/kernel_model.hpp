#pragma once
// What a kernel does and where it goes on Ascend: the purpose table of rules/model/kernels.yaml
// (purpose keywords -> torch_npu / mindiesd op), default paths per kernel kind, and the name
// helpers the inventory uses (words of a kernel name, the stem that pairs it with a
// pure-PyTorch reference).
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"

namespace ascendify::assess {

struct KernelPurpose {
  std::string purpose;                // "rmsnorm"
  std::vector<std::string> keywords;  // matched against the kernel name (see purpose_of)
  std::vector<std::string> ops;       // Triton ops ("tl.dot") that imply the purpose
  std::string ascend;                 // the Ascend path
  std::string ascend_zh;              // the same for the Chinese report ("" = `ascend`)
};

struct KernelPathModel {
  std::vector<KernelPurpose> purposes;               // first match wins
  std::map<std::string, std::string> default_paths;  // kernel kind -> path
  std::vector<std::string> no_op_purposes;           // purposes without a torch_npu op
  std::string fallback = "use the PyTorch fallback {name}";
  // Compiled modules imported by name and built elsewhere (external_extensions: in
  // kernels.yaml): these names, and any module whose name ends with one of the suffixes.
  std::vector<std::string> external_modules, external_suffixes;
  std::string external_path;  // the Ascend path of one with no purpose
  // The Chinese report's wording of the texts above ("" or absent = the English).
  std::map<std::string, std::string> default_paths_zh;
  std::string fallback_zh, external_path_zh;
};

// Parses kernels.yaml text; on error returns false, leaves `model` untouched, adds a diagnostic.
bool load_kernel_paths(KernelPathModel& model, std::string_view name, std::string_view text,
                       std::vector<Diagnostic>& diagnostics);
// The embedded rules/model/kernels.yaml (an empty model when it is missing).
const KernelPathModel& embedded_kernel_paths();

// Lower-cased words of an identifier split at '_', '.', digits kept: "_RMSNorm_fwd2" ->
// ["rmsnorm", "fwd2"]; camelCase is split too: "FusedRMSNormFn" -> ["fused", "rmsnorm", "fn"].
std::vector<std::string> name_words(std::string_view name);

// The stem pairing a kernel with its reference: the words without kernel / fwd / bwd /
// forward / backward / ref / reference / torch / pytorch / naive / triton / cuda / impl / fn,
// joined with no separator. `_rmsnorm_fwd_kernel` and `rms_norm_ref` both give "rmsnorm".
std::string name_stem(std::string_view name);

// Adds "key:value" to features, merging with an existing "key:..." feature: values (one or a
// comma list) are deduplicated and sorted numerically ("num_warps:4,8" + "8,16" -> "4,8,16").
void add_feature_value(std::vector<std::string>& features, const std::string& key,
                       const std::string& value);

// Purpose of a kernel from its name, then the stem of its file ("flash_attn_triton" for a
// `_fwd_kernel`), then the ops it calls; nullptr when none matches. A keyword matches a word
// of the name, a word's prefix, or (5+ characters) any part of the name without underscores.
const KernelPurpose* purpose_of(const KernelPathModel& m, std::string_view name,
                                const std::vector<std::string>& calls,
                                std::string_view file_stem = {});

}  // namespace ascendify::assess
