#pragma once
// A rule of the knowledge base, as loaded from rules/*.yaml. Schema: rules/README.md.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain.hpp"
#include "core/facts.hpp"
#include "core/finding.hpp"

namespace ascendify {

enum class MatchKind : uint8_t {
  Reference,   // qualified name used (usages filter: call/decorator/with/assign/base/load)
  Import,      // module imported (exact, or prefix when `prefix: true`)
  Method,      // method call `.name(...)` on any receiver, with arg conditions
  String,      // string literal value in a context (contexts/keywords/calls filters)
  Dependency,  // distribution name declared in a manifest or imported
  Env,         // environment variable set or read (shell, Dockerfile, os.environ)
  Command,     // shell command (nvidia-smi, nvcc, launchers)
  Image,       // Dockerfile base image prefix
  Native,      // native fact id (kernel, include:cub, intrinsic:__shfl_sync, ...)
};

// A condition on one call argument: by keyword, or by position, or either.
struct ArgCondition {
  std::string keyword;              // empty: positional only
  int position = -1;                // -1: keyword only
  std::vector<std::string> values;  // accepted values (after normalisation, see README)
  bool present_only = false;        // true: any value, the argument must just be there
};

struct MatchSpec {
  MatchKind kind = MatchKind::Reference;
  std::vector<std::string> names;           // qualified names / methods / values / packages / vars
  bool prefix = false;                      // names are prefixes ("torch.cuda." matches any member)
  std::vector<Usage> usages;                // Reference: empty = any
  std::vector<ArgCondition> args;           // all must hold
  std::vector<StringContext> contexts;      // String: empty = any context
  std::vector<std::string> keywords;        // String in Keyword ctx: accepted keyword names
  std::vector<std::string> calls;           // String in Keyword/Positional ctx: accepted callees
  std::vector<std::string> targets;         // String in AssignValue ctx: target suffixes ("device")
  std::vector<std::string> scope_contains;  // enclosing scope must contain one (case-insens.)
  std::vector<std::string> exclude_names;   // Reference with prefix: names not to match
  std::vector<std::string> categories;      // Native: accepted fact categories (detail)
  std::vector<std::string> detail_contains;    // Dependency/Command/Env/Image: the fact's detail
                                               // (version spec, URL, value) contains one of these
  std::vector<std::string> import_names;       // Dependency: top-level import names of the
                                               // distribution ("flash_attn" for flash-attn)
  std::vector<std::string> receiver_excludes;  // Method: the receiver text must contain none
                                               // of these (case-insensitive): `mask.float()`
  std::vector<std::string> receiver_contains;  // Method: the receiver text must contain one
                                               // (case-insensitive): `self.modulation`
  std::vector<std::string> exclude_contexts;   // Reference: no finding where the name is only
                                               // "compare"d (`dtype == torch.float64`, `in
                                               // (...)`) or listed in a "table" (a dict / list /
                                               // tuple display of values)
  std::vector<std::string> unless_scope_uses;  // no finding when the enclosing function also
                                               // references one of these names (or a member
                                               // of one): the code is already the NPU port
  // Set by RuleSet::apply_hardware when the rule's `hardware:` entry for the chosen profile
  // says `applies: false` (a bf16 warning that only the 310P needs): it matches nothing.
  bool disabled = false;
};

// What an autofix edits (rules/README.md, `autofix: kind`); to_string gives the YAML name.
enum class AutofixKind : uint8_t {
  Rename,         // "rename": the matched qualified-name span's text becomes `to`
                  // (torch.cuda.X -> torch.npu.X keeps the tail: `to` is the new prefix)
  RenameMethod,   // "rename-method": `.cuda(` -> `.npu(`
  ReplaceString,  // "replace-string": the matched literal's "cuda"/"nccl" part becomes `to`
  RenameEnv,      // "rename-env": an environment variable's name becomes `to`
};
inline constexpr uint8_t kAutofixKindCount = 4;
static_assert(static_cast<uint8_t>(AutofixKind::RenameEnv) + 1 == kAutofixKindCount);
std::string_view to_string(AutofixKind k);
std::optional<AutofixKind> autofix_kind(std::string_view name);

// A dependency's status: a dependency rule's (`status:`; None for other rules), and a
// dependency row's, which adds NotInvolved (declared, imported by no scanned code).
enum class DependencyStatus : uint8_t { None, Compatible, Replace, Unsupported, NotInvolved };
inline constexpr uint8_t kDependencyStatusCount = 5;
static_assert(static_cast<uint8_t>(DependencyStatus::NotInvolved) + 1 == kDependencyStatusCount);
std::string_view to_string(DependencyStatus s);  // "" for None, else "compatible", ...
std::optional<DependencyStatus> dependency_status(std::string_view name);

struct Autofix {
  AutofixKind kind = AutofixKind::Rename;
  std::string to;
  bool needs_torch_npu_import = true;
  // `safety: safe`: the edit keeps what the program does on an NPU (the same calls reach the
  // same facilities, cuda <-> npu); `fix` applies it by default. `safety: unsafe`: it may not
  // (a medium-confidence replacement, a value whose origin the file does not show); applied
  // only with `--unsafe-fixes`, and `why` says what could change.
  bool safe = true;
  // `guard: true`: the edit flips a condition (torch.cuda.is_available() -> torch.npu...): it is
  // made only when the code the condition guards is edited too (fix/guard_region.hpp).
  bool guard = false;
  std::string why;
};

struct Effort {
  double first_hours = 0.0;     // the first site in a project
  double per_site_hours = 0.0;  // each further site
};

// `hardware:` how a rule reads on one target profile (rules/model/hardware.yaml) where the
// hardware changes the answer: fp8 dtypes exist on Ascend 950 only, triton-ascend does not run
// on the 310P. Unset fields keep the rule's own value. RuleSet::apply_hardware applies one.
struct HardwareOverride {
  std::string profile;  // "atlas-300i-duo"
  bool applies = true;  // false: no finding on this profile
  std::optional<Severity> severity;
  std::optional<SiteClass> site_class;
  std::string message;         // "" = the rule's
  std::string replacement;     // "" = the rule's
  std::string message_zh;      // "" = the rule's (or the English override)
  std::string replacement_zh;  // "" = the rule's (or the English override)
  std::optional<Effort> effort;
};

struct Rule {
  std::string id;  // stable: "<domain>.<slug>"
  Domain domain = Domain::Device;
  MatchSpec match;
  std::string message;
  std::string replacement;
  // The Chinese report's text ("" = the English, e.g. a replacement that is code only).
  std::string message_zh;
  std::string replacement_zh;
  Confidence confidence = Confidence::Medium;
  TransferCoverage transfer_to_npu = TransferCoverage::NotCovered;
  Severity severity = Severity::Manual;
  std::optional<Autofix> autofix;
  Effort effort;
  std::vector<std::string> refs;
  DependencyStatus status = DependencyStatus::None;  // dependency rules: compatible | replace
                                                     // | unsupported
  // `aggregate: file`: a pattern that recurs on many lines of one file (tl.* calls in a Triton
  // kernel, cudaStream_t in a .cu file) is reported once per file with its site count; the
  // kernel inventory carries the detail.
  bool aggregate_per_file = false;
  // `skip_in_tests: true`: in test code (phases.yaml `tests`) the pattern is deliberate, not a
  // migration item: an fp32 reference that a kernel's output is compared against.
  bool skip_in_tests = false;
  // `stops_run:` where a finding of this rule stops the run on an NPU unless changed:
  // kStopsAsCheck, a CUDA check an assert or a raising branch depends on (Fact::stops_run);
  // kStopsAsImport, a module-level import outside try/except of a package with no NPU build;
  // kStopsAsCall, a call of a facility with no NPU build (flash_attn_func, the project's own
  // compiled CUDA extension) outside any availability check or NPU branch.
  static constexpr uint8_t kStopsAsCheck = 1, kStopsAsImport = 2, kStopsAsCall = 4;
  uint8_t stops_run = 0;
  // `class:` what a site of this rule asks of the port when the rule knows better than its
  // severity and coverage say (SiteClass; `allow_tf32 = True` is a no-op on an NPU: no-change;
  // an fp32 up-cast in a norm runs as it is: tuning). Unset: derived (assess/taxonomy.hpp).
  std::optional<SiteClass> site_class;
  std::vector<std::string> tags;           // free-form ("fa2", "varlen", "training-needs-backward")
  std::vector<HardwareOverride> hardware;  // per target profile, in file order
  std::string source;                      // "rules/device.yaml:42" for diagnostics
};

// Why a hit of `rule` is no edit `fix` makes by default (Finding::manual): the matcher's
// decision, in one place. `inline_python`: the hit is in `python -c` code of a script;
// `beside_npu`: in a branch beside an NPU branch.
ManualReason manual_reason(const Rule& rule, bool inline_python, bool beside_npu);

}  // namespace ascendify
