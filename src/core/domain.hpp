#pragma once
#include <array>
#include <optional>
#include <string_view>

namespace ascendify {

// The seven domains of DESIGN.md, in report order.
enum class Domain : uint8_t {
  Dependency,
  Device,
  Attention,
  CustomOp,
  Distributed,
  Precision,
  Compile
};
inline constexpr std::array<Domain, 7> kAllDomains = {
    Domain::Dependency,  Domain::Device,    Domain::Attention, Domain::CustomOp,
    Domain::Distributed, Domain::Precision, Domain::Compile};

enum class Confidence : uint8_t { High, Medium, Low };

// What `torch_npu.contrib.transfer_to_npu` does for a pattern (ascend-facts.md §2.1).
enum class TransferCoverage : uint8_t { Covered, Partial, NotCovered };

// How serious a finding is, for --fail-on and the report.
//   info    — portable or advisory (SDPA, pin_memory); nothing to do
//   manual  — needs a change (by hand or by `fix`)
//   blocker — no Ascend path without real engineering (custom CUDA kernels, unsupported deps)
enum class Severity : uint8_t { Info, Manual, Blocker };

// What a site asks of the port (the verdict's taxonomy, docs/effort-model.md "Site taxonomy"):
//   stops-run  — the default run stops there on an NPU, and no mechanical edit removes it;
//   must-adapt — an API swap with a semantic change (attention layout or varlen, precision
//                rework, an unsupported op or library);
//   mechanical — covered by transfer_to_npu or rewritten by `ascendify fix`;
//   tuning     — runs on an NPU as it is, should change for speed;
//   no-change  — nothing to do (info, a no-op on an NPU, a value only printed or logged).
enum class SiteClass : uint8_t { StopsRun, MustAdapt, Mechanical, Tuning, NoChange };
inline constexpr size_t kSiteClasses = 5;

std::string_view to_string(Domain d);
std::string_view to_string(Confidence c);
std::string_view to_string(TransferCoverage t);
std::string_view to_string(Severity s);
std::string_view to_string(SiteClass c);
std::optional<Domain> parse_domain(std::string_view s);
std::optional<Confidence> parse_confidence(std::string_view s);
std::optional<TransferCoverage> parse_transfer_coverage(std::string_view s);
std::optional<Severity> parse_severity(std::string_view s);
std::optional<SiteClass> parse_site_class(std::string_view s);

}  // namespace ascendify
