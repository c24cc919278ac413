#include "lsp/documents.hpp"

namespace ascendify::lsp {

namespace {

using Json = nlohmann::json;

bool read_position(const Json& j, Position& out) {
  if (!j.is_object()) return false;
  const auto line = j.find("line");
  const auto ch = j.find("character");
  if (line == j.end() || ch == j.end() || !line->is_number_integer() || !ch->is_number_integer() ||
      line->get<int64_t>() < 0 || ch->get<int64_t>() < 0)
    return false;
  const uint64_t l = line->get<uint64_t>(), c = ch->get<uint64_t>();
  out.line = static_cast<uint32_t>(std::min<uint64_t>(l, UINT32_MAX));
  out.character = static_cast<uint32_t>(std::min<uint64_t>(c, UINT32_MAX));
  return true;
}

}  // namespace

void Documents::open(Document doc) {
  const std::string uri = doc.uri;
  docs_[uri] = std::move(doc);
}

const Document* Documents::find(const std::string& uri) const {
  const auto it = docs_.find(uri);
  return it == docs_.end() ? nullptr : &it->second;
}

bool Documents::change(const std::string& uri, int64_t version, const Json& changes, Encoding enc) {
  const auto it = docs_.find(uri);
  if (it == docs_.end() || !changes.is_array()) return false;
  // Applied to a copy: a malformed change leaves the document as it was.
  std::string text = it->second.text;
  for (const Json& c : changes) {
    if (!c.is_object()) return false;
    const auto t = c.find("text");
    if (t == c.end() || !t->is_string()) return false;
    const auto range = c.find("range");
    if (range == c.end()) {
      text = t->get<std::string>();
      continue;
    }
    Position from, to;
    if (!range->is_object() || !range->contains("start") || !range->contains("end") ||
        !read_position((*range)["start"], from) || !read_position((*range)["end"], to))
      return false;
    const LineIndex index(text);
    size_t a = index.offset(from, enc), b = index.offset(to, enc);
    if (b < a) std::swap(a, b);
    text.replace(a, b - a, t->get_ref<const std::string&>());
  }
  it->second.text = std::move(text);
  it->second.version = version;
  return true;
}

}  // namespace ascendify::lsp
