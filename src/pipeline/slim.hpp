#pragma once
#include "core/facts.hpp"

namespace ascendify::pipeline {

// Drops what nothing after matching reads when the scan only feeds assess (ascendify scan):
// String facts, and the call arguments / receiver / call / detail / alias of Reference facts
// (assess reads their name, usage, scope, span), the arguments of MethodCall, ClassDef and
// FunctionDef facts. Import, Native, Dependency, Command, EnvVar, BaseImage and MainGuard
// facts, kernels, cell lines and suppressions are kept whole. Keeps the order of the facts.
// tests/e2e/perf_slim_test.cpp checks the report is byte-identical with and without this.
void slim_for_assess(FileFacts& facts);

}  // namespace ascendify::pipeline
