#pragma once
// Uses through a name a from-import binds (`from torch.cuda.amp import autocast, GradScaler`,
// then `autocast()`): the use cannot be renamed where it stands, but the import can. The module
// of the statement is renamed (`from torch.npu.amp import autocast, GradScaler`) when every name
// the statement imports is used, every use is a candidate edit, and every one renames to the
// same new module with the same name; otherwise the uses stay manual ("used through an alias").
#include <cstddef>
#include <vector>

#include "core/facts.hpp"
#include "core/finding.hpp"
#include "fix/fix.hpp"
#include "python/token.hpp"

namespace ascendify::fix::detail {

struct ImportRename {
  Edit edit;                     // the module's tokens -> the new module
  std::vector<size_t> findings;  // indexes into the file's findings it takes care of
};

// `candidate[k]`: finding k is to be edited. Only findings of `rename` rules used through a
// from-import alias take part.
std::vector<ImportRename> import_renames(std::string_view text,
                                         const std::vector<python::Token>& tokens,
                                         const std::vector<Fact>& facts,
                                         const std::vector<const Finding*>& fs,
                                         const std::vector<bool>& candidate);

}  // namespace ascendify::fix::detail
