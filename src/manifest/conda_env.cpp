// Conda environment.yml: `dependencies:` (conda match specs and a nested `- pip:` list) and
// `channels:`. yaml-cpp throws on malformed input and guards its own recursion depth; every
// exception becomes one diagnostic.
#include <yaml-cpp/yaml.h>

#include <string>

#include "manifest/manifest.hpp"
#include "manifest/requirement.hpp"

namespace ascendify::manifest {
namespace {

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// "pytorch::pytorch=2.3" -> name "pytorch", detail "=2.3"; "cuda-nvcc" -> detail "".
ParsedRequirement parse_conda_spec(std::string_view spec) {
  ParsedRequirement r;
  std::string_view s = trim(spec);
  size_t lead = static_cast<size_t>(s.data() - spec.data());
  size_t cc = s.rfind("::");
  if (cc != std::string_view::npos) {
    lead += cc + 2;
    s = s.substr(cc + 2);
  }
  size_t end = s.find_first_of("=<>!~[ \t");
  if (end == std::string_view::npos) end = s.size();
  if (end == 0 || !is_alnum(s[0])) {
    r.kind = ParsedRequirement::Kind::Invalid;
    r.message = "unparsable conda dependency";
    return r;
  }
  r.kind = ParsedRequirement::Kind::Dependency;
  r.name = normalize_name(s.substr(0, end));
  r.detail = std::string(trim(s.substr(end)));
  r.pos = lead;
  r.len = end;
  return r;
}

// File offset of a scalar's text: yaml-cpp marks are 0-based (line, column); the value is
// looked up on that line so quotes and byte/char column differences do not matter.
size_t scalar_offset(const SpanMaker& sm, const YAML::Node& n, const std::string& value) {
  YAML::Mark m = n.Mark();
  if (m.line < 0) return sm.text().size();
  uint32_t line = static_cast<uint32_t>(m.line) + 1;
  std::string_view lt = sm.line_text(line);
  size_t base = sm.offset_of(line, 1);
  size_t at = value.empty() ? std::string_view::npos : lt.find(value);
  return at == std::string_view::npos ? base : base + at;
}

void scan(const YAML::Node& root, const SpanMaker& sm, std::string_view path, FileFacts& out) {
  if (!root.IsMap()) return;
  YAML::Node channels = root["channels"];
  if (channels && channels.IsSequence()) {
    for (const YAML::Node& ch : channels) {
      if (!ch.IsScalar()) continue;
      const std::string& v = ch.Scalar();
      size_t off = scalar_offset(sm, ch, v);
      out.facts.push_back(command_fact("conda-channel", v, v, sm.span(off, off + v.size())));
    }
  }
  YAML::Node deps = root["dependencies"];
  if (!deps || !deps.IsSequence()) return;
  for (const YAML::Node& d : deps) {
    if (d.IsScalar()) {
      const std::string& v = d.Scalar();
      size_t off = scalar_offset(sm, d, v);
      emit_parsed(parse_conda_spec(v), v, off, sm, false, "", path, out);
      continue;
    }
    if (!d.IsMap()) continue;
    YAML::Node pip = d["pip"];
    if (!pip || !pip.IsSequence()) continue;
    for (const YAML::Node& p : pip) {
      if (!p.IsScalar()) continue;
      const std::string& v = p.Scalar();
      size_t off = scalar_offset(sm, p, v);
      emit_parsed(parse_requirement_line(v), v, off, sm, false, "pip", path, out);
    }
  }
}

}  // namespace

FileFacts analyze_conda_env(std::string_view text, std::string_view path) {
  FileFacts out;
  SpanMaker sm(text);
  try {
    YAML::Node root = YAML::Load(std::string(text));
    scan(root, sm, path, out);
  } catch (const YAML::Exception& e) {
    out.facts.clear();
    uint32_t line = e.mark.line >= 0 ? static_cast<uint32_t>(e.mark.line) + 1 : 0;
    out.diagnostics.push_back({std::string(path), line, "malformed YAML: " + e.msg});
  } catch (...) {
    out.facts.clear();
    out.diagnostics.push_back({std::string(path), 0, "malformed YAML"});
  }
  return out;
}

}  // namespace ascendify::manifest
