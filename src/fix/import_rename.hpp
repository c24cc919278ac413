#pragma once
// Uses through a name an import binds (`from torch.cuda.amp import autocast, GradScaler` then
// `autocast()`; `import torch.cuda.amp as amp` then `amp.autocast()`): the use cannot be renamed
// where it stands, but the import can. The statement's module is renamed (`from
// torch_npu.npu.amp import autocast, GradScaler`: torch.npu is an attribute, torch_npu.npu the
// package an import can name) when every name it binds is used, every use is a candidate edit,
// and all rename to one new module keeping their names; otherwise the uses stay manual.
#include <cstddef>
#include <vector>

#include "core/facts.hpp"
#include "core/finding.hpp"
#include "fix/fix.hpp"

namespace ascendify::fix::detail {

struct ImportRename {
  Edit edit;                     // the module's tokens -> the new module
  std::vector<size_t> findings;  // indexes into the file's findings it takes care of
};

// `candidate[k]`: finding k is to be edited. Only findings of `rename` rules used through a
// from-import alias take part.
std::vector<ImportRename> import_renames(std::string_view text, const std::vector<Fact>& facts,
                                         const std::vector<const Finding*>& fs,
                                         const std::vector<bool>& candidate);

}  // namespace ascendify::fix::detail
