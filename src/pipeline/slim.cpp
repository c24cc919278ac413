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
  for (const Fact& f : facts.facts)
    if (script_run_by_name(f)) facts.scripts_run.push_back(f.name);
  // Strings feed only the matcher; nested definitions nothing in assess. Module-level defs and
  // classes are the program model's units, with their decorators (a registering decorator
  // makes a def used).
  move_uses_to_digest(facts, [](const Fact& f) {
    return f.kind == FactKind::String ||
           ((f.kind == FactKind::FunctionDef || f.kind == FactKind::ClassDef) && !f.scope.empty());
  });
  for (Fact& f : facts.facts)
    if (f.kind == FactKind::ClassDef) release(f.args);
}

}  // namespace ascendify::pipeline
