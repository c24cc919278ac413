#pragma once
// The fleet summary as titled tables, in one language: Markdown and HTML render the same
// sections.
#include <string>
#include <vector>

#include "portfolio/fleet.hpp"

namespace ascendify::portfolio {

struct Section {
  std::string title;
  std::vector<std::string> lines;  // prose before the table (plain text, may hold `code`)
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::string more;  // "... N more" under a table cut short
};

struct Document {
  std::string title;
  std::vector<Section> sections;
};

Document fleet_document(const Fleet& fleet, const std::string& lang,
                        const ReplacementOf& replacement_of);

}  // namespace ascendify::portfolio
