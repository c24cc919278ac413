#include "portfolio/sections.hpp"

#include <cstdio>

#include "render/escape.hpp"

namespace ascendify::portfolio {

namespace {

// Tables of recurring items show this many rows; the JSON has them all.
constexpr size_t kTopRows = 15;

struct Words {
  bool zh;
  const char* pick(const char* en, const char* zh_text) const { return zh ? zh_text : en; }
};

// As the reports write weeks (render::one_decimal): the summary's figures and its JSON's agree.
std::string weeks_text(const Weeks& w) {
  return render::one_decimal(w.low) + "–" + render::one_decimal(w.high);
}

std::string verdict_text(const std::string& v, const Words& w) {
  if (v == "feasible") return w.pick("feasible", "可行");
  if (v == "needs-adaptation") return w.pick("needs adaptation", "需适配");
  if (v == "difficult") return w.pick("difficult", "困难");
  if (v == "infeasible") return w.pick("infeasible", "不可行");
  return v;
}

// A phase kind as the reports name it, with its Chinese word in the Chinese summary.
std::string phase_text(const std::string& kind, const Words& w) {
  if (!w.zh) return kind;
  static const std::pair<const char*, const char*> names[] = {
      {"inference", "推理"},      {"training", "训练"},   {"fine-tuning", "微调"},
      {"pre-training", "预训练"}, {"evaluation", "评测"}, {"preprocessing", "预处理"}};
  for (const auto& [en, zh] : names)
    if (kind == en) return kind + "（" + zh + "）";
  return kind;
}

// The verdicts from the easiest to the hardest; an unknown one after them.
int verdict_rank(const std::string& v) {
  static const char* order[] = {"feasible", "needs-adaptation", "difficult", "infeasible"};
  for (int i = 0; i < 4; ++i)
    if (v == order[i]) return i;
  return 4;
}

std::string repos_text(const std::vector<std::string>& repos) {
  std::string out;
  for (size_t i = 0; i < repos.size() && i < 5; ++i) out += (i ? ", " : "") + repos[i];
  if (repos.size() > 5) out += ", … (+" + std::to_string(repos.size() - 5) + ")";
  return out;
}

int site_count(const RepoReport& r, const char* cls) {
  auto it = r.site_classes.find(cls);
  return it == r.site_classes.end() ? 0 : it->second;
}

Section recurring(const std::string& title, const std::vector<Recurring>& items, const Words& w,
                  const std::string& lang, const ReplacementOf& replacement_of, bool packages) {
  Section s;
  s.title = title;
  s.header = {packages ? w.pick("package", "依赖包") : w.pick("rule", "规则"),
              w.pick("repositories", "仓库数"),
              packages ? w.pick("status", "状态") : w.pick("sites", "位点数"),
              w.pick("replacement", "替代方案"), w.pick("in", "涉及仓库")};
  for (size_t i = 0; i < items.size() && i < kTopRows; ++i) {
    const Recurring& r = items[i];
    const std::string& rule = packages ? r.rule : r.key;
    std::string replacement = replacement_of && !rule.empty() ? replacement_of(rule, lang) : "";
    if (replacement.empty()) replacement = r.replacement;
    s.rows.push_back({"`" + r.key + "`", std::to_string(r.repos.size()),
                      packages ? r.status : std::to_string(r.sites), replacement,
                      repos_text(r.repos)});
  }
  if (items.size() > kTopRows)
    s.more = std::to_string(items.size() - kTopRows) +
             w.pick(" more in the JSON summary", " 项见 JSON 汇总");
  if (items.empty()) s.lines.push_back(w.pick("None.", "无。"));
  return s;
}

}  // namespace

Document fleet_document(const Fleet& fleet, const std::string& lang,
                        const ReplacementOf& replacement_of) {
  const Words w{lang == "zh"};
  Document doc;
  const size_t n = fleet.repos.size();
  doc.title = w.zh ? "昇腾迁移组合评估：" + std::to_string(n) + " 个仓库"
                   : "Ascend migration portfolio: " + std::to_string(n) +
                         (n == 1 ? " repository" : " repositories");

  Section glance;
  glance.title = w.pick("At a glance", "概览");
  int stop_repos = 0;
  for (const auto& r : fleet.repos)
    stop_repos += r.adopted_as.empty() && site_count(r, "stops-run") > 0;
  glance.lines.push_back(
      w.zh ? "总工作量 " + weeks_text(fleet.total) + " 人周；" + std::to_string(stop_repos) +
                 " 个仓库（共 " + std::to_string(n) + " 个）的默认运行在 NPU 上会中止；" +
                 std::to_string(fleet.not_scanned.size()) + " 个未能扫描。"
           : "Total effort " + weeks_text(fleet.total) +
                 " person-weeks; the default run stops on an NPU in " + std::to_string(stop_repos) +
                 " of " + std::to_string(n) + "; " + std::to_string(fleet.not_scanned.size()) +
                 " could not be scanned.");
  glance.header = {w.pick("verdict", "结论"), w.pick("repositories", "仓库数"),
                   w.pick("person-weeks", "人周")};
  std::vector<std::string> verdicts;
  for (const auto& [v, count] : fleet.by_verdict) verdicts.push_back(v);
  std::stable_sort(verdicts.begin(), verdicts.end(),
                   [](const auto& a, const auto& b) { return verdict_rank(a) < verdict_rank(b); });
  for (const auto& v : verdicts)
    glance.rows.push_back({verdict_text(v, w), std::to_string(fleet.by_verdict.at(v)),
                           weeks_text(fleet.weeks_by_verdict.at(v))});
  doc.sections.push_back(glance);

  Section phases;
  phases.title = w.pick("Weeks by phase", "按阶段的工作量");
  phases.lines.push_back(
      w.pick("Phases of one repository share work (environment, common "
             "files), so the phases add up to more than the total.",
             "同一仓库的各阶段共享部分工作（环境、公共文件），因此各阶段之和大于总量。"));
  phases.header = {w.pick("phase", "阶段"), w.pick("repositories", "仓库数"),
                   w.pick("person-weeks", "人周")};
  for (const auto& [kind, v] : fleet.by_phase_kind)
    phases.rows.push_back({phase_text(kind, w), std::to_string(v.first), weeks_text(v.second)});
  doc.sections.push_back(phases);

  Section repos;
  repos.title = w.pick("Repositories", "仓库");
  repos.header = {w.pick("repository", "仓库"),
                  w.pick("verdict", "结论"),
                  w.pick("person-weeks", "人周"),
                  w.pick("stop the run", "中止运行"),
                  w.pick("must adapt", "须适配"),
                  w.pick("mechanical", "机械修改"),
                  w.pick("first run-stopper, or the plan", "首个中止原因或方案")};
  for (const auto& r : fleet.repos) {
    std::string first;
    int most = 0;
    for (const auto& [rule, count] : r.stop_rules)
      if (count > most) {
        most = count;
        first = "`" + rule + "`";
      }
    if (!r.adopted_as.empty())
      first = w.zh
                  ? "整体采用 " + r.adopted_as + "（上列位点属于无人采用的逐行移植）"
                  : "adopt " + r.adopted_as + " whole (the sites are those of a line-by-line port)";
    std::string name = r.project.empty() ? r.root : r.project;
    if (r.diagnostics > 0) name += w.pick(" (partial)", "（部分）");
    repos.rows.push_back({name, verdict_text(r.feasibility, w), weeks_text(r.weeks),
                          std::to_string(site_count(r, "stops-run")),
                          std::to_string(site_count(r, "must-adapt")),
                          std::to_string(site_count(r, "mechanical")), first});
  }
  doc.sections.push_back(repos);

  doc.sections.push_back(
      recurring(w.pick("What stops the run, across the fleet", "跨仓库：中止默认运行的原因"),
                fleet.run_stoppers, w, lang, replacement_of, false));
  doc.sections.push_back(
      recurring(w.pick("Work to adapt by hand, across the fleet", "跨仓库：须手工适配的工作"),
                fleet.must_adapt, w, lang, replacement_of, false));
  doc.sections.push_back(recurring(
      w.pick("Dependencies to replace once for the fleet", "跨仓库：一次替换、多处受益的依赖"),
      fleet.dependencies, w, lang, replacement_of, true));
  if (!fleet.not_scanned.empty()) {
    Section missing;
    missing.title = w.pick("Not scanned", "未能扫描");
    missing.header = {w.pick("repository", "仓库"), w.pick("reason", "原因")};
    for (const auto& m : fleet.not_scanned) missing.rows.push_back({m.repo, m.reason});
    doc.sections.push_back(missing);
  }
  return doc;
}

}  // namespace ascendify::portfolio
