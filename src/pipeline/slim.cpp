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
  // Strings feed only the matcher; class definitions and nested functions nothing in assess.
  move_uses_to_digest(facts, [](const Fact& f) {
    return f.kind == FactKind::String || f.kind == FactKind::ClassDef ||
           (f.kind == FactKind::FunctionDef && !f.scope.empty());
  });
  for (Fact& f : facts.facts)
    if (f.kind == FactKind::FunctionDef) release(f.args);
}

}  // namespace ascendify::pipeline
