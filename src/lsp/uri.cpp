#include "lsp/uri.hpp"

#include <cctype>

#include "core/text.hpp"

namespace ascendify::lsp {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string uri_to_path(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.size() < kScheme.size()) return "";
  for (size_t i = 0; i < kScheme.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(uri[i])) != kScheme[i]) return "";
  uri.remove_prefix(kScheme.size());
  if (uri.starts_with("localhost/")) uri.remove_prefix(9);
  if (!uri.starts_with('/')) return "";  // another host
  // Query and fragment are not part of the path.
  uri = uri.substr(0, uri.find_first_of("?#"));
  std::string out;
  out.reserve(uri.size());
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && hex_value(uri[i + 1]) >= 0 &&
        hex_value(uri[i + 2]) >= 0) {
      const char c = static_cast<char>(hex_value(uri[i + 1]) * 16 + hex_value(uri[i + 2]));
      if (c == '\0') return "";
      out += c;
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

std::string path_to_uri(std::string_view path) {
  return "file://" + uri_encode_path(path);
}

}  // namespace ascendify::lsp
