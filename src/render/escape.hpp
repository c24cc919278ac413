#pragma once
// Escaping and small formatting helpers shared by the renderers.
#include <cstdint>
#include <string>
#include <string_view>

namespace ascendify::render {

// Plain text for a Markdown table cell or paragraph: HTML-significant characters become
// entities, Markdown-active punctuation is backslash-escaped (so `|` cannot split a cell and
// `<script>` stays text), line breaks become spaces. Empty input gives "—".
std::string md_text(std::string_view s);

// An inline code span that survives any content: the fence is one backtick longer than the
// longest backtick run inside, padded with spaces when needed; line breaks become spaces; in a
// table `|` is escaped. Empty input gives "—".
std::string md_code(std::string_view s, bool in_table = true);

// Text for HTML element content or a quoted attribute value: & < > " ' become entities;
// control bytes other than tab and line breaks become U+FFFD. Nothing else changes.
std::string html_escape(std::string_view s);

// One RFC 4180 field: quoted (with doubled quotes) when it holds `,` `"` CR or LF.
std::string csv_field(std::string_view s);

// One decimal, rounded half away from zero: 1.25 -> "1.3", 2 -> "2.0".
std::string one_decimal(double v);
// Rounds to one decimal (the JSON number).
double round1(double v);

// 64-bit FNV-1a, for stable fingerprints.
uint64_t fnv1a64(std::string_view s);

// "custom_op" -> "custom_op"; the part of a rule id after the first '.'.
std::string_view rule_slug(std::string_view rule_id);

// Text from the scanned tree must not drive a terminal: C0 and C1 control characters and bidi
// overrides become '?'.
std::string terminal_safe(std::string_view s);

}  // namespace ascendify::render
