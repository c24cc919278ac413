#pragma once
// `ascendify fix`: autofixable findings -> token-exact edits -> unified diff / atomic apply,
// plus the list of everything left to do by hand. Pure planning (plan_fixes reads files but
// never writes); only apply() writes, and only inside the root.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/domain.hpp"
#include "core/finding.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::fix {

// Why the start-up settings are set (the comment `fix` writes beside each; ascend-facts.md §2.2,
// seed-method.md §2: every real port sets both).
inline constexpr std::string_view kCompileModeWhy = "ascendify: no online operator compiling";
inline constexpr std::string_view kInternalFormatWhy = "ascendify: keep ND tensor formats";

struct FixOptions {
  // `--transfer-to-npu`: add the runtime redirect to each entry point and edit only what
  // transfer_to_npu does not cover.
  bool transfer_to_npu = false;
  // `--unsafe-fixes`: apply the fixes declared unsafe too (rules' `safety: unsafe`, and
  // comparisons whose value comes from outside the file under transfer_to_npu).
  bool unsafe_fixes = false;
  // Add the NPU start-up settings (set_compile_mode(jit_compile=False),
  // allow_internal_format = False) to each entry point; the CLI turns it on with
  // --transfer-to-npu unless --no-startup-settings.
  bool startup_settings = false;
  // The entry points as the scan's phases see them (root-relative paths): the only files that
  // get the start-up block. Unset: every module with a main guard (library callers, tests).
  std::optional<std::vector<std::string>> entry_files;
  // `--only` / `--exclude`: rule ids or domain names ("device"); empty `only` = all rules.
  std::vector<std::string> only;
  std::vector<std::string> exclude;
};

// Returns the text of a file, or nullopt when it cannot be read. The default reads
// root/rel_path, refusing symlinks and paths that leave the root.
using TextProvider = std::function<std::optional<std::string>(const SourceFile&)>;

// One replacement of the byte range [offset, end_offset) of the original text.
struct Edit {
  uint32_t offset = 0;
  uint32_t end_offset = 0;
  std::string text;
  std::string rule_id;
  uint32_t line = 0;
  bool unsafe = false;  // an unsafe fix, applied because of --unsafe-fixes
};

// One file that changes.
struct FilePlan {
  std::string rel_path;
  std::string original;
  std::string fixed;
  std::vector<Edit> edits;     // applied, by offset
  std::string inserted;        // the inserted import line(s) with line endings, or empty
  uint32_t insert_offset = 0;  // byte offset of the insertion in the original text
};

// A finding `fix` does not edit, with the reason.
struct ManualItem {
  std::string rule_id;
  Domain domain = Domain::Device;
  std::string path;
  uint32_t line = 0;
  uint32_t col = 0;
  uint32_t cell = 0;  // notebooks
  uint32_t cell_line = 0;
  std::string match;
  std::string replacement;
  std::string reason;  // "no autofix", "alias: ...", "excluded", ...
};

// The reason of a finding transfer_to_npu handles by itself.
inline constexpr std::string_view kCoveredAtRuntime = "covered at runtime by transfer_to_npu";

struct FixResult {
  bool transfer_to_npu = false;
  bool startup_settings = false;
  std::vector<FilePlan> files;            // files that change, sorted by rel_path
  std::vector<ManualItem> manual;         // to-do list (every finding not edited)
  std::vector<ManualItem> by_transfer;    // --transfer-to-npu: covered at runtime, not edited
  std::vector<std::string> entry_points;  // entry points given the start-up block
  std::vector<Diagnostic> diagnostics;    // skipped edits, unreadable files, re-lex failures
  size_t edit_count() const;
};

// Plans the edits. `files` are the scanned files (kind, facts); findings refer to them by
// rel_path. Never throws on bad input.
FixResult plan_fixes(const ScannedFiles& files, const std::vector<Finding>& findings,
                     const std::filesystem::path& root, const FixOptions& options,
                     const TextProvider& provider = {});

// `git apply`-able unified diff (a/ b/ prefixes, paths relative to the root, 3 lines of
// context). Empty when nothing changes.
std::string unified_diff(const FixResult& result);

struct ApplyReport {
  std::vector<std::string> written;  // rel paths written
  std::vector<std::string> backups;  // rel paths of the .orig copies
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return diagnostics.empty(); }
};

// Writes each planned file atomically (temporary file in the same directory + rename, mode
// kept). Refuses paths with a symlink component below the root or outside it, and files that
// changed since planning. `backup`: keep the original as `<file>.orig` (never overwritten).
ApplyReport apply(const FixResult& result, const std::filesystem::path& root, bool backup);

// Human-readable summary: edits made, the manual to-do list grouped by domain with
// file:line, what transfer_to_npu covers, diagnostics.
std::string manual_summary(const FixResult& result);

}  // namespace ascendify::fix
