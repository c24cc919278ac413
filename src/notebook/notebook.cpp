#include "notebook/notebook.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/text.hpp"
#include "notebook/json_positions.hpp"
#include "notebook/magics.hpp"
#include "python/analyzer.hpp"

namespace ascendify::notebook {
namespace {

using json = nlohmann::json;

// One source line of a cell and the index of the source string where it starts.
struct SrcLine {
  std::string text;
  size_t element = 0;
};

std::vector<SrcLine> cell_source_lines(const json& src) {
  std::vector<std::string_view> elems;
  if (src.is_string()) {
    elems.push_back(src.get_ref<const std::string&>());
  } else if (src.is_array()) {
    for (const json& e : src) {
      elems.push_back(e.is_string() ? std::string_view(e.get_ref<const std::string&>())
                                    : std::string_view());
    }
  }
  std::vector<SrcLine> lines;
  bool open = false;
  for (size_t ei = 0; ei < elems.size(); ++ei) {
    const std::string_view e = elems[ei];
    for (size_t k = 0; k < e.size(); ++k) {
      const char c = e[k];
      if (!open) {
        lines.push_back({std::string(), ei});
        open = true;
      }
      // A line ends at \n, \r\n or a lone \r, exactly as the Python lexer counts lines, so
      // facts map back to the right cell line.
      if (c == '\n') {
        open = false;
      } else if (c == '\r') {
        if (k + 1 < e.size() && e[k + 1] == '\n') ++k;
        open = false;
      } else {
        lines.back().text.push_back(c);
      }
    }
  }
  return lines;
}

const json* cell_source(const json& cell) {
  for (const char* key : {"source", "input"}) {
    auto it = cell.find(key);
    if (it != cell.end()) return &*it;
  }
  return nullptr;
}

void add_cell(const json& cell, size_t ci, const std::vector<uint32_t>& json_lines,
              NotebookCode& nb, std::string_view path) {
  if (!cell.is_object()) return;
  auto type = cell.find("cell_type");
  if (type == cell.end() || !type->is_string() || type->get_ref<const std::string&>() != "code") {
    return;
  }
  const json* src = cell_source(cell);
  if (src == nullptr) return;
  std::vector<SrcLine> lines = cell_source_lines(*src);
  if (lines.empty()) return;
  FileFacts sink;  // magic facts collect here
  CellMode mode = cell_mode(lines[0].text);
  std::string script;  // a %%bash cell's body: one script for the shell front end
  CodeLine script_at;
  for (size_t k = 0; k < lines.size(); ++k) {
    const std::string& line = lines[k].text;
    CodeLine cl{line, static_cast<uint32_t>(nb.cell_lines.size() + 1),
                static_cast<uint32_t>(nb.code.size())};
    bool blank = false;
    size_t begin = 0;
    if (mode == CellMode::Shell || mode == CellMode::Blank) {
      blank = true;
      if (mode == CellMode::Shell && k == 1) script_at = cl;
      if (mode == CellMode::Shell && k > 0) script.append(line).push_back('\n');
    } else if (mode == CellMode::PythonBody && k == 0) {
      blank = true;
    } else if (find_magic(line, &begin)) {
      blank = true;
      line_magic_facts(cl, begin, sink);
    }
    if (blank) {
      nb.code.append(line.size(), ' ');
    } else {
      nb.code += line;
    }
    nb.code.push_back('\n');
    uint32_t jl = 0;
    if (src->is_string() && !json_lines.empty()) {
      jl = json_lines[0];
    } else if (lines[k].element < json_lines.size()) {
      jl = json_lines[lines[k].element];
    }
    nb.cell_lines.push_back({static_cast<uint32_t>(ci + 1), static_cast<uint32_t>(k + 1), jl});
  }
  if (!script.empty()) shell_facts(script, script_at, 0, sink);
  for (Fact& f : sink.facts) nb.magic_facts.push_back(std::move(f));
  for (Diagnostic& d : sink.diagnostics) {  // at the line of the .ipynb file
    d.path = std::string(path);
    if (d.line >= 1 && d.line <= nb.cell_lines.size()) d.line = nb.cell_lines[d.line - 1].json_line;
    nb.diagnostics.push_back(std::move(d));
  }
  for (std::string& o : sink.passed_options)
    if (std::find(nb.passed_options.begin(), nb.passed_options.end(), o) == nb.passed_options.end())
      nb.passed_options.push_back(std::move(o));
}

}  // namespace

NotebookCode extract_code(std::string_view text, std::string_view path) {
  NotebookCode nb;
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    LineIndex index(text);
    uint32_t at = e.byte > 0 ? static_cast<uint32_t>(std::min<size_t>(e.byte - 1, text.size())) : 0;
    nb.diagnostics.push_back({std::string(path), index.line_of(at),
                              std::string("malformed notebook JSON: ") + e.what()});
    return nb;
  } catch (...) {
    nb.diagnostics.push_back({std::string(path), 0, "malformed notebook JSON"});
    return nb;
  }
  try {
    std::vector<const json*> cells;
    auto collect = [&](const json& obj) {
      if (!obj.is_object()) return;
      auto it = obj.find("cells");
      if (it == obj.end() || !it->is_array()) return;
      for (const json& c : *it) cells.push_back(&c);
    };
    collect(doc);
    if (doc.is_object()) {
      auto ws = doc.find("worksheets");
      if (ws != doc.end() && ws->is_array()) {
        for (const json& w : *ws) collect(w);
      }
    }
    if (cells.empty() &&
        !(doc.is_object() && (doc.contains("cells") || doc.contains("worksheets")))) {
      nb.diagnostics.push_back({std::string(path), 1, "not a Jupyter notebook: no \"cells\""});
      return nb;
    }
    std::vector<std::vector<uint32_t>> positions = source_string_lines(text);
    static const std::vector<uint32_t> kNone;
    for (size_t ci = 0; ci < cells.size(); ++ci) {
      add_cell(*cells[ci], ci, ci < positions.size() ? positions[ci] : kNone, nb, path);
    }
  } catch (...) {  // defensive: nlohmann type errors must not escape
    nb.diagnostics.push_back({std::string(path), 0, "unexpected notebook structure"});
  }
  return nb;
}

FileFacts analyze(std::string_view text, std::string_view path) {
  NotebookCode nb = extract_code(text, path);
  FileFacts out;
  if (!nb.code.empty()) out = python::analyze(nb.code, path);
  out.flag_blocks.clear();  // lines of the concatenated code, not of the notebook's findings
  out.main_blocks.clear();
  for (Diagnostic& d : out.diagnostics) {
    if (d.line >= 1 && d.line <= nb.cell_lines.size() && nb.cell_lines[d.line - 1].json_line) {
      d.line = nb.cell_lines[d.line - 1].json_line;
    }
  }
  out.diagnostics.insert(out.diagnostics.begin(), nb.diagnostics.begin(), nb.diagnostics.end());
  for (Fact& f : nb.magic_facts) out.facts.push_back(std::move(f));
  for (std::string& o : nb.passed_options)
    if (std::find(out.passed_options.begin(), out.passed_options.end(), o) ==
        out.passed_options.end())
      out.passed_options.push_back(std::move(o));
  std::stable_sort(out.facts.begin(), out.facts.end(),
                   [](const Fact& a, const Fact& b) { return a.span.offset < b.span.offset; });
  out.cell_lines = std::move(nb.cell_lines);
  return out;
}

}  // namespace ascendify::notebook
