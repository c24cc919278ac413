#pragma once
// Hand-written JSON text in exactly the layout of nlohmann's dump(2) (ensure_ascii off,
// invalid UTF-8 replaced), for the parts of a report too big to build as a document first.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify::render::json_text {

// A quoted, escaped JSON string. Printable ASCII is copied; anything else goes through
// nlohmann's serializer so the bytes are identical to a document dump.
void append_string(std::string& out, std::string_view s);

// Line break plus `level` levels of two-space indentation.
void newline(std::string& out, int level);

// `"key": ` at `level` (preceded by a newline and indentation).
void key(std::string& out, int level, std::string_view name);

// An array of `n` elements at `level`, as dump(2) lays it out ("[]" when empty):
// `element(i)` appends the i-th element's text, which starts at indentation level + 1.
template <class Element>
void append_array(std::string& out, int level, size_t n, Element&& element) {
  if (n == 0) {
    out += "[]";
    return;
  }
  out += '[';
  for (size_t i = 0; i < n; ++i) {
    if (i) out += ',';
    newline(out, level + 1);
    element(i);
  }
  newline(out, level);
  out += ']';
}

// An array of strings at `level` ("[]" when empty).
void append_strings(std::string& out, int level, const std::vector<std::string>& v);

// A value rendered on its own by nlohmann's dump(2) (text starting at indentation 0), placed at
// `level`: every line after the first is indented by `level` more steps. JSON text never holds
// a raw line break inside a string, so this is exact.
void append_indented(std::string& out, int level, std::string_view dumped);

}  // namespace ascendify::render::json_text
