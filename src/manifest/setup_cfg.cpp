// setup.cfg (INI, setuptools declarative config): [options] install_requires / setup_requires,
// [options.extras_require], [options.entry_points] console_scripts.
#include <vector>

#include "manifest/manifest.hpp"
#include "manifest/requirement.hpp"

namespace ascendify::manifest {
namespace {

struct ValueLine {
  std::string_view text;  // trimmed
  size_t offset = 0;      // of text in the file
};

struct Entry {
  std::string section;  // lower case
  std::string key;      // lower case
  std::vector<ValueLine> values;
};

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

// Cuts an inline " # comment" (';' is kept: it starts environment markers).
std::string_view cut_inline_comment(std::string_view s) {
  for (size_t i = 1; i < s.size(); ++i) {
    if (s[i] == '#' && is_blank(s[i - 1])) return trim(s.substr(0, i));
  }
  return s;
}

std::vector<Entry> parse_ini(std::string_view text) {
  std::vector<Entry> entries;
  LineIndex index(text);
  std::string section;
  bool in_entry = false;
  for (uint32_t ln = 1; ln <= index.line_count(); ++ln) {
    std::string_view line = index.line(ln);
    std::string_view t = trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ';') continue;
    auto add_value = [&](std::string_view v) {
      v = cut_inline_comment(trim(v));
      if (!v.empty() && in_entry) {
        entries.back().values.push_back({v, static_cast<size_t>(v.data() - text.data())});
      }
    };
    if (is_blank(line[0]) && in_entry) {  // continuation of the current value
      add_value(t);
      continue;
    }
    if (t.front() == '[' && t.back() == ']') {
      section = ascii_lower(trim(t.substr(1, t.size() - 2)));
      in_entry = false;
      continue;
    }
    size_t sep = t.find_first_of("=:");
    if (sep == std::string_view::npos) {
      in_entry = false;
      continue;
    }
    entries.push_back({section, ascii_lower(trim(t.substr(0, sep))), {}});
    in_entry = true;
    add_value(t.substr(sep + 1));
  }
  return entries;
}

}  // namespace

FileFacts analyze_setup_cfg(std::string_view text, std::string_view path) {
  FileFacts out;
  SpanMaker sm(text);
  for (const Entry& e : parse_ini(text)) {
    bool requires_key =
        e.section == "options" &&
        (e.key == "install_requires" || e.key == "setup_requires" || e.key == "tests_require");
    bool extras = e.section == "options.extras_require";
    bool scripts = e.section == "options.entry_points" && e.key == "console_scripts";
    if (!requires_key && !extras && !scripts) continue;
    for (const ValueLine& v : e.values) {
      if (scripts) {
        size_t eq = v.text.find('=');
        if (eq == std::string_view::npos) continue;
        std::string_view name = trim(v.text.substr(0, eq));
        std::string_view target = trim(v.text.substr(eq + 1));
        out.facts.push_back(command_fact("console-script",
                                         std::string(name) + "=" + std::string(target), v.text,
                                         sm.span(v.offset, v.offset + name.size())));
        continue;
      }
      if (v.text.substr(0, 5) == "file:") {  // install_requires = file: requirements.txt
        std::string_view file = trim(v.text.substr(5));
        size_t off = static_cast<size_t>(file.data() - text.data());
        out.facts.push_back(command_fact("requirements-include", std::string(file), v.text,
                                         sm.span(off, off + file.size())));
        continue;
      }
      bool guarded = extras || e.key == "tests_require";
      std::string scope = extras ? e.key : (e.key == "install_requires" ? "" : e.key);
      emit_parsed(parse_requirement(v.text), v.text, v.offset, sm, guarded, scope, path, out);
    }
  }
  return out;
}

}  // namespace ascendify::manifest
