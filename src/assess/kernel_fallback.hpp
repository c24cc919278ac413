#pragma once
// Pure-PyTorch references beside kernels. A reference is a module-level Python function named
// *_ref / *_reference / *_torch / *_pytorch / *_naive (or ref_* / reference_* / torch_* /
// naive_*), or any public function of a module named *_ref.py / ref.py / reference*.py. It
// pairs with a kernel of the same name stem (kernel_model.hpp name_stem: `_rmsnorm_fwd_kernel`
// <-> `rms_norm_ref`) that sits in the same directory, a parent / child / sibling directory,
// or the directory (or parent) of one of the kernel's Python callers.
#include <string>
#include <vector>

#include "core/scanned_file.hpp"

namespace ascendify::assess {

class FallbackIndex {
 public:
  explicit FallbackIndex(const ScannedFiles& files);
  // Name of the reference for a kernel, or "" when none.
  std::string find(const std::string& kernel_name, const std::string& kernel_path,
                   const std::vector<std::string>& caller_dirs) const;

 private:
  struct Ref {
    std::string stem, name, dir;
  };
  std::vector<Ref> refs_;
};

}  // namespace ascendify::assess
