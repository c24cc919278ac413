#include "lsp/framing.hpp"

#include <algorithm>
#include <cstdint>

namespace ascendify::lsp {

namespace {

constexpr std::string_view kLengthName = "content-length";

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

// Position of the first case-insensitive `Content-Length` at or after `from`, or npos.
size_t find_length_name(std::string_view s, size_t from) {
  for (size_t i = from; i + kLengthName.size() <= s.size(); ++i)
    if (lower(s[i]) == 'c' && iequals(s.substr(i, kLengthName.size()), kLengthName)) return i;
  return std::string_view::npos;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// What a complete header block says: the body length, or why it is unusable.
struct Header {
  bool ok = false;
  bool malformed = false;  // a line that is no "Name: value" field
  // Malformed: where a Content-Length glued to other bytes starts ("xx:yContent-Length: 5"),
  // relative to the block; npos: none in the block.
  size_t resync = std::string_view::npos;
  uint64_t length = 0;
  std::string why;
};

Header parse_header(std::string_view block) {
  Header h;
  bool have_length = false;
  size_t start = 0;
  while (start < block.size()) {
    size_t nl = block.find('\n', start);
    if (nl == std::string_view::npos) nl = block.size();
    std::string_view line = block.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // Bytes glued before a header: the frame starts at the Content-Length inside the line.
    if (const size_t at = find_length_name(line, 1); at != std::string_view::npos) {
      h.why = "malformed header line";
      h.malformed = true;
      h.resync = start + at;
      return h;
    }
    start = nl + 1;
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0 ||
        line.substr(0, colon).find_first_of(" \t\r") != std::string_view::npos) {
      h.why = "malformed header line";
      h.malformed = true;
      return h;
    }
    const std::string_view name = line.substr(0, colon);
    if (!iequals(name, kLengthName)) continue;  // Content-Type and the like
    const std::string_view value = trim(line.substr(colon + 1));
    if (value.empty() || value.size() > 19 ||
        value.find_first_not_of("0123456789") != std::string_view::npos) {
      h.why = "Content-Length is not a number";
      return h;
    }
    uint64_t n = 0;
    for (char c : value) n = n * 10 + static_cast<uint64_t>(c - '0');
    if (have_length && n != h.length) {
      h.why = "two different Content-Length fields";
      return h;
    }
    have_length = true;
    h.length = n;
  }
  if (!have_length) {
    h.why = "header without Content-Length";
    return h;
  }
  h.ok = true;
  return h;
}

}  // namespace

std::string frame(std::string_view body) {
  std::string out = "Content-Length: ";
  out.append(std::to_string(body.size())).append("\r\n\r\n").append(body);
  return out;
}

void FrameReader::error(std::string why, Frame::Kind kind) {
  ready_.push_back({kind, std::move(why)});
}

void FrameReader::skip_garbage(size_t end) {
  if (end <= pos_) return;
  if (!in_garbage_) error("bytes outside a frame skipped (expected a Content-Length header)");
  in_garbage_ = true;
  pos_ = end;
}

void FrameReader::feed(std::string_view bytes) {
  // A refused body is dropped as it arrives, never buffered.
  const size_t drop = std::min(skipping_, bytes.size());
  skipping_ -= drop;
  bytes.remove_prefix(drop);
  if (bytes.empty()) return;
  buf_.append(bytes);
  parse();
  // Keep the buffer small: parsed bytes go.
  if (pos_ > 0 && (pos_ >= buf_.size() / 2 || pos_ > (1u << 16))) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
}

void FrameReader::parse() {
  const std::string_view all(buf_);
  while (true) {
    if (skipping_ > 0) {
      const size_t drop = std::min(skipping_, buf_.size() - pos_);
      skipping_ -= drop;
      pos_ += drop;
      if (skipping_ > 0) return;
    }
    if (have_header_) {
      if (buf_.size() - pos_ < body_len_) return;
      ready_.push_back({Frame::Kind::Body, buf_.substr(pos_, body_len_)});
      pos_ += body_len_;
      have_header_ = false;
      continue;
    }
    // Line breaks between frames are tolerated.
    while (pos_ < buf_.size() && (buf_[pos_] == '\r' || buf_[pos_] == '\n')) ++pos_;
    if (pos_ == buf_.size()) return;
    if (in_garbage_) {  // resyncing: only a Content-Length starts a frame again
      const size_t next = find_length_name(all, pos_);
      if (next == std::string_view::npos) {
        const size_t keep = kLengthName.size() - 1;  // could be the start of one
        if (buf_.size() - pos_ > keep) pos_ = buf_.size() - keep;
        return;
      }
      pos_ = next;
    }
    // The header ends at the first empty line.
    size_t end = std::string_view::npos, body = 0;
    for (size_t nl = all.find('\n', pos_); nl != std::string_view::npos;
         nl = all.find('\n', nl + 1)) {
      if (nl + 1 < all.size() && all[nl + 1] == '\n') {
        end = nl, body = nl + 2;
        break;
      }
      if (nl + 2 < all.size() && all[nl + 1] == '\r' && all[nl + 2] == '\n') {
        end = nl, body = nl + 3;
        break;
      }
      if (nl - pos_ > kMaxHeaderBytes) break;
    }
    if (end == std::string_view::npos) {
      if (buf_.size() - pos_ <= kMaxHeaderBytes) return;  // wait for the rest of the header
      // No header is this long: resync at the next Content-Length, or keep only a tail that
      // could be the start of one.
      const size_t next = find_length_name(all, pos_ + 1);
      skip_garbage(next != std::string_view::npos ? next : buf_.size() - (kLengthName.size() - 1));
      continue;
    }
    const Header h = parse_header(all.substr(pos_, end - pos_));
    if (!h.ok) {
      if (!in_garbage_) error(h.why + "; skipped to the next Content-Length");
      in_garbage_ = true;
      if (!h.malformed) {  // well-formed lines saying nothing usable: drop the whole block
        pos_ = body;
        continue;
      }
      // Bytes that are no header (garbage before a frame): resync at the next Content-Length.
      const size_t next =
          h.resync != std::string_view::npos ? pos_ + h.resync : find_length_name(all, pos_ + 1);
      pos_ = next != std::string_view::npos
                 ? next
                 : std::max(pos_ + 1, buf_.size() - (kLengthName.size() - 1));
      continue;
    }
    in_garbage_ = false;
    pos_ = body;
    if (h.length > max_body_) {
      error("message of " + std::to_string(h.length) + " bytes refused (limit " +
                std::to_string(max_body_) + ")",
            Frame::Kind::TooLarge);
      skipping_ = h.length;
      continue;
    }
    have_header_ = true;
    body_len_ = static_cast<size_t>(h.length);
  }
}

bool FrameReader::next(Frame& out) {
  if (ready_.empty()) return false;
  out = std::move(ready_.front());
  ready_.pop_front();
  return true;
}

}  // namespace ascendify::lsp
