#pragma once
// PackedNames: a read-only list of strings kept back to back in one buffer, 4 bytes of index
// per string instead of a 32-byte std::string and, past 15 characters, its own heap block.
// The operator support lists (assess/model.hpp: about 25,000 names and notes over four torch
// versions) took 1.9 MB of every scan's heap as vectors of strings; packed, about 0.6 MB.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify {

class PackedNames {
 public:
  PackedNames() = default;
  PackedNames(std::initializer_list<std::string_view> names) {
    for (std::string_view n : names) push_back(n);
  }
  template <typename Range>
  static PackedNames of(const Range& names) {
    PackedNames p;
    for (const auto& n : names) p.push_back(n);
    p.shrink_to_fit();
    return p;
  }

  void push_back(std::string_view name) {
    text_.append(name);
    ends_.push_back(static_cast<uint32_t>(text_.size()));
  }
  void shrink_to_fit() {
    text_.shrink_to_fit();
    ends_.shrink_to_fit();
  }

  size_t size() const { return ends_.size(); }
  bool empty() const { return ends_.empty(); }
  std::string_view operator[](size_t i) const {
    const uint32_t start = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(text_).substr(start, ends_[i] - start);
  }

  // Whether `name` is in the list, which must be sorted (by binary search).
  bool sorted_contains(std::string_view name) const {
    size_t lo = 0, hi = size();
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      if ((*this)[mid] < name)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo < size() && (*this)[lo] == name;
  }

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = std::string_view;
    const_iterator() = default;
    const_iterator(const PackedNames* list, size_t i) : list_(list), i_(i) {}
    std::string_view operator*() const { return (*list_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++i_;
      return before;
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) {
      return a.i_ == b.i_;
    }

   private:
    const PackedNames* list_ = nullptr;
    size_t i_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

  friend bool operator==(const PackedNames& a, const PackedNames& b) {
    return a.ends_ == b.ends_ && a.text_ == b.text_;
  }

 private:
  std::string text_;
  std::vector<uint32_t> ends_;  // name i is text_[ends_[i - 1], ends_[i]), ends_[-1] = 0
};

}  // namespace ascendify
