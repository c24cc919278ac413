#include "match/snippet.hpp"

namespace ascendify::match {

SnippetSource::SnippetSource(std::string_view text, const std::vector<FileFacts::CellLine>* cells)
    : index_(text), cells_(cells) {
  if (cells_ && !cells_->empty()) {
    std::string_view t = trim(text);
    json_ = !t.empty() && t.front() == '{';
  }
}

std::string SnippetSource::line(uint32_t line_no) const {
  if (json_) {
    if (line_no == 0 || line_no > cells_->size()) return {};
    return std::string(
        trim(decode_json_string_line(index_.line((*cells_)[line_no - 1].json_line))));
  }
  return std::string(trim(index_.line(line_no)));
}

std::string decode_json_string_line(std::string_view line) {
  size_t q = line.find('"');
  if (q == std::string_view::npos) return std::string(line);
  std::string out;
  for (size_t i = q + 1; i < line.size(); ++i) {
    char c = line[i];
    if (c == '"') break;
    if (c != '\\' || i + 1 >= line.size()) {
      out += c;
      continue;
    }
    char e = line[++i];
    switch (e) {
      case 'n':
      case 'r':
        break;  // line terminators are not part of the snippet
      case 't':
        out += '\t';
        break;
      case 'u':
        if (i + 4 < line.size()) {
          unsigned v = 0;
          bool ok = true;
          for (size_t k = 1; k <= 4; ++k) {
            char h = line[i + k];
            v <<= 4;
            if (h >= '0' && h <= '9')
              v |= h - '0';
            else if (h >= 'a' && h <= 'f')
              v |= h - 'a' + 10;
            else if (h >= 'A' && h <= 'F')
              v |= h - 'A' + 10;
            else
              ok = false;
          }
          if (ok) {
            i += 4;
            if (v < 0x80)
              out += static_cast<char>(v);
            else if (v < 0x800) {
              out += static_cast<char>(0xC0 | (v >> 6));
              out += static_cast<char>(0x80 | (v & 0x3F));
            } else {
              out += static_cast<char>(0xE0 | (v >> 12));
              out += static_cast<char>(0x80 | ((v >> 6) & 0x3F));
              out += static_cast<char>(0x80 | (v & 0x3F));
            }
            break;
          }
        }
        out += 'u';
        break;
      default:
        out += e;  // \" \\ \/ and anything else: the character itself
    }
  }
  return out;
}

}  // namespace ascendify::match
