#pragma once
// The re-lex check: after editing, the file's token stream must equal the original one except
// for the edited tokens and the inserted import line(s).
#include <string>
#include <string_view>
#include <vector>

#include "fix/fix.hpp"
#include "python/token.hpp"

namespace ascendify::fix::detail {

// `edits` sorted by offset, non-overlapping, each within `original`; `inserted` (possibly
// empty) goes at `insert_offset`. Returns an empty string when the streams agree, else why not.
std::string relex_mismatch(std::string_view original, const std::vector<python::Token>& tokens,
                           std::string_view fixed, const std::vector<Edit>& edits,
                           uint32_t insert_offset, std::string_view inserted);

// `original` with `edits` applied and `inserted` placed at `insert_offset`.
std::string apply_edits(std::string_view original, const std::vector<Edit>& edits,
                        uint32_t insert_offset, std::string_view inserted);

}  // namespace ascendify::fix::detail
