// Small building blocks of the HTML report: cells, tables, escaped lists and fixed wording.
#include <fmt/format.h>

#include "render/escape.hpp"
#include "render/html_parts.hpp"

namespace ascendify::render::html {

std::string weeks(const EffortRange& e) {
  return fmt::format("{}–{}", one_decimal(e.low), one_decimal(e.high));
}

std::string_view domain_label(Domain d, const Labels& l) {
  return l.domain_names[static_cast<size_t>(d)];
}

std::string_view confidence_word(Confidence c, const Labels& l) {
  return l.confidence[static_cast<size_t>(c)];
}

std::pair<std::string, std::string> feasibility_pair(Feasibility f, const Labels& l) {
  std::string en(to_string(f));
  for (char& c : en)
    if (c == '-') c = ' ';
  std::string zh(to_chinese(f));
  return l.lang == Lang::Zh ? std::pair{zh, en} : std::pair{en, zh};
}

std::string code(std::string_view s) {
  if (s.empty()) return "—";
  return "<code>" + html_escape(s) + "</code>";
}

std::string label(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    const size_t open = s.find('`', i);
    const size_t close = open == std::string_view::npos ? open : s.find('`', open + 1);
    if (close == std::string_view::npos) {
      out += html_escape(s.substr(i));
      break;
    }
    out += html_escape(s.substr(i, open - i)) + code(s.substr(open + 1, close - open - 1));
    i = close + 1;
  }
  return out;
}

const std::string& in_lang(const std::string& en, const std::string& zh, const Labels& l) {
  return l.lang == Lang::Zh && !zh.empty() ? zh : en;
}

std::string list(const std::vector<std::string>& v, bool as_code) {
  if (v.empty()) return "—";
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + (as_code ? code(x) : html_escape(x));
  return s;
}

std::string card(std::string_view id, std::string_view key, std::string_view value,
                 std::string_view sub) {
  return fmt::format(
      "<div class=\"card\" id=\"{}\"><div class=\"k\">{}</div><div class=\"v\">{}</div>"
      "<div class=\"s\">{}</div></div>",
      id, key, value, sub);
}

std::string th(std::string_view label, bool numeric) {
  return fmt::format("<th{}>{}</th>", numeric ? " data-num" : "", label);
}

std::string td(std::string_view body, std::string_view cls) {
  if (cls.empty()) return fmt::format("<td>{}</td>", body);
  return fmt::format("<td class=\"{}\">{}</td>", cls, body);
}

std::string td_num(uint64_t n) {
  return fmt::format("<td class=\"n\">{}</td>", n);
}

std::string table_head(std::string_view cls, const std::vector<std::string>& cells) {
  std::string s = fmt::format("<div class=\"tw\"><table class=\"{}\"><thead><tr>", cls);
  for (const auto& c : cells) s += c;
  return s + "</tr></thead><tbody>";
}

}  // namespace ascendify::render::html
