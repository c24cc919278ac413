#pragma once
// Building blocks of the Markdown report.
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/finding.hpp"
#include "core/rule.hpp"
#include "render/labels.hpp"

namespace ascendify::render {

using Row = std::vector<std::string>;

// Replaces each "{key}" of `fmt` by its value (values are inserted verbatim).
std::string fill(std::string_view fmt,
                 const std::vector<std::pair<std::string_view, std::string>>& values);

// A GFM table; cells must already be escaped (md_text / md_code). Ends with a blank line.
void table(std::string& out, const Row& header, const std::vector<Row>& rows);

// Called between the rows of the long tables: passes on what is finished of the report
// (render_markdown_to). Empty: the report is built whole.
using MdFlush = std::function<void()>;

// The table of table(), written as it comes: the header when made, each row when given (then
// `flush`), the blank line on end(). The findings tables hold one row per site: kept whole
// until written, their cells were several times the report's size at its end. `flush` is
// copied (a default argument's temporary ends with the declaration that made it).
class TableWriter {
 public:
  TableWriter(std::string& out, const Row& header, MdFlush flush = {});
  void row(const Row& cells);
  void end() { out_ += '\n'; }

 private:
  std::string& out_;
  MdFlush flush_;
};

// "auto (transfer_to_npu)" / "auto (ascendify fix)" / "manual" / "info", plus "guarded".
std::string auto_label(const Finding& f, const Labels& l);
// The line number; notebooks add "(cell C:L)".
std::string line_cell(const Finding& f);
std::string confidence_label(Confidence c, const Labels& l);
// The knowledge base's effort for `sites` occurrences of a rule, in person-days (8 h);
// negative when unknown.
double rule_effort_days(const Rule* rule, size_t sites);
// "1.5 d" / "1.5 人天"; "—" when negative.
std::string days_cell(double days, const Labels& l);
// The finding's replacement, else its rule's; in Chinese where there is Chinese text.
std::string_view replacement_of(const Finding& f);
std::string_view replacement_of(const Finding& f, Lang lang);
// The finding's message in `lang` (the English where it has no Chinese text).
const std::string& message_of(const Finding& f, Lang lang);
// `zh[i]` in Chinese when the list has it, else `en[i]`: lists assess words in both languages.
const std::string& said(const std::vector<std::string>& en, const std::vector<std::string>& zh,
                        size_t i, Lang lang);
// Joins up to `max` items with ", " and appends "+N more".
std::string join_limited(const std::vector<std::string>& items, size_t max, const Labels& l);

}  // namespace ascendify::render
