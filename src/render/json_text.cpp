#include "render/json_text.hpp"

#include <nlohmann/json.hpp>

namespace ascendify::render::json_text {

namespace {

bool plain(std::string_view s) {
  for (unsigned char c : s)
    if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return false;
  return true;
}

}  // namespace

void append_string(std::string& out, std::string_view s) {
  if (plain(s)) {
    out += '"';
    out += s;
    out += '"';
    return;
  }
  out +=
      nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void newline(std::string& out, int level) {
  out += '\n';
  out.append(static_cast<size_t>(level) * 2, ' ');
}

void key(std::string& out, int level, std::string_view name) {
  newline(out, level);
  append_string(out, name);
  out += ": ";
}

void append_strings(std::string& out, int level, const std::vector<std::string>& v) {
  if (v.empty()) {
    out += "[]";
    return;
  }
  out += '[';
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    newline(out, level + 1);
    append_string(out, v[i]);
  }
  newline(out, level);
  out += ']';
}

void append_indented(std::string& out, int level, std::string_view dumped) {
  for (char c : dumped) {
    out += c;
    if (c == '\n') out.append(static_cast<size_t>(level) * 2, ' ');
  }
}

}  // namespace ascendify::render::json_text
