#include "core/domain.hpp"

#include <tuple>

#include "core/enum_names.hpp"
#include "core/finding.hpp"
#include "core/source_file.hpp"

namespace ascendify {

namespace {
constexpr std::array<std::string_view, 7> kDomainNames = {
    "dependency", "device", "attention", "custom_op", "distributed", "precision", "compile"};
constexpr std::array<std::string_view, 3> kConfidenceNames = {"high", "medium", "low"};
constexpr std::array<std::string_view, 3> kCoverageNames = {"covered", "partial", "not-covered"};
constexpr std::array<std::string_view, 3> kSeverityNames = {"info", "manual", "blocker"};
constexpr std::array<std::string_view, kSiteClasses> kSiteClassNames = {
    "stops-run", "must-adapt", "mechanical", "tuning", "no-change"};
}  // namespace

std::string_view to_string(Domain d) {
  return kDomainNames[static_cast<size_t>(d)];
}
std::string_view to_string(Confidence c) {
  return kConfidenceNames[static_cast<size_t>(c)];
}
std::string_view to_string(TransferCoverage t) {
  return kCoverageNames[static_cast<size_t>(t)];
}
std::string_view to_string(Severity s) {
  return kSeverityNames[static_cast<size_t>(s)];
}
std::string_view to_string(SiteClass c) {
  return kSiteClassNames[static_cast<size_t>(c)];
}
std::optional<SiteClass> parse_site_class(std::string_view s) {
  return parse_enum<SiteClass>(s, kSiteClassNames);
}
std::optional<Domain> parse_domain(std::string_view s) {
  return parse_enum<Domain>(s, kDomainNames);
}
std::optional<Confidence> parse_confidence(std::string_view s) {
  return parse_enum<Confidence>(s, kConfidenceNames);
}
std::optional<TransferCoverage> parse_transfer_coverage(std::string_view s) {
  return parse_enum<TransferCoverage>(s, kCoverageNames);
}
std::optional<Severity> parse_severity(std::string_view s) {
  return parse_enum<Severity>(s, kSeverityNames);
}

std::string_view to_string(FileKind kind) {
  switch (kind) {
    case FileKind::Python:
      return "python";
    case FileKind::Notebook:
      return "notebook";
    case FileKind::Requirements:
      return "requirements";
    case FileKind::SetupPy:
      return "setup.py";
    case FileKind::SetupCfg:
      return "setup.cfg";
    case FileKind::Pyproject:
      return "pyproject.toml";
    case FileKind::CondaEnv:
      return "conda-environment";
    case FileKind::Dockerfile:
      return "dockerfile";
    case FileKind::Shell:
      return "shell";
    case FileKind::Native:
      return "native";
    case FileKind::CMake:
      return "cmake";
    case FileKind::Config:
      return "config";
    case FileKind::Other:
      return "other";
  }
  return "other";
}

bool operator<(const Finding& a, const Finding& b) {
  return std::tie(a.path, a.span.line, a.span.col, a.rule_id) <
         std::tie(b.path, b.span.line, b.span.col, b.rule_id);
}

}  // namespace ascendify
