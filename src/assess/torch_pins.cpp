#include "assess/torch_pins.hpp"

#include <array>
#include <cstdlib>
#include <limits>
#include <map>

#include "assess/marker_findings.hpp"
#include "core/text.hpp"

namespace ascendify::assess {

namespace {

constexpr std::string_view kMarker = "ascendify.torch-pin.no-npu-release";

using Version = std::array<int, 3>;  // major.minor.patch; missing parts are 0

// The numeric release part of "2.4.1+cu121" / "2.4.1.post2" / "2.10.0rc2"; -1 when none.
int read_version(std::string_view s, Version& v, int& parts) {
  v = {0, 0, 0};
  parts = 0;
  size_t i = 0;
  while (parts < 3 && i < s.size() && s[i] >= '0' && s[i] <= '9') {
    int n = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') n = n * 10 + (s[i++] - '0');
    v[static_cast<size_t>(parts++)] = n;
    if (i < s.size() && s[i] == '.' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9')
      ++i;
    else
      break;
  }
  return parts == 0 ? -1 : static_cast<int>(i);
}

struct Clause {
  std::string op;  // == != <= >= < > ~= (bare and conda '=' read as ==)
  Version v{};
  int parts = 0;
  bool wildcard = false;  // "==2.4.*": the given parts must match
};

bool prefix_equal(const Version& a, const Version& b, int parts) {
  for (int i = 0; i < parts; ++i)
    if (a[static_cast<size_t>(i)] != b[static_cast<size_t>(i)]) return false;
  return true;
}

bool holds(const Clause& c, const Version& t) {
  if (c.op == "==") return c.wildcard ? prefix_equal(t, c.v, c.parts) : t == c.v;
  if (c.op == "!=") return c.wildcard ? !prefix_equal(t, c.v, c.parts) : t != c.v;
  if (c.op == ">=") return t >= c.v;
  if (c.op == "<=") return t <= c.v;
  if (c.op == ">") return t > c.v;
  if (c.op == "<") return t < c.v;
  if (c.op == "~=") {  // ~=2.3.0: >=2.3.0, ==2.3.*; ~=2.3: >=2.3, ==2.*
    if (t < c.v) return false;
    return prefix_equal(t, c.v, std::max(1, c.parts - 1));
  }
  return false;
}

std::optional<std::vector<Clause>> parse_spec(std::string_view spec) {
  std::vector<Clause> out;
  for (const std::string& clause : split_commas(spec)) {
    std::string_view part = clause;
    part = trim(part);
    if (const size_t semi = part.find(';'); semi != std::string_view::npos)
      part = trim(part.substr(0, semi));  // environment marker
    if (part.empty()) continue;
    Clause c;
    for (std::string_view op : {"===", "==", "!=", "<=", ">=", "~=", "<", ">", "="})
      if (part.substr(0, op.size()) == op) {
        c.op = op == "===" || op == "=" ? "==" : std::string(op);
        part = trim(part.substr(op.size()));
        break;
      }
    if (c.op.empty()) c.op = "==";  // conda / bare "2.4.1"
    const int end = read_version(part, c.v, c.parts);
    if (end < 0) return std::nullopt;
    const std::string_view rest = part.substr(static_cast<size_t>(end));
    c.wildcard = rest == ".*" || rest == "*";  // "==2.4" is 2.4.0 (PEP 440 zero padding)
    out.push_back(c);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

long distance(const Version& a, const Version& b) {
  auto n = [](const Version& v) { return v[0] * 1000000L + v[1] * 1000L + v[2]; };
  return std::labs(n(a) - n(b));
}

}  // namespace

std::optional<TorchPinAdvice> advise_torch_pin(std::string_view spec,
                                               const std::vector<NpuReleaseModel>& releases) {
  if (releases.empty()) return std::nullopt;
  const auto clauses = parse_spec(spec);
  if (!clauses) return std::nullopt;
  TorchPinAdvice advice;
  long best = std::numeric_limits<long>::max();
  const Version anchor = clauses->front().v;
  for (const NpuReleaseModel& r : releases) {  // newest first: the first allowed one wins
    Version t;
    int parts = 0;
    if (read_version(r.torch, t, parts) < 0) continue;
    bool ok = true;
    for (const Clause& c : *clauses) ok = ok && holds(c, t);
    if (ok) return TorchPinAdvice{&r, true};
    if (const long d = distance(t, anchor); d < best) {
      best = d;
      advice.release = &r;
    }
  }
  if (!advice.release) return std::nullopt;
  return advice;
}

std::string pairing_text(const NpuReleaseModel& r) {
  std::string s = "torch " + r.torch + " + torch_npu " + r.torch_npu;
  if (!r.cann.empty()) s += " (CANN " + r.cann + ")";
  return s;
}

std::vector<Finding> torch_pin_findings(const ScannedFiles& files,
                                        const std::vector<NpuReleaseModel>& releases,
                                        const rules::RuleSet& rules) {
  std::vector<Finding> out;
  for (const ScannedFile& sf : files) {
    std::vector<Fact> facts;
    std::map<uint32_t, std::pair<std::string, std::string>> pin_by_line;  // spec, nearest
    for (const Fact& f : sf.facts.facts) {
      if (f.kind != FactKind::Dependency || (f.name != "torch" && f.name != "pytorch")) continue;
      const auto advice = advise_torch_pin(f.detail, releases);
      if (!advice || advice->allowed) continue;
      facts.push_back(marker_fact(std::string(kMarker), "", f.span.line, f.span.col,
                                  f.span.end_col > f.span.col ? f.span.end_col - f.span.col : 1,
                                  f.guarded, f.name + f.detail));
      pin_by_line.try_emplace(f.span.line, f.detail, pairing_text(*advice->release));
    }
    if (facts.empty()) continue;
    std::vector<Finding> found = match_markers(rules, sf, std::move(facts));
    for (Finding& x : found)  // each names its pin and the nearest release
      if (auto it = pin_by_line.find(x.span.line); it != pin_by_line.end()) {
        const auto& [spec, nearest] = it->second;
        x.message += " Pinned: torch " + spec + "; nearest release: " + nearest + ".";
        if (!x.message_zh.empty())
          x.message_zh += "固定的版本：torch " + spec + "；最接近的发行版：" + nearest + "。";
        x.replacement = "pin " + nearest;
        x.replacement_zh = "固定为 " + nearest;
      }
    std::move(found.begin(), found.end(), std::back_inserter(out));
  }
  return out;
}

std::string project_torch_version(const ScannedFiles& files,
                                  const std::vector<NpuReleaseModel>& releases) {
  for (const ScannedFile& sf : files)
    for (const Fact& f : sf.facts.facts)
      if (f.kind == FactKind::Dependency && (f.name == "torch" || f.name == "pytorch"))
        if (const auto advice = advise_torch_pin(f.detail, releases)) return advice->release->torch;
  return "";
}

void annotate_torch_rows(std::vector<DependencyRow>& rows,
                         const std::vector<NpuReleaseModel>& releases) {
  for (DependencyRow& row : rows) {
    if (row.name != "torch" && row.name != "pytorch") continue;
    if (row.spec.empty()) {
      if (!releases.empty()) {
        row.npu_release = "unpinned; newest: " + pairing_text(releases.front());
        row.npu_release_zh = "未固定版本；最新：" + pairing_text(releases.front());
      }
      continue;
    }
    if (const auto advice = advise_torch_pin(row.spec, releases)) {
      row.npu_release = (advice->allowed ? "" : "no release for this pin; nearest: ") +
                        pairing_text(*advice->release);
      row.npu_release_zh = (advice->allowed ? "" : "该固定版本没有对应发行版；最接近：") +
                           pairing_text(*advice->release);
    }
  }
}

}  // namespace ascendify::assess
