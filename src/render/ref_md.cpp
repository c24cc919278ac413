#include "render/ref_md.hpp"

#include "core/text.hpp"
#include "render/escape.hpp"
#include "rules/ref_paths.hpp"

namespace ascendify::render {

std::string ref_markdown(std::string_view ref, std::string_view doc_dir) {
  const rules::RefSource src = rules::ref_source(ref);
  if (src.path.empty()) return md_text(ref);
  std::string out(1, '[');  // (not "[" + string: GCC 12 warns -Wrestrict on that)
  out += md_code(src.path);
  out += "](";
  out += uri_encode_path(rules::relative_to(src.path, doc_dir));
  out += ')';
  const std::string_view rest = ref.substr(src.name_end);
  if (!rest.empty()) out += md_text(rest);
  return out;
}

}  // namespace ascendify::render
