#pragma once
// Triton helpers of the Python front end: launch sites `kernel[grid](...)` in a function body,
// and the autotune configuration of a @triton.jit function (features "autotune",
// "num_warps:4,8", "num_stages:2,3"). Pure functions over tokens / facts; no recursion.
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/facts.hpp"
#include "python/token.hpp"

namespace ascendify::python::detail {

struct LaunchSite {
  uint32_t name_begin = 0, name_end = 0;  // tokens of the (dotted) launched name
  std::string name;                       // "kernel", "self.kernel", "ops._fwd_kernel"
  std::vector<std::pair<std::string, std::string>> options;  // num_warps / num_stages literals
};

// Launch sites `NAME[...](` (NAME a plain or dotted name, not `x.y[...](` after another bracket)
// in the body of the definition whose header ends with the colon at `colon`. Nested `def` /
// `class` bodies are skipped (their own definition reports them). At most `limit` sites.
std::vector<LaunchSite> find_launches(std::span<const Token> toks, uint32_t colon,
                                      size_t limit = 4096);

// Adds "autotune" / "heuristics" and "num_warps:..." / "num_stages:..." features to `kf` from
// the decorator names and the triton.Config(...) calls among `facts` on lines
// [first_line, def_line).
void triton_config_features(const std::vector<std::string>& decorators,
                            const std::vector<Fact>& facts, uint32_t first_line, uint32_t def_line,
                            KernelFact& kf);

// Merges launch options (num_warps=8) into "num_warps:..." features (sorted numerically).
void add_option_features(const std::vector<std::pair<std::string, std::string>>& options,
                         std::vector<std::string>& features);

}  // namespace ascendify::python::detail
