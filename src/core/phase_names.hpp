#pragma once
// SharedNames: a read-only list of names, shared by its copies. Reads as a
// const std::vector<std::string>.
// - The phases a finding is in (Finding::phases, as PhaseNames). A big tree has tens of
//   thousands of findings and only a handful of distinct lists ("inference", "training,
//   inference", none): assess gives every finding with the same list the same one, where each
//   finding kept its own vector of strings before (1.5 MB of the speed corpus's heap peak).
// - The files a task runs (TaskPhase::files): the tasks of an option's values that take the
//   same branches run the same files, and share one list (hundreds of paths each).
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ascendify {

class SharedNames {
 public:
  using List = std::vector<std::string>;

  SharedNames() = default;
  // A list of its own (a finding read back from a report or a cache entry, tests).
  SharedNames(List names)  // NOLINT(google-explicit-constructor): reads as the vector it was
      : list_(names.empty() ? nullptr : std::make_shared<const List>(std::move(names))) {}
  SharedNames(std::initializer_list<std::string> names) : SharedNames(List(names)) {}
  // A list shared with other findings (assess interns them).
  explicit SharedNames(std::shared_ptr<const List> shared) : list_(std::move(shared)) {
    if (list_ && list_->empty()) list_.reset();
  }

  const List& list() const& { return list_ ? *list_ : empty_list(); }
  operator const List&() const& { return list(); }  // NOLINT(google-explicit-constructor)
  // Not of a temporary: the reference would outlive a list of its own.
  const List& list() const&& = delete;
  operator const List&() const&& = delete;

  bool empty() const { return !list_; }
  size_t size() const { return list().size(); }
  const std::string& operator[](size_t i) const { return list()[i]; }
  List::const_iterator begin() const { return list().begin(); }
  List::const_iterator end() const { return list().end(); }
  bool operator==(const SharedNames& o) const { return list() == o.list(); }

 private:
  static const List& empty_list() {
    static const List kEmpty;
    return kEmpty;
  }
  std::shared_ptr<const List> list_;  // null: no phase
};

using PhaseNames = SharedNames;

}  // namespace ascendify
