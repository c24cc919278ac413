// pyproject.toml: PEP 621 [project], [build-system], PEP 735 [dependency-groups], poetry, and
// package index declarations (poetry sources, uv indexes).
#include <algorithm>

// toml++ 3.3 asserts preconditions that hostile input can break (e.g. "[[[" reaches
// parse_key with '['), and under NDEBUG turns them into __builtin_assume on clang (undefined
// behaviour). The code after each assertion reports a proper parse error, so the assertions
// are compiled out here in every build type.
#pragma push_macro("NDEBUG")
#undef NDEBUG
#define TOML_ASSERT(expr) static_cast<void>(0)
#include <toml++/toml.h>
#pragma pop_macro("NDEBUG")

#include "manifest/manifest.hpp"
#include "manifest/requirement.hpp"
#include "manifest/toml_guard.hpp"

namespace ascendify::manifest {
namespace {

struct Ctx {
  const SpanMaker& sm;
  std::string_view path;
  FileFacts& out;
};

// Byte range of a string node's value in the file: just after the opening quote(s). When
// the raw text does not spell the decoded value (escapes), falls back to the quote.
size_t string_value_offset(const Ctx& c, const toml::node& n, const std::string& value) {
  const auto& b = n.source().begin;
  size_t off = c.sm.offset_of(b.line, b.column);
  std::string_view t = c.sm.text();
  size_t q = 0;
  while (q < 3 && off + q < t.size() && (t[off + q] == '"' || t[off + q] == '\'')) ++q;
  if (q == 2) q = 1;  // "" is an empty string, not a multi-line opener
  if (t.substr(off + q, value.size()) == value) return off + q;
  return off;
}

// A PEP 508 string in an array.
void requirement_node(const Ctx& c, const toml::node& n, bool guarded, std::string_view scope) {
  const auto* s = n.as_string();
  if (s == nullptr) return;  // e.g. {include-group = "x"}
  const std::string& value = s->get();
  size_t off = string_value_offset(c, n, value);
  std::string_view raw = c.sm.text().substr(off, value.size());
  ParsedRequirement r = parse_requirement(value);
  if (raw != value) {  // no exact position: point at the node
    r.pos = 0;
    r.len = 0;
  }
  emit_parsed(r, value, off, c.sm, guarded, scope, c.path, c.out);
}

void requirement_array(const Ctx& c, const toml::node* n, bool guarded, std::string_view scope) {
  if (n == nullptr || !n->is_array()) return;
  for (const toml::node& e : *n->as_array()) requirement_node(c, e, guarded, scope);
}

size_t key_offset(const Ctx& c, const toml::key& k) {
  size_t off = c.sm.offset_of(k.source().begin.line, k.source().begin.column);
  std::string_view t = c.sm.text();
  if (off < t.size() && (t[off] == '"' || t[off] == '\'')) ++off;
  return off;
}

Span key_span(const Ctx& c, const toml::key& k) {
  size_t off = key_offset(c, k);
  size_t len = c.sm.text().substr(off, k.str().size()) == k.str() ? k.str().size() : 0;
  return c.sm.span(off, off + len);
}

std::string_view key_line(const Ctx& c, const toml::key& k) {
  return trim(c.sm.line_text(k.source().begin.line));
}

// [tool.poetry.dependencies]-style table: name = "spec" | {version = "...", optional = true}.
void poetry_table(const Ctx& c, const toml::node* n, bool guarded, std::string_view scope) {
  if (n == nullptr || !n->is_table()) return;
  for (auto&& [k, v] : *n->as_table()) {
    if (ascii_lower(k.str()) == "python") continue;  // the interpreter constraint
    ParsedRequirement r;
    r.kind = ParsedRequirement::Kind::Dependency;
    r.name = normalize_name(k.str());
    bool optional = false;
    const toml::node* spec = &v;
    if (v.is_array() && !v.as_array()->empty()) spec = v.as_array()->get(0);  // multi-constraint
    if (const auto* s = spec->as_string()) {
      r.detail = s->get();
    } else if (const auto* t = spec->as_table()) {
      if (const auto* ver = t->get_as<std::string>("version")) r.detail = ver->get();
      if (const auto* opt = t->get_as<bool>("optional")) optional = opt->get();
    }
    if (r.detail == "*") r.detail.clear();
    Fact f = dependency_fact(r, key_line(c, k), key_span(c, k), guarded || optional);
    f.scope = std::string(scope);
    c.out.facts.push_back(std::move(f));
  }
}

// name = "module:func" (PEP 621) or poetry's {callable|reference = "..."}.
void scripts_table(const Ctx& c, const toml::node* n) {
  if (n == nullptr || !n->is_table()) return;
  for (auto&& [k, v] : *n->as_table()) {
    std::string target;
    if (const auto* s = v.as_string()) {
      target = s->get();
    } else if (const auto* t = v.as_table()) {
      if (const auto* cal = t->get_as<std::string>("callable")) target = cal->get();
      if (const auto* ref = t->get_as<std::string>("reference")) target = ref->get();
    }
    if (target.empty()) continue;
    c.out.facts.push_back(command_fact("console-script", std::string(k.str()) + "=" + target,
                                       key_line(c, k), key_span(c, k)));
  }
}

// [[tool.poetry.source]] / [[tool.uv.index]]: url = "..."
void index_array(const Ctx& c, const toml::node* n) {
  if (n == nullptr || !n->is_array()) return;
  for (const toml::node& e : *n->as_array()) {
    const auto* t = e.as_table();
    if (t == nullptr) continue;
    const toml::node* url = t->get("url");
    if (url == nullptr || !url->is_string()) continue;
    const std::string& u = url->as_string()->get();
    size_t off = string_value_offset(c, *url, u);
    c.out.facts.push_back(command_fact("pip-index", u, trim(c.sm.line_text(c.sm.line_of(off))),
                                       c.sm.span(off, off + u.size())));
  }
}

}  // namespace

FileFacts analyze_pyproject(std::string_view text, std::string_view path) {
  FileFacts out;
  toml::table doc;
  try {
    doc = toml::parse(mask_toml_unreachable(text), path);
  } catch (const toml::parse_error& e) {
    out.diagnostics.push_back({std::string(path), e.source().begin.line,
                               "malformed TOML: " + std::string(e.description())});
    return out;
  } catch (...) {
    out.diagnostics.push_back({std::string(path), 0, "malformed TOML"});
    return out;
  }
  SpanMaker sm(text);
  Ctx c{sm, path, out};
  const toml::node_view<const toml::node> root{doc};
  requirement_array(c, root["project"]["dependencies"].node(), false, "");
  if (const auto* opt = root["project"]["optional-dependencies"].as_table()) {
    for (auto&& [k, v] : *opt) requirement_array(c, &v, true, k.str());
  }
  requirement_array(c, root["build-system"]["requires"].node(), false, "build-system");
  if (const auto* groups = root["dependency-groups"].as_table()) {
    for (auto&& [k, v] : *groups) requirement_array(c, &v, true, k.str());
  }
  auto poetry = root["tool"]["poetry"];
  poetry_table(c, poetry["dependencies"].node(), false, "");
  poetry_table(c, poetry["dev-dependencies"].node(), true, "dev");
  if (const auto* groups = poetry["group"].as_table()) {
    for (auto&& [k, v] : *groups) {
      if (const auto* g = v.as_table()) {
        poetry_table(c, g->get("dependencies"), k.str() != "main", k.str());
      }
    }
  }
  scripts_table(c, root["project"]["scripts"].node());
  scripts_table(c, poetry["scripts"].node());
  index_array(c, poetry["source"].node());
  index_array(c, root["tool"]["uv"]["index"].node());
  std::stable_sort(out.facts.begin(), out.facts.end(),
                   [](const Fact& a, const Fact& b) { return a.span.offset < b.span.offset; });
  return out;
}

}  // namespace ascendify::manifest

namespace ascendify::manifest {

namespace {

bool string_list(const toml::node* n, std::vector<std::string>& out) {
  if (!n) return true;
  const auto* arr = n->as_array();
  if (!arr) return false;
  for (const toml::node& e : *arr) {
    const auto* s = e.as_string();
    if (!s) return false;
    out.push_back(s->get());
  }
  return true;
}

}  // namespace

ToolConfig read_tool_config(std::string_view text, std::string_view path,
                            std::vector<Diagnostic>& diagnostics) {
  ToolConfig cfg;
  toml::table doc;
  try {
    doc = toml::parse(mask_toml_unreachable(text), path);
  } catch (...) {
    return cfg;  // the pyproject front end reports malformed TOML
  }
  const auto* tool = doc["tool"]["ascendify"].as_table();
  if (!tool) return cfg;
  cfg.present = true;
  auto bad = [&](std::string_view key, std::string_view want) {
    diagnostics.push_back(
        {std::string(path), 0,
         "[tool.ascendify] " + std::string(key) + ": expected " + std::string(want) + "; ignored"});
  };
  for (auto&& [key, value] : *tool) {
    std::string_view k = key.str();
    if (k == "exclude") {
      if (!string_list(&value, cfg.excludes)) bad(k, "a list of strings");
    } else if (k == "rules") {
      if (!string_list(&value, cfg.rule_files)) bad(k, "a list of strings");
    } else if (k == "target" || k == "fail-on" || k == "hardware") {
      const auto* s = value.as_string();
      if (!s) {
        bad(k, "a string");
        continue;
      }
      (k == "target" ? cfg.target : k == "fail-on" ? cfg.fail_on : cfg.hardware) = s->get();
    } else if (k == "phases") {
      const auto* t = value.as_table();
      if (!t) {
        bad(k, "a table of NAME = [entry, ...]");
        continue;
      }
      for (auto&& [name, entries] : *t) {
        std::vector<std::string> list;
        if (!string_list(&entries, list)) {
          bad("phases." + std::string(name.str()), "a list of strings");
          continue;
        }
        cfg.phases.emplace_back(std::string(name.str()), std::move(list));
      }
    } else {
      diagnostics.push_back({std::string(path), 0,
                             "[tool.ascendify]: unknown key '" + std::string(k) + "'; ignored"});
    }
  }
  return cfg;
}

}  // namespace ascendify::manifest
