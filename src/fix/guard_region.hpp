#pragma once
// The code a condition decides: renaming `torch.cuda.is_available()` to
// `torch.npu.is_available()` makes the code it guards run on an NPU, so that code must be
// ported too (a guarded `torch.cuda.get_device_capability()` left as it is would now run and
// fail). Rules whose fix flips a condition say so (`autofix: {guard: true}`).
#include <cstdint>
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

// The condition's value is stored or returned (`cuda_available = torch.cuda.is_available()`,
// `DTYPE = torch.bfloat16 if torch.cuda.is_available() else ...`): it may gate any code of the
// file (`pytest.mark.skipif(not cuda_available)`), so the whole file counts as guarded.
bool stored_value(const std::vector<python::Token>& tokens, uint32_t offset);

}  // namespace ascendify::fix::detail
