#pragma once
#include "core/facts.hpp"

namespace ascendify::pipeline {

// Drops what nothing after matching reads when the scan only feeds assess (ascendify scan):
// String and ClassDef facts, FunctionDef facts inside a class or function, decorator lists;
// Reference and MethodCall facts move to the compact `facts.uses` (core/use_digest.hpp).
// Import, Native, Dependency, Command, EnvVar, BaseImage, MainGuard and module-level
// FunctionDef facts, kernels, cell lines and suppressions are kept whole, in order.
// tests/e2e/perf_slim_test.cpp checks the report is byte-identical with and without this.
void slim_for_assess(FileFacts& facts);

}  // namespace ascendify::pipeline
