#pragma once
// The code a condition decides: renaming `torch.cuda.is_available()` to
// `torch.npu.is_available()` makes the code it guards run on an NPU, so that code must be
// ported too (a guarded `torch.cuda.get_device_capability()` left as it is would now run and
// fail). Rules whose fix flips a condition say so (`autofix: {guard: true}`).
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "python/token.hpp"

namespace ascendify::fix::detail {

// Lines [first, last] of the statement holding the token at `offset` and, when the statement is
// an `if` / `elif` / `while` header, of the block it opens; for `if not ...:` also the rest of
// the enclosing block (an early `return` leaves the rest to run only when the check holds).
// {0, 0} when no token starts there.
std::pair<uint32_t, uint32_t> guarded_lines(const std::vector<python::Token>& tokens,
                                            uint32_t offset);

// Lines [first, last] of the `def` whose name token starts at `offset`, its body included.
std::pair<uint32_t, uint32_t> def_lines(const std::vector<python::Token>& tokens, uint32_t offset);

// Lines [first, last] of the statement holding the token at `offset` (a condition's own lines).
std::pair<uint32_t, uint32_t> statement_lines(const std::vector<python::Token>& tokens,
                                              uint32_t offset);

// What a condition decides: guarded_lines, and when its value is stored (`use_amp =
// torch.cuda.is_available()`) the code each use of that name guards; a value returned, or one
// that decides whether tests run (`pytest.mark.skipif(not cuda_available)`), gates the whole
// file.
struct GuardedRegions {
  std::vector<std::pair<uint32_t, uint32_t>> lines;
  bool whole_file = false;
  bool stored = false;  // the value is assigned or returned, not only tested where it stands
};
// The Name tokens of a file by text, built once per file for guarded_regions.
class NameUses {
 public:
  explicit NameUses(const std::vector<python::Token>& tokens);
  const std::vector<size_t>& of(std::string_view name) const;

 private:
  std::unordered_map<std::string_view, std::vector<size_t>> by_name_;
};
GuardedRegions guarded_regions(const std::vector<python::Token>& tokens, uint32_t offset,
                               const NameUses& names);

}  // namespace ascendify::fix::detail
