#pragma once
// The LSP base protocol's framing: `Content-Length: N\r\n` (other header fields allowed and
// ignored), an empty line, then N bytes of body. FrameReader takes the byte stream in chunks of
// any size and hands out the bodies; it never trusts the stream: bytes before a header are
// skipped, a header without a usable Content-Length is dropped and the reader resyncs at the
// next `Content-Length`, a body over the cap is skipped as it arrives, never held. Each such
// problem is one Frame of kind Error (the server answers it with a JSON-RPC error). No I/O.
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace ascendify::lsp {

// A body larger than this is refused (an edited source file is rarely over a few MiB).
inline constexpr size_t kMaxBodyBytes = 16u << 20;
// A header block longer than this is not a header.
inline constexpr size_t kMaxHeaderBytes = 8u << 10;

struct Frame {
  enum class Kind { Body, Error, TooLarge };
  Kind kind = Kind::Body;
  std::string text;  // the body, or what went wrong (one line)
};

class FrameReader {
 public:
  explicit FrameReader(size_t max_body = kMaxBodyBytes) : max_body_(max_body) {}
  // Appends bytes of the stream; the frames they complete are queued for next().
  void feed(std::string_view bytes);
  // The next complete frame or error; false when none is ready.
  bool next(Frame& out);
  // Bytes held for an incomplete frame (tests: garbage is not kept).
  size_t buffered() const { return buf_.size() - pos_; }

 private:
  void parse();
  // Drops the buffer's bytes up to `end` as garbage (one error per run of garbage).
  void skip_garbage(size_t end);
  void error(std::string why, Frame::Kind kind = Frame::Kind::Error);

  size_t max_body_;
  std::string buf_;
  size_t pos_ = 0;       // start of the unparsed bytes in buf_
  size_t body_len_ = 0;  // > 0 or have_header_: the body being waited for
  bool have_header_ = false;
  size_t skipping_ = 0;      // bytes of a refused body still to drop
  bool in_garbage_ = false;  // an error for the current run of garbage was queued
  std::deque<Frame> ready_;
};

// One outgoing message: header + body.
std::string frame(std::string_view body);

}  // namespace ascendify::lsp
