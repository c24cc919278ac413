#pragma once
// ThinVector: a vector that is usually empty, in one pointer instead of three. A scan keeps a
// FileFacts per file it found (tens of thousands in a big tree), and most of its lists (flag
// blocks, suppressions, notebook cell lines, ...) stay empty in most files: as std::vectors
// they were 24 bytes each per file. The elements live in a std::vector made on the first
// insertion; an empty ThinVector holds no memory.
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace ascendify {

template <class T>
class ThinVector {
 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  ThinVector() = default;
  ThinVector(std::initializer_list<T> init) { assign(init.begin(), init.end()); }
  ThinVector(std::vector<T> v) {  // NOLINT(google-explicit-constructor): reads as the vector
    if (!v.empty()) v_ = std::make_unique<std::vector<T>>(std::move(v));
  }
  ThinVector(const ThinVector& other) { *this = other; }
  ThinVector(ThinVector&&) noexcept = default;
  ThinVector& operator=(const ThinVector& other) {
    if (this != &other) v_ = other.empty() ? nullptr : std::make_unique<std::vector<T>>(*other.v_);
    return *this;
  }
  ThinVector& operator=(ThinVector&&) noexcept = default;
  ~ThinVector() = default;

  bool empty() const { return !v_ || v_->empty(); }
  size_t size() const { return v_ ? v_->size() : 0; }
  T* begin() { return v_ ? v_->data() : nullptr; }
  T* end() { return v_ ? v_->data() + v_->size() : nullptr; }
  const T* begin() const { return v_ ? v_->data() : nullptr; }
  const T* end() const { return v_ ? v_->data() + v_->size() : nullptr; }
  T& operator[](size_t i) { return (*v_)[i]; }
  const T& operator[](size_t i) const { return (*v_)[i]; }
  T& front() { return v_->front(); }
  const T& front() const { return v_->front(); }
  T& back() { return v_->back(); }
  const T& back() const { return v_->back(); }

  void push_back(const T& x) { vec().push_back(x); }
  void push_back(T&& x) { vec().push_back(std::move(x)); }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    return vec().emplace_back(std::forward<Args>(args)...);
  }
  void pop_back() { v_->pop_back(); }
  void clear() { v_.reset(); }
  void reserve(size_t n) {
    if (n) vec().reserve(n);
  }
  template <class It>
  void assign(It first, It last) {
    clear();
    if (first != last) vec().assign(first, last);
  }
  template <class It>
  void insert(const T* pos, It first, It last) {
    if (first == last) return;
    const auto at = pos - begin();
    std::vector<T>& v = vec();
    v.insert(v.begin() + at, first, last);
  }

  // The elements as a std::vector, made if there is none (for code that fills a
  // std::vector<T>&).
  std::vector<T>& vec() {
    if (!v_) v_ = std::make_unique<std::vector<T>>();
    return *v_;
  }

  friend bool operator==(const ThinVector& a, const ThinVector& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  }

 private:
  std::unique_ptr<std::vector<T>> v_;
};

}  // namespace ascendify
