#pragma once
// Renderers: pure functions Assessment -> text. They never read files, never look at the
// clock, and give byte-identical output for identical input.
#include <functional>
#include <string>
#include <string_view>

#include "assess/assessment.hpp"

namespace ascendify::render {

enum class Lang { Zh, En };

// The size at which a renderer passes its text on (render_*_to).
inline constexpr size_t kPieceBytes = 256 * 1024;

// The `ascendify.report/1` JSON report of DESIGN.md (plus documented extra fields):
// 2-space indent, fixed key order, trailing newline.
std::string render_json(const Assessment& a);
// The same bytes, handed to `sink` piece by piece in order (a few MB at most at a time), the
// findings rendered on up to `threads` threads: a big report is never held whole in memory.
void render_json_to(const Assessment& a, const std::function<void(std::string_view)>& sink,
                    unsigned threads = 1);

// The specification's report: executive summary, dependency matrix per phase, findings per
// domain, roadmap, risk matrix, diagnostics. Every finding is listed (the report is the
// evidence).
std::string render_markdown(const Assessment& a, Lang lang);
// The same bytes, handed to `sink` piece by piece in order, a piece once the text passes
// `piece_bytes` between two rows of a findings table: the tables are never held whole.
void render_markdown_to(const Assessment& a, Lang lang,
                        const std::function<void(std::string_view)>& sink,
                        size_t piece_bytes = kPieceBytes);

// A short summary for a terminal; ANSI colours only when `color` is true.
std::string render_terminal(const Assessment& a, bool color);

// The findings listing of `--format text`: one line per finding that asks for a change
// ("path:line:col: rule class message"), grouped by domain in DESIGN order; no-change
// findings are counted, not listed. ANSI colours only when `color`.
struct TextOptions {
  bool color = false;
  Lang lang = Lang::En;
  size_t per_domain_limit = 0;  // 0 = every finding; else the first N of each domain
  bool replacements = true;     // a "→ replacement" line under each finding
};
std::string render_text(const Assessment& a, const TextOptions& options);
// The same bytes, handed to `sink` a piece (about `piece_bytes`) at a time.
void render_text_to(const Assessment& a, const TextOptions& options,
                    const std::function<void(std::string_view)>& sink,
                    size_t piece_bytes = kPieceBytes);

// GitHub Actions workflow commands (`::error file=...,line=...::message`), one per finding
// that asks for a change: stops the run = error, must adapt = warning, else notice.
// `path_prefix`: the scanned folder relative to the workspace the annotations attach to (the
// current folder), "" when it is that folder.
std::string render_github(const Assessment& a, std::string_view path_prefix = {});
// The same bytes, handed to `sink` a piece (about `piece_bytes`) at a time.
void render_github_to(const Assessment& a, const std::function<void(std::string_view)>& sink,
                      std::string_view path_prefix = {}, size_t piece_bytes = kPieceBytes);

// GitLab Code Quality (Code Climate issues), one per finding: stops the run = blocker, a rule
// of severity blocker = critical, must adapt = major, mechanical = minor, tuning and no change
// = info. Fingerprints hash rule id, path and line text (plus the occurrence among identical
// ones): stable when lines move, unique in a report. `path_prefix` as for render_github.
std::string render_codeclimate(const Assessment& a, std::string_view path_prefix = {});
// The same bytes, handed to `sink` a piece (about `piece_bytes`) at a time.
void render_codeclimate_to(const Assessment& a, const std::function<void(std::string_view)>& sink,
                           std::string_view path_prefix = {}, size_t piece_bytes = kPieceBytes);
// The Code Quality severity of one finding (as above).
std::string_view codeclimate_severity(const Finding& f);

// One row per finding, RFC 4180 (CRLF line ends, quoted where needed), with a header row.
std::string render_csv(const Assessment& a);
// The same bytes, handed to `sink` a piece (about `piece_bytes`) at a time.
void render_csv_to(const Assessment& a, const std::function<void(std::string_view)>& sink,
                   size_t piece_bytes = kPieceBytes);

// SARIF 2.1.0 for GitHub code scanning.
std::string render_sarif(const Assessment& a);
// The same bytes, handed to `sink` about 1 MB at a time (results are never one document).
void render_sarif_to(const Assessment& a, const std::function<void(std::string_view)>& sink);

// One self-contained HTML page in `lang` (inline CSS, SVG charts and a small script; no
// external asset, no network fetch; a Content-Security-Policy forbids both): summary, charts,
// dependency matrix and migration sets, the findings grouped by file (one row per source
// line; groups past the first few closed, long groups paged, filterable and sortable; the
// no-change findings in a closed appendix), kernels, dependencies, roadmap, risk matrix,
// diagnostics. All repository text is HTML-escaped; the script reads only the DOM, so no
// repository text is ever inside a <script> block.
std::string render_html(const Assessment& a, Lang lang);
// The same bytes, handed to `sink` piece by piece in order, a piece once the page passes
// `piece_bytes` between two sections or two groups of findings: never held whole.
void render_html_to(const Assessment& a, Lang lang,
                    const std::function<void(std::string_view)>& sink,
                    size_t piece_bytes = kPieceBytes);

}  // namespace ascendify::render
