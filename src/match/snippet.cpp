#include "match/snippet.hpp"

#include <algorithm>
#include <bit>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ascendify::match {

SnippetSource::SnippetSource(std::string_view text, const ThinVector<FileFacts::CellLine>* cells)
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

namespace {

// Bit i of `lf` is set when p[i] is '\n', for the 16 bytes at p; false (lf unset) when one of
// them is a '\r', whose line ends need a look at the next byte.
bool lf_mask16(const char* p, uint32_t& lf) {
#if defined(__SSE2__)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')))) return false;
  lf = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))));
  return true;
#else
  lf = 0;
  for (int i = 0; i < 16; ++i) {
    if (p[i] == '\r') return false;
    lf |= static_cast<uint32_t>(p[i] == '\n') << i;
  }
  return true;
#endif
}

}  // namespace

size_t SnippetSource::skip_lines(size_t pos, uint32_t n) {
  const char* const t = text_.data();
  const size_t size = text_.size();
  while (n > 0) {
    // Sixteen bytes at a time while they hold no '\r': each '\n' ends a line.
    uint32_t lf = 0;
    for (; pos + 16 <= size && lf_mask16(t + pos, lf); pos += 16) {
      const auto count = static_cast<uint32_t>(std::popcount(lf));
      if (count < n) {
        n -= count;
        continue;
      }
      for (; n > 1; --n) lf &= lf - 1;  // the n-th '\n' of the block
      return pos + static_cast<size_t>(std::countr_zero(lf)) + 1;
    }
    // The block with a '\r', or the tail, byte by byte: "\r\n" and a lone '\r' end one line.
    const size_t stop = std::min(size, pos + 16);
    if (pos == stop) return std::string_view::npos;
    for (; pos < stop; ++pos) {
      const bool end =
          t[pos] == '\n' || (t[pos] == '\r' && (pos + 1 == size || t[pos + 1] != '\n'));
      if (end && --n == 0) return pos + 1;
    }
  }
  return pos;
}

std::string_view SnippetSource::raw_line(uint32_t line_no) {
  if (index_) return index_->line(line_no);
  if (line_no == 0) return {};
  // Asked backwards or past the end (out-of-order notebook cells, hostile line numbers): one
  // index of the whole text from then on, so no line is ever counted to twice.
  if (line_no < line_) return index_.emplace(text_).line(line_no);
  const size_t start = skip_lines(start_, line_no - line_);
  // Past the end; a final line end opens no line.
  if (start == std::string_view::npos || (line_no > 1 && start == text_.size()))
    return index_.emplace(text_).line(line_no);
  line_ = line_no;
  start_ = start;
  size_t end = start;
  while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
  return text_.substr(start, end - start);
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
