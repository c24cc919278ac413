#include "pipeline/slim.hpp"

#include <algorithm>

#include "core/use_digest.hpp"

namespace ascendify::pipeline {

namespace {

template <typename T>
void release(T& v) {
  T().swap(v);  // clear() keeps the heap buffer; a swap frees it
}

}  // namespace

void slim_for_assess(FileFacts& facts) {
  auto& v = facts.facts;
  // Strings feed only the matcher; class definitions and nested functions nothing in assess.
  std::erase_if(v, [](const Fact& f) {
    return f.kind == FactKind::String || f.kind == FactKind::ClassDef ||
           (f.kind == FactKind::FunctionDef && !f.scope.empty());
  });
  for (Fact& f : v)
    if (f.kind == FactKind::FunctionDef) release(f.args);
  move_uses_to_digest(facts);
  v.shrink_to_fit();
}

}  // namespace ascendify::pipeline
