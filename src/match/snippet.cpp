#include "match/snippet.hpp"

#include <algorithm>
#include <cstring>

namespace ascendify::match {

SnippetSource::SnippetSource(std::string_view text, const std::vector<FileFacts::CellLine>* cells)
    : text_(text), cells_(cells) {
  if (cells_ && !cells_->empty()) {
    std::string_view t = trim(text);
    json_ = !t.empty() && t.front() == '{';
  }
}

std::string_view SnippetSource::line(uint32_t line_no) {
  if (json_) {
    if (line_no == 0 || line_no > cells_->size()) return {};
    decoded_ = decode_json_string_line(raw_line((*cells_)[line_no - 1].json_line));
    return trim(decoded_);
  }
  return trim(raw_line(line_no));
}

void SnippetSource::terminator_at(size_t i) {
  // "\r\n" is one terminator: the '\n' records the next line.
  if (text_[i] == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n') return;
  starts_.push_back(static_cast<uint32_t>(i + 1));
}

void SnippetSource::scan_to(uint32_t line_no) {
  // memchr from line to line, as LineIndex does, where a window ahead holds no '\r'; a '\r'
  // (old Mac or Windows line ends) is handled on its own.
  constexpr size_t kWindow = 4096;
  const char* const t = text_.data();
  const size_t n = text_.size();
  while (starts_.size() <= line_no && scanned_ < n) {
    if (scanned_ >= no_cr_until_) {
      const size_t end = std::min(n, scanned_ + kWindow);
      const void* cr = std::memchr(t + scanned_, '\r', end - scanned_);
      no_cr_until_ = cr ? static_cast<size_t>(static_cast<const char*>(cr) - t) : end;
      if (no_cr_until_ == scanned_) {
        terminator_at(scanned_++);
        continue;
      }
    }
    const void* nl = std::memchr(t + scanned_, '\n', no_cr_until_ - scanned_);
    if (!nl) {
      scanned_ = no_cr_until_;
      continue;
    }
    scanned_ = static_cast<size_t>(static_cast<const char*>(nl) - t) + 1;
    starts_.push_back(static_cast<uint32_t>(scanned_));
  }
}

std::string_view SnippetSource::raw_line(uint32_t line_no) {
  if (line_no == 0) return {};
  scan_to(line_no);
  const bool complete = scanned_ == text_.size();
  // A final terminator does not open a new (empty) line.
  size_t count = starts_.size();
  if (complete && count > 1 && starts_.back() == text_.size()) --count;
  if (line_no > count) return {};
  size_t b = starts_[line_no - 1];
  size_t e = line_no < count ? starts_[line_no] : text_.size();
  while (e > b && (text_[e - 1] == '\n' || text_[e - 1] == '\r')) --e;
  return text_.substr(b, e - b);
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
