#include "render/md_util.hpp"

#include <fmt/format.h>

#include "render/escape.hpp"

namespace ascendify::render {

std::string fill(std::string_view fmt,
                 const std::vector<std::pair<std::string_view, std::string>>& values) {
  std::string out;
  size_t i = 0;
  while (i < fmt.size()) {
    bool replaced = false;
    if (fmt[i] == '{') {
      for (const auto& [key, value] : values) {
        if (fmt.substr(i + 1, key.size()) == key && i + 1 + key.size() < fmt.size() &&
            fmt[i + 1 + key.size()] == '}') {
          out += value;
          i += key.size() + 2;
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) out += fmt[i++];
  }
  return out;
}

namespace {

void table_line(std::string& out, const Row& cells) {
  out += '|';
  for (const auto& c : cells) {
    out += ' ';
    out += c;
    out += " |";
  }
  out += '\n';
}

}  // namespace

TableWriter::TableWriter(std::string& out, const Row& header, MdFlush flush)
    : out_(out), flush_(std::move(flush)) {
  table_line(out_, header);
  out_ += '|';
  for (size_t i = 0; i < header.size(); ++i) out_ += "---|";
  out_ += '\n';
}

void TableWriter::row(const Row& cells) {
  table_line(out_, cells);
  if (flush_) flush_();
}

void table(std::string& out, const Row& header, const std::vector<Row>& rows) {
  TableWriter t(out, header);
  for (const auto& r : rows) t.row(r);
  t.end();
}

std::string auto_label(const Finding& f, const Labels& l) {
  std::string s;
  if (f.severity == Severity::Info) {
    s = l.info;
  } else if (f.auto_by_transfer_to_npu) {
    s = l.auto_transfer;
  } else if (f.autofix) {
    s = l.auto_fix;
  } else {
    s = l.manual;
  }
  if (f.guarded) s += fmt::format(" · {}", l.guarded);
  if (f.optional) s += fmt::format(" · {}", l.optional_feature);
  return md_text(s);
}

std::string line_cell(const Finding& f) {
  std::string s = std::to_string(f.span.line);
  if (f.cell != 0) s += fmt::format(" (cell {}:{})", f.cell, f.cell_line);
  return s;
}

std::string confidence_label(Confidence c, const Labels& l) {
  return std::string(l.confidence[static_cast<size_t>(c)]);
}

double rule_effort_days(const Rule* rule, size_t sites) {
  if (rule == nullptr || sites == 0) return -1.0;
  const double hours =
      rule->effort.first_hours + rule->effort.per_site_hours * static_cast<double>(sites - 1);
  if (hours <= 0.0) return -1.0;
  return hours / 8.0;
}

std::string days_cell(double days, const Labels& l) {
  if (days < 0.0) return "—";
  return fmt::format("{} {}", one_decimal(days), l.days);
}

std::string_view replacement_of(const Finding& f) {
  if (!f.replacement.empty()) return f.replacement;
  if (f.rule != nullptr) return f.rule->replacement;
  return {};
}

std::string_view replacement_of(const Finding& f, Lang lang) {
  if (lang == Lang::Zh) {
    if (!f.replacement_zh.empty()) return f.replacement_zh;
    // A finding whose replacement assess rewrote has no Chinese of its own; the rule's would
    // name something else.
    if (f.replacement.empty() && f.rule != nullptr && !f.rule->replacement_zh.empty())
      return f.rule->replacement_zh;
  }
  return replacement_of(f);
}

const std::string& message_of(const Finding& f, Lang lang) {
  return lang == Lang::Zh && !f.message_zh.empty() ? f.message_zh : f.message;
}

const std::string& said(const std::vector<std::string>& en, const std::vector<std::string>& zh,
                        size_t i, Lang lang) {
  return lang == Lang::Zh && i < zh.size() && !zh[i].empty() ? zh[i] : en[i];
}

std::string join_limited(const std::vector<std::string>& items, size_t max, const Labels& l) {
  std::string out;
  for (size_t i = 0; i < items.size() && i < max; ++i) {
    if (i) out += ", ";
    out += items[i];
  }
  if (items.size() > max)
    out += ", " + fill(l.more_fmt, {{"n", std::to_string(items.size() - max)}});
  return out;
}

}  // namespace ascendify::render
