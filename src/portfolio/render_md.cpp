#include "portfolio/fleet.hpp"
#include "portfolio/sections.hpp"

namespace ascendify::portfolio {

namespace {

// A table cell: pipes and line breaks would break the row.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string render_markdown(const Fleet& fleet, const std::string& lang,
                            const ReplacementOf& replacement_of) {
  const Document doc = fleet_document(fleet, lang, replacement_of);
  std::string out = "# " + doc.title + "\n";
  for (const Section& s : doc.sections) {
    out += "\n## " + s.title + "\n\n";
    for (const auto& line : s.lines) out += line + "\n\n";
    if (s.rows.empty()) continue;
    out += "|";
    for (const auto& h : s.header) out.append(" ").append(cell(h)).append(" |");
    out += "\n|";
    for (size_t i = 0; i < s.header.size(); ++i) out += "---|";
    out += "\n";
    for (const auto& row : s.rows) {
      out += "|";
      for (const auto& c : row) out.append(" ").append(cell(c)).append(" |");
      out += "\n";
    }
    if (!s.more.empty()) out += "\n" + s.more + "\n";
  }
  return out;
}

}  // namespace ascendify::portfolio
