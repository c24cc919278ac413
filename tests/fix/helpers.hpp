#pragma once
// Hand-built rules, files and findings for the fix unit tests.
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "core/rule.hpp"
#include "core/scanned_file.hpp"
#include "fix/fix.hpp"

namespace ascendify::fix::testing {

inline Rule make_rule(std::string id, MatchKind kind, std::vector<std::string> names,
                      std::string fix_kind, std::string to, bool prefix = false,
                      bool import_npu = true) {
  Rule r;
  r.id = std::move(id);
  r.domain = r.id.rfind("distributed.", 0) == 0 ? Domain::Distributed : Domain::Device;
  r.match.kind = kind;
  r.match.names = std::move(names);
  r.match.prefix = prefix;
  r.confidence = Confidence::High;
  if (!fix_kind.empty())
    r.autofix = Autofix{autofix_kind(fix_kind).value(), std::move(to), import_npu, true, false, ""};
  return r;
}

// Builds findings on a file text: locate the n-th occurrence of `needle`.
class Fixture {
 public:
  void file(std::string path, FileKind kind, std::string text, bool main_guard = false) {
    ScannedFile sf;
    sf.file.rel_path = path;
    sf.file.kind = kind;
    if (main_guard) {
      Fact f;
      f.kind = FactKind::MainGuard;
      sf.facts.facts.push_back(f);
    }
    files.push_back(sf);
    texts[path] = std::move(text);
  }

  // A finding of `rule` at the n-th (0-based) occurrence of `needle` in `path`.
  Finding& find(const Rule& rule, const std::string& path, const std::string& needle,
                std::string match, int nth = 0, bool by_transfer = false) {
    const std::string& t = texts.at(path);
    size_t pos = t.find(needle);
    for (int i = 0; i < nth && pos != std::string::npos; ++i) pos = t.find(needle, pos + 1);
    Finding f;
    f.rule = &rule;
    f.rule_id = rule.id;
    f.domain = rule.domain;
    f.path = path;
    f.match = std::move(match);
    f.confidence = rule.confidence;
    f.manual = manual_reason(rule, false, false);  // as the matcher decides it
    f.autofix = f.manual == ManualReason::None;
    f.auto_by_transfer_to_npu = by_transfer;
    if (pos == std::string::npos) pos = 0;
    f.span.offset = static_cast<uint32_t>(pos);
    f.span.end_offset = static_cast<uint32_t>(pos + needle.size());
    f.span.line = 1;
    for (size_t i = 0; i < pos; ++i)
      if (t[i] == '\n') ++f.span.line;
    f.span.col = 1;
    findings.push_back(f);
    return findings.back();
  }

  FixResult plan(const FixOptions& o = {}) {
    std::vector<Finding> fs(findings.begin(), findings.end());
    return plan_fixes(files, fs, "/nonexistent", o, [this](const SourceFile& sf) {
      auto it = texts.find(sf.rel_path);
      return it == texts.end() ? std::nullopt : std::optional<std::string>(it->second);
    });
  }

  ScannedFiles files;
  std::map<std::string, std::string> texts;
  std::deque<Finding> findings;
};

inline std::string fixed_text(const FixResult& r, const std::string& path) {
  for (const auto& f : r.files)
    if (f.rel_path == path) return f.fixed;
  return "<unchanged>";
}

}  // namespace ascendify::fix::testing
