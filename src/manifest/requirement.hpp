#pragma once
// Requirement-string parsing shared by the manifest front ends (internal to src/manifest).
#include <cstdint>
#include <string>
#include <string_view>

#include "core/facts.hpp"
#include "core/text.hpp"

namespace ascendify::manifest {

struct ParsedRequirement {
  enum class Kind : uint8_t { Dependency, Include, Index, Ignored, Invalid };
  Kind kind = Kind::Invalid;
  std::string name;    // Dependency: normalized name; Include/Index: the Command fact name
  std::string detail;  // version spec / included path / index URL
  size_t pos = 0;      // byte range inside the parsed line of the token to point at
  size_t len = 0;
  std::string message;  // Invalid: why
};

// PEP 503: lower case, runs of '-', '_', '.' become one '-'.
std::string normalize_name(std::string_view name);

// One PEP 508 requirement (also `name @ url`, bare URLs/paths to wheels and sdists, VCS links).
// No pip options.
ParsedRequirement parse_requirement(std::string_view req);

// One logical line of a pip requirements file (comment stripped, continuations joined):
// a requirement or an option (-r/-c -> Include, index options -> Index, others Ignored).
ParsedRequirement parse_requirement_line(std::string_view line);

// Text with a line index, to turn byte offsets into Spans.
class SpanMaker {
 public:
  explicit SpanMaker(std::string_view text) : text_(text), index_(text) {}
  Span span(size_t begin, size_t end) const;
  // Byte offset of a 1-based (line, column in code points) position; clamps to the line end.
  size_t offset_of(uint32_t line, uint32_t col) const;
  std::string_view line_text(uint32_t line) const { return index_.line(line); }
  uint32_t line_of(size_t offset) const { return index_.line_of(static_cast<uint32_t>(offset)); }
  std::string_view text() const { return text_; }

 private:
  std::string_view text_;
  LineIndex index_;
};

Fact dependency_fact(const ParsedRequirement& r, std::string_view receiver, Span span,
                     bool guarded);
Fact command_fact(std::string name, std::string detail, std::string_view receiver, Span span);

// Turns a parsed line into a fact (Dependency / Command) or a diagnostic; Ignored -> nothing.
// `line_off` is the byte offset of `line` in the file text (so pos/len map to the file).
void emit_parsed(const ParsedRequirement& r, std::string_view line, size_t line_off,
                 const SpanMaker& sm, bool guarded, std::string_view scope, std::string_view path,
                 FileFacts& out);

}  // namespace ascendify::manifest
