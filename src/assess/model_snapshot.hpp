#pragma once
// The embedded assessment model (rules/model/*.yaml as parsed: Model and KernelPathModel) in
// snapshot form (core/snapshot_io.hpp): written at build time by tools/make_snapshot.cpp, decoded
// by embedded_model() / embedded_kernel_paths() instead of parsing the YAML.
#include <cstdint>
#include <string>
#include <string_view>

#include "assess/kernel_model.hpp"
#include "assess/model.hpp"

namespace ascendify::assess {

// Bump when the encoding changes (a field added to a model struct).
inline constexpr uint32_t kModelSnapshotVersion = 10;

std::string write_model_snapshot(const Model& model, const KernelPathModel& kernels,
                                 uint64_t source_hash);

// Decodes a snapshot written by write_model_snapshot from the files of `source_hash` into the
// outputs given (either may be null). False, outputs untouched, when it is empty, stale, of
// another version or corrupt.
bool read_model_snapshot(std::string_view blob, uint64_t source_hash, Model* model,
                         KernelPathModel* kernels);

// The embedded model files parsed from YAML (what the snapshot is made from, and the fallback).
Model parse_embedded_model();
KernelPathModel parse_embedded_kernel_paths();

namespace layout {
#if defined(__GLIBCXX__) && defined(__x86_64__)  // sizes of this ABI only
// A field added to a model struct stops the build here: encode it in model_snapshot_write.cpp
// and model_snapshot_read.cpp, compare it in tests/assess/model_snapshot_test.cpp, bump
// kModelSnapshotVersion, then update the numbers.
static_assert(sizeof(SiteFactors) == 24 && sizeof(KernelModel) == 208 &&
                  sizeof(VerificationModel) == 32 && sizeof(EffortModel) == 376 &&
                  sizeof(PhaseConvention) == 80 && sizeof(PhaseModel) == 360 &&
                  sizeof(RoadmapStepModel) == 192 && sizeof(FeasibilityModel) == 128 &&
                  sizeof(Model) == 1088 && sizeof(KernelPurpose) == 144 &&
                  sizeof(OperatorListModel) == 200 && sizeof(HardwareProfileModel) == 208 &&
                  sizeof(NpuReleaseModel) == 128 && sizeof(CounterpartModel) == 312 &&
                  sizeof(AssumptionModel) == 96 && sizeof(KernelPathModel) == 320,
              "a model struct changed: update the model snapshot encoding (see above)");
#endif
}  // namespace layout

}  // namespace ascendify::assess
