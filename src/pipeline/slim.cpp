#include "pipeline/slim.hpp"

#include <algorithm>

#include "core/use_digest.hpp"

namespace ascendify::pipeline {

namespace {

template <typename T>
void release(T& v) {
  T().swap(v);  // clear() keeps the heap buffer; a swap frees it
}

// What assess and the project stage never read (their readers all test the kind first):
// - strings, environment variables and base images feed only the matcher;
// - nested definitions: module-level defs and classes are the program model's units, with
//   their decorators (a registering decorator makes a def used);
// - native facts other than kernel launches (kernel linking, through the digest) and
//   PYBIND11 bindings (kernel_links.cpp map_bindings);
// - commands that start no Python script of the project and declare no console script
//   (entry_points.cpp).
bool unread_after_matching(const Fact& f) {
  switch (f.kind) {
    case FactKind::String:
    case FactKind::EnvVar:
    case FactKind::BaseImage:
      return true;
    case FactKind::FunctionDef:
    case FactKind::ClassDef:
      return !f.scope.empty();
    case FactKind::Native:
      return !is_launch(f) && f.detail != "binding";
    case FactKind::Command:
      return f.call.empty() && f.name != "console-script";
    default:
      return false;
  }
}

}  // namespace

void slim_for_assess(FileFacts& facts) {
  for (const Fact& f : facts.facts)
    if (script_run_by_name(f)) facts.scripts_run.push_back(f.name);
  move_uses_to_digest(facts, unread_after_matching);
  for (Fact& f : facts.facts)
    if (f.kind == FactKind::ClassDef) release(f.args);
}

}  // namespace ascendify::pipeline
