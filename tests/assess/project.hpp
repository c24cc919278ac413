#pragma once
// Hand-built projects for assess tests: files with facts, findings, rules.
#include <string>
#include <vector>

#include "assess/assess.hpp"
#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::test {

struct Project {
  ScannedFiles files;
  std::vector<Finding> findings;

  ScannedFile& file(const std::string& path, FileKind kind = FileKind::Python) {
    ScannedFile f;
    f.file.rel_path = path;
    f.file.root = "/nonexistent/";
    f.file.kind = kind;
    files.push_back(std::move(f));
    return files.back();
  }
  ScannedFile& at(const std::string& path) {
    for (auto& f : files)
      if (f.file.rel_path == path) return f;
    return file(path);
  }
  // `import name` (level 0, detail "") or `from detail import x` (name "detail.x").
  Project& import(const std::string& path, const std::string& name, const std::string& detail = "",
                  int level = 0, uint32_t line = 1) {
    Fact f;
    f.kind = FactKind::Import;
    f.name = name;
    f.detail = detail;
    f.arg_index = level;
    f.span.line = line;
    at(path).facts.facts.push_back(f);
    return *this;
  }
  Project& main_guard(const std::string& path, uint32_t line = 10) {
    Fact f;
    f.kind = FactKind::MainGuard;
    f.span.line = line;
    at(path).facts.facts.push_back(f);
    return *this;
  }
  Project& command(const std::string& path, const std::string& name, const std::string& call,
                   const std::string& detail = "", uint32_t line = 1) {
    Fact f;
    f.kind = FactKind::Command;
    f.name = name;
    f.call = call;
    f.detail = detail;
    f.span.line = line;
    at(path).facts.facts.push_back(f);
    return *this;
  }
  Project& reference(const std::string& path, const std::string& name, const std::string& scope,
                     uint32_t line) {
    Fact f;
    f.kind = FactKind::Reference;
    f.usage = Usage::Load;
    f.name = name;
    f.scope = scope;
    f.span.line = line;
    at(path).facts.facts.push_back(f);
    return *this;
  }
  KernelFact& kernel(const std::string& path, KernelKind kind, const std::string& name,
                     uint32_t line, uint32_t loc) {
    KernelFact k;
    k.kind = kind;
    k.name = name;
    k.span.line = line;
    k.span.end_line = line + loc - 1;
    k.loc = loc;
    at(path).facts.kernels.push_back(k);
    return at(path).facts.kernels.back();
  }
  Finding& finding(const std::string& rule_id, Domain d, const std::string& path, uint32_t line,
                   const std::string& snippet = "x()") {
    Finding f;
    f.rule_id = rule_id;
    f.domain = d;
    f.path = path;
    f.span.line = line;
    f.span.col = 1;
    f.match = snippet;
    f.snippet = snippet;
    findings.push_back(f);
    return findings.back();
  }
  Assessment run(const rules::RuleSet& rules, const assess::Options& options = {}) {
    assess::Input in;
    in.root = "proj";
    in.files = &files;
    in.findings = findings;
    return assess::assess(std::move(in), rules, options);
  }
};

inline const PhaseSummary* phase(const Assessment& a, const std::string& name) {
  for (const auto& p : a.phases)
    if (p.name == name) return &p;
  return nullptr;
}

inline const Finding* finding_at(const Assessment& a, const std::string& path, uint32_t line) {
  for (const auto& f : a.findings)
    if (f.path == path && f.span.line == line) return &f;
  return nullptr;
}

using Names = std::vector<std::string>;

}  // namespace ascendify::test
