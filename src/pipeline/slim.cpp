#include "pipeline/slim.hpp"

#include <algorithm>

#include "core/use_digest.hpp"

namespace ascendify::pipeline {

namespace {

// What assess and the project stage never read (their readers all test the kind first):
// - strings, environment variables and base images feed only the matcher;
// - definitions: module-level defs and classes, the program model's units, are in the digest
//   (DefSite, with their decorators: a registering decorator makes a def used), and nested
//   ones are read by nothing;
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
      return true;
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
}

}  // namespace ascendify::pipeline
