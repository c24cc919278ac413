#include "assess/kernel_fallback.hpp"

#include "assess/kernel_model.hpp"
#include "core/text.hpp"
#include "core/use_digest.hpp"

namespace ascendify::assess {

namespace {

std::string dir_of(std::string_view path) {
  size_t d = path.rfind('/');
  return d == std::string_view::npos ? std::string() : std::string(path.substr(0, d));
}

bool reference_name(std::string_view n) {
  for (std::string_view s : {"_ref", "_reference", "_torch", "_pytorch", "_naive"})
    if (n.ends_with(s)) return true;
  for (std::string_view p : {"ref_", "reference_", "torch_", "naive_"})
    if (n.starts_with(p)) return true;
  return false;
}

bool reference_module(std::string_view path) {
  std::string_view file = path.substr(path.rfind('/') + 1);
  if (!file.ends_with(".py")) return false;
  file.remove_suffix(3);
  return file.ends_with("_ref") || file == "ref" || file.starts_with("reference");
}

// Directories are related: equal, parent / child, or siblings (same parent).
bool related(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const std::string pa = dir_of(a), pb = dir_of(b);
  const bool siblings = pa == pb && a.find('/') != std::string::npos;
  return pa == b || pb == a || siblings;
}

}  // namespace

FallbackIndex::FallbackIndex(const ScannedFiles& files) {
  UseDigest scratch;
  for (const auto& f : files) {
    if (f.file.kind != FileKind::Python) continue;
    const bool module = reference_module(f.file.rel_path);
    const UseDigest& d = uses_of(f.facts, scratch);
    for (const UseDigest::DefSite& def : d.defs) {
      if (def.is_class) continue;
      const std::string name(d.str(def.name));
      const std::string lower = ascii_lower(name);
      if (!reference_name(lower) && !(module && !name.starts_with("_"))) continue;
      std::string stem = name_stem(name);
      if (!stem.empty()) refs_.push_back({std::move(stem), name, dir_of(f.file.rel_path)});
    }
  }
}

std::string FallbackIndex::find(const std::string& kernel_name, const std::string& kernel_path,
                                const std::vector<std::string>& caller_dirs) const {
  const std::string stem = name_stem(kernel_name);
  if (stem.empty()) return {};
  const std::string dir = dir_of(kernel_path);
  for (const Ref& r : refs_) {
    if (r.stem != stem) continue;
    if (related(r.dir, dir)) return r.name;
    for (const auto& c : caller_dirs)
      if (related(r.dir, c)) return r.name;
  }
  return {};
}

}  // namespace ascendify::assess
