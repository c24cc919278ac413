#pragma once
// The sites of a use digest (core/facts.hpp UseDigest), stored as a byte stream and read in
// file order. A big tree keeps hundreds of thousands of them until assess, and each pass reads
// them front to back: stored as 12-byte records plus their scope runs they were the largest
// part of a digest (5.6 MB of the speed corpus's 470,000 sites); in the stream a site takes
// about 4 bytes.
//
// One site: a head byte, then varints (7 bits a byte, low bits first):
//   head   bits 0-1 kind (0 Reference, 1 MethodCall, 2 Native), bits 2-4 usage, bit 5 guarded,
//          bit 6: a scope follows (it differs from the previous site's; the first site's
//          previous scope is 0), bit 7: the line is the previous site's (no line delta)
//   line   the difference from the previous site's line, zigzag (sites come in file order,
//          so it is small and rarely negative); the first site's previous line is 0
//   col    the column (at most 32767)
//   name   the string id
//   scope  the string id, when bit 6 says so
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

#include "core/fact_kind.hpp"
#include "core/leb128.hpp"

namespace ascendify {

class SiteList {
 public:
  // One site as the passes read it. Reference, launch: `name` is Fact::name. MethodCall:
  // Fact::receiver, the text the method is called on (nothing after matching reads the
  // method's own name).
  struct Site {
    FactKind kind = FactKind::Reference;
    Usage usage = Usage::Load;
    uint16_t col = 0;      // Fact::span.col, clamped to 32767
    bool guarded = false;  // Fact::guarded: under an availability check or an optional import
    uint32_t line = 0;
    uint32_t name = 0;   // id into the digest's strings; 0 is ""
    uint32_t scope = 0;  // Fact::scope, an id into the digest's strings
    bool operator==(const Site&) const = default;
  };

  // Whether a fact of this kind can be a site: Reference, MethodCall (calls), Native (launches).
  static bool storable(FactKind kind) { return code_of(kind) < 3; }

  static constexpr uint16_t kMaxCol = 0x7fff;

  // Appends `s`; its kind must be storable() and its col at most kMaxCol.
  void push_back(const Site& s) {
    const bool same_line = count_ > 0 && s.line == last_line_;
    const bool new_scope = s.scope != last_scope_;
    bytes_.push_back(static_cast<uint8_t>(code_of(s.kind) | static_cast<unsigned>(s.usage) << 2 |
                                          unsigned{s.guarded} << 5 | unsigned{new_scope} << 6 |
                                          unsigned{same_line} << 7));
    if (!same_line) {
      // Zigzag of the difference modulo 2^32: exact for any two lines.
      const auto delta = static_cast<int32_t>(s.line - last_line_);
      put(leb128::zigzag(delta));
    }
    put(s.col);
    put(s.name);
    if (new_scope) put(s.scope);
    last_line_ = s.line;
    last_scope_ = s.scope;
    ++count_;
  }

  SiteList() = default;
  SiteList(const SiteList&) = default;
  SiteList& operator=(const SiteList&) = default;
  // A moved-from list is empty, with nothing to encode against: the default move would leave
  // its count and its last line and scope behind.
  SiteList(SiteList&& o) noexcept { *this = std::move(o); }
  SiteList& operator=(SiteList&& o) noexcept {
    if (this == &o) return *this;
    bytes_ = std::move(o.bytes_);
    o.bytes_.clear();
    count_ = std::exchange(o.count_, 0);
    last_line_ = std::exchange(o.last_line_, 0);
    last_scope_ = std::exchange(o.last_scope_, 0);
    return *this;
  }

  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  size_t byte_size() const { return bytes_.size(); }
  void reserve_bytes(size_t n) { bytes_.reserve(n); }
  void shrink_to_fit() { bytes_.shrink_to_fit(); }
  void clear() { *this = SiteList(); }

  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Site;
    using difference_type = std::ptrdiff_t;
    using pointer = const Site*;
    using reference = const Site&;

    const_iterator() = default;
    const Site& operator*() const { return site_; }
    const Site* operator->() const { return &site_; }
    const_iterator& operator++() {
      at_ = next_;
      if (at_ != end_) decode();
      return *this;
    }
    // The iterator before the step, with the site it had read: `*it++` works.
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++*this;
      return before;
    }
    bool operator==(const const_iterator& o) const { return at_ == o.at_; }

   private:
    friend class SiteList;
    const_iterator(const uint8_t* at, const uint8_t* end) : at_(at), next_(at), end_(end) {
      if (at_ != end_) decode();
    }
    uint32_t get() {
      uint32_t v = 0;
      for (unsigned shift = 0;; shift += 7) {
        const uint8_t b = *next_++;
        v |= static_cast<uint32_t>(b & 0x7f) << shift;
        if (!(b & 0x80)) return v;
      }
    }
    void decode() {
      const uint8_t head = *next_++;
      site_.kind = kind_of(head & 3);
      site_.usage = static_cast<Usage>((head >> 2) & 7);
      site_.guarded = (head >> 5) & 1;
      if (!(head & 0x80)) {
        const uint32_t z = get();
        site_.line += leb128::unzigzag(z);  // modulo 2^32
      }
      site_.col = static_cast<uint16_t>(get());
      site_.name = get();
      if (head & 0x40) site_.scope = get();
    }
    const uint8_t* at_ = nullptr;    // this site's head
    const uint8_t* next_ = nullptr;  // the next site's head, once this one is decoded
    const uint8_t* end_ = nullptr;
    Site site_;  // carries the previous site's line and scope into decode()
  };

  const_iterator begin() const { return {bytes_.data(), bytes_.data() + bytes_.size()}; }
  const_iterator end() const {
    const uint8_t* e = bytes_.data() + bytes_.size();
    return {e, e};
  }

  // Every site, decoded: for tests and checks that index them.
  std::vector<Site> to_vector() const { return {begin(), end()}; }

 private:
  static unsigned code_of(FactKind kind) {
    switch (kind) {
      case FactKind::Reference:
        return 0;
      case FactKind::MethodCall:
        return 1;
      case FactKind::Native:
        return 2;
      default:
        return 3;
    }
  }
  static FactKind kind_of(unsigned code) {
    return code == 0 ? FactKind::Reference : code == 1 ? FactKind::MethodCall : FactKind::Native;
  }
  void put(uint32_t v) {
    leb128::put(v, [this](uint8_t b) { bytes_.push_back(b); });
  }

  std::vector<uint8_t> bytes_;
  uint32_t count_ = 0;
  uint32_t last_line_ = 0;   // of the last site pushed
  uint32_t last_scope_ = 0;  // likewise
};

}  // namespace ascendify
