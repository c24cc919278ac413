#pragma once
#include "core/facts.hpp"

namespace ascendify::pipeline {

// Drops what nothing after matching reads when the scan only feeds assess (ascendify scan,
// the editor server's workspace scan): String, EnvVar and BaseImage facts, definitions inside
// a class or function, native facts other than kernel launches and bindings, commands that
// start no Python script and declare no console script, and the bases of classes. Reference,
// MethodCall and Import facts move to the compact `facts.uses` (core/use_digest.hpp). The rest
// (module-level definitions, MainGuard, Dependency, the kept Native and Command facts),
// kernels, cell lines and suppressions are kept whole, in order.
// tests/e2e/perf_slim_test.cpp checks the report is byte-identical with and without this.
void slim_for_assess(FileFacts& facts);

}  // namespace ascendify::pipeline
