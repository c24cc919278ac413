#include "fix/imports.hpp"

namespace ascendify::fix::detail {

namespace {

using python::Token;
using python::TokenKind;

bool is_layout(const Token& t) {
  return t.kind == TokenKind::Indent || t.kind == TokenKind::Dedent || t.kind == TokenKind::Comment;
}

uint32_t line_start_of(std::string_view text, uint32_t offset) {
  const uint32_t floor = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  uint32_t p = offset;
  while (p > floor && text[p - 1] != '\n' && text[p - 1] != '\r') --p;
  return p;
}

// True when the statement tokens [b, e) import torch_npu (any form).
bool imports_torch_npu(const std::vector<Token>& t, size_t b, size_t e, bool* transfer) {
  if (b >= e || t[b].kind != TokenKind::Name) return false;
  if (t[b].text == "from") {
    if (b + 1 >= e || t[b + 1].text != "torch_npu") return false;
    // from torch_npu.contrib import transfer_to_npu
    if (b + 5 < e && t[b + 2].text == "." && t[b + 3].text == "contrib" &&
        t[b + 4].text == "import") {
      for (size_t k = b + 5; k < e; ++k)
        if (t[k].text == "transfer_to_npu") *transfer = true;
    }
    return true;
  }
  if (t[b].text != "import") return false;
  for (size_t k = b + 1; k < e; ++k)
    if (t[k].text == "torch_npu" && (t[k - 1].text == "import" || t[k - 1].text == ","))
      return true;
  return false;
}

}  // namespace

std::string_view line_ending(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') return "\n";
    if (text[i] == '\r') return i + 1 < text.size() && text[i + 1] == '\n' ? "\r\n" : "\r";
  }
  return "\n";
}

ImportSites find_import_sites(std::string_view text, const std::vector<Token>& t) {
  ImportSites s;
  std::vector<bool> block_is_def;  // one entry per open indented block
  int def_depth = 0;               // number of open def/class blocks
  bool prologue = true;            // still in docstring / __future__ imports
  bool first_stmt = true;
  bool pending_def = false;  // the last statement opened a def/class block
  bool torch_seen = false;
  size_t i = 0;
  while (i < t.size() && t[i].kind != TokenKind::EndMarker) {
    if (t[i].kind == TokenKind::Indent) {
      block_is_def.push_back(pending_def);
      if (pending_def) ++def_depth;
      ++i;
      continue;
    }
    if (t[i].kind == TokenKind::Dedent) {
      if (!block_is_def.empty()) {
        if (block_is_def.back()) --def_depth;
        block_is_def.pop_back();
      }
      ++i;
      continue;
    }
    if (is_layout(t[i]) || t[i].kind == TokenKind::Newline) {
      ++i;
      continue;
    }
    // A logical line: [b, e) up to its Newline (exclusive).
    const size_t b = i;
    size_t e = b;
    while (e < t.size() && t[e].kind != TokenKind::Newline && t[e].kind != TokenKind::EndMarker)
      ++e;
    const bool top_level = block_is_def.empty();
    const std::string_view head = t[b].text;
    pending_def =
        (head == "def" || head == "class" || head == "async") && t[b].kind == TokenKind::Name;
    const bool has_newline = e < t.size() && t[e].kind == TokenKind::Newline;
    const uint32_t after =
        has_newline && t[e].span.end_offset > t[e].span.offset ? t[e].span.end_offset : kNoOffset;

    if (def_depth == 0) {
      bool transfer = false;
      if (imports_torch_npu(t, b, e, &transfer)) s.has_torch_npu = true;
      if (transfer) s.has_transfer = true;
    }
    if (top_level && prologue) {
      const bool docstring = first_stmt && e == b + 1 && t[b].kind == TokenKind::String;
      const bool future = head == "from" && b + 1 < e && t[b + 1].text == "__future__";
      if (docstring || future) {
        s.top = after;  // kNoOffset when it ends the file: nothing to insert before
      } else {
        prologue = false;
        if (s.top == kNoOffset && first_stmt) s.top = line_start_of(text, t[b].span.offset);
      }
    }
    if (top_level && !torch_seen && head == "import" && b + 1 < e && t[b + 1].text == "torch" &&
        (b + 2 == e || t[b + 2].text == "," || t[b + 2].text == "as")) {
      torch_seen = true;
      s.after_torch = after;
    }
    first_stmt = false;
    i = e;
  }
  if (prologue && s.top != kNoOffset && s.top >= text.size()) s.top = kNoOffset;
  return s;
}

}  // namespace ascendify::fix::detail
