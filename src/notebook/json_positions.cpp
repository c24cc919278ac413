#include "notebook/json_positions.hpp"

#include <string>

namespace ascendify::notebook {
namespace {

struct Frame {
  bool array = false;
  bool cells = false;   // the "cells" array of the notebook or of a worksheet
  bool cell = false;    // an object element of a cells array
  bool source = false;  // the "source"/"input" array of a cell
  bool worksheets = false;
  int cell_index = -1;     // for cell frames
  std::string key;         // objects: the last key read
  bool expect_key = true;  // objects: next string is a key
};

bool is_source_key(const std::string& k) {
  return k == "source" || k == "input";
}

}  // namespace

std::vector<std::vector<uint32_t>> source_string_lines(std::string_view json) {
  std::vector<std::vector<uint32_t>> out;
  std::vector<Frame> stack;
  uint32_t line = 1;
  size_t i = 0;
  const size_t n = json.size();
  while (i < n) {
    char c = json[i];
    if (c == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (c == '{' || c == '[') {
      Frame f;
      f.array = c == '[';
      if (!stack.empty()) {
        const Frame& p = stack.back();
        const std::string& k = p.array ? std::string() : p.key;
        if (!p.array && f.array && k == "cells") {
          f.cells = stack.size() == 1 || (stack.size() >= 2 && stack[stack.size() - 2].worksheets);
        }
        if (!p.array && f.array && k == "worksheets" && stack.size() == 1) f.worksheets = true;
        if (p.array && p.cells && !f.array) {
          f.cell = true;
          f.cell_index = static_cast<int>(out.size());
          out.emplace_back();
        }
        if (!p.array && p.cell && f.array && is_source_key(p.key)) {
          f.source = true;
          f.cell_index = p.cell_index;
        }
      }
      stack.push_back(std::move(f));
      ++i;
      continue;
    }
    if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
      if (!stack.empty() && !stack.back().array) stack.back().expect_key = false;
      ++i;
      continue;
    }
    if (c == ',') {
      if (!stack.empty() && !stack.back().array) stack.back().expect_key = true;
      ++i;
      continue;
    }
    if (c == ':') {
      if (!stack.empty() && !stack.back().array) stack.back().expect_key = false;
      ++i;
      continue;
    }
    if (c != '"') {
      ++i;
      continue;
    }
    // A string: find its end (escapes skipped; raw newlines are invalid JSON but counted).
    uint32_t start_line = line;
    size_t b = ++i;
    while (i < n && json[i] != '"') {
      if (json[i] == '\\' && i + 1 < n) ++i;
      if (json[i] == '\n') ++line;
      ++i;
    }
    size_t e = i;
    if (i < n) ++i;
    if (stack.empty()) continue;
    Frame& top = stack.back();
    if (!top.array && top.expect_key) {
      top.key.assign(json.substr(b, e - b));
      continue;
    }
    if (top.array && top.source && top.cell_index >= 0) {
      out[static_cast<size_t>(top.cell_index)].push_back(start_line);
    } else if (!top.array && top.cell && is_source_key(top.key) && top.cell_index >= 0) {
      out[static_cast<size_t>(top.cell_index)].assign(1, start_line);
    }
  }
  return out;
}

}  // namespace ascendify::notebook
