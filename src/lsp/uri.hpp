#pragma once
// file:// URIs <-> absolute paths (RFC 8089 as editors write them: percent-encoded bytes, an
// empty or "localhost" authority).
#include <string>
#include <string_view>

namespace ascendify::lsp {

// The path of a file URI; "" when `uri` is not a local file URI or decodes to a NUL byte.
std::string uri_to_path(std::string_view uri);

// The file URI of an absolute path (bytes outside the unreserved set and '/' percent-encoded).
std::string path_to_uri(std::string_view path);

}  // namespace ascendify::lsp
