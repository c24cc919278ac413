#include <gtest/gtest.h>

#include "portfolio/fleet.hpp"

using namespace ascendify::portfolio;

namespace {

RepoReport repo(const std::string& name, const std::string& verdict, double low, double high,
                std::map<std::string, int> stops, std::vector<std::string> deps = {}) {
  RepoReport r;
  r.project = name;
  r.root = "/src/" + name;
  r.feasibility = verdict;
  r.weeks = {low, high};
  r.stop_rules = std::move(stops);
  r.site_classes["stops-run"] = 0;
  for (const auto& [rule, n] : r.stop_rules) r.site_classes["stops-run"] += n;
  r.phases.push_back({"inference", {low / 2, high / 2}});
  for (const auto& d : deps) r.dependencies.push_back({d, "replace", "use " + d + "-npu", ""});
  return r;
}

}  // namespace

TEST(Summarise, CountsVerdictsSumsWeeksAndRanksWhatRecurs) {
  const Fleet f = summarise(
      {repo("b", "difficult", 2, 4, {{"attention.flash-attn-import", 1}}, {"flash-attn"}),
       repo("a", "feasible", 0.5, 1, {}),
       repo("c", "difficult", 1, 3, {{"attention.flash-attn-import", 2}, {"custom_op.x", 5}},
            {"flash-attn", "apex"})},
      {{"/src/z", "gone"}});
  ASSERT_EQ(f.repos.size(), 3u);
  EXPECT_EQ(f.repos[0].project, "a");
  EXPECT_EQ(f.repos[2].project, "c");
  EXPECT_EQ(f.by_verdict.at("difficult"), 2);
  EXPECT_EQ(f.by_verdict.at("feasible"), 1);
  EXPECT_DOUBLE_EQ(f.total.low, 3.5);
  EXPECT_DOUBLE_EQ(f.total.high, 8);
  EXPECT_EQ(f.by_phase_kind.at("inference").first, 3);
  EXPECT_DOUBLE_EQ(f.by_phase_kind.at("inference").second.high, 4);
  // Two repositories beat five sites in one.
  ASSERT_EQ(f.run_stoppers.size(), 2u);
  EXPECT_EQ(f.run_stoppers[0].key, "attention.flash-attn-import");
  EXPECT_EQ(f.run_stoppers[0].repos, (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(f.run_stoppers[0].sites, 3);
  EXPECT_EQ(f.run_stoppers[1].key, "custom_op.x");
  ASSERT_EQ(f.dependencies.size(), 2u);
  EXPECT_EQ(f.dependencies[0].key, "flash-attn");
  EXPECT_EQ(f.dependencies[0].replacement, "use flash-attn-npu");
  ASSERT_EQ(f.not_scanned.size(), 1u);
}

TEST(Summarise, TheOrderOfTheReportsDoesNotChangeTheSummary) {
  auto a = repo("a", "feasible", 0.1, 0.3, {{"r.one", 1}}, {"p"});
  auto b = repo("b", "needs-adaptation", 0.7, 1.1, {{"r.two", 1}}, {"p"});
  auto c = repo("c", "infeasible", 0.2, 0.9, {{"r.one", 1}, {"r.two", 1}}, {"q"});
  const Fleet one = summarise({a, b, c}, {});
  const Fleet other = summarise({c, a, b}, {});
  EXPECT_EQ(render_json(one), render_json(other));
  EXPECT_EQ(render_markdown(one, "en", {}), render_markdown(other, "en", {}));
  EXPECT_EQ(render_markdown(one, "zh", {}), render_markdown(other, "zh", {}));
}

TEST(LoadReport, RefusesOtherSchemasAndNonReports) {
  std::string error;
  EXPECT_FALSE(load_report("{\"schema\": \"ascendify.report/2\", \"summary\": {}}", error));
  EXPECT_EQ(error,
            "report schema ascendify.report/2 is not ascendify.report/1, the one this ascendify "
            "reads; scan the repository again with this version");
  EXPECT_FALSE(load_report("[1, 2]", error));
  EXPECT_FALSE(load_report("{\"schema\": \"ascendify.report/1\"}", error));  // no summary
  EXPECT_FALSE(load_report("{", error));
  auto ok = load_report(
      R"({"schema": "ascendify.report/1", "project": "p", "root": "/r",
          "summary": {"feasibility": "feasible", "effort_weeks": {"low": 1, "high": 2},
                      "site_classes": {"stops-run": 1}, "total_findings": 2},
          "phases": [{"name": "main", "kind": "", "effort_weeks": {"low": 1, "high": 2}}],
          "findings": [{"rule": "a.b", "class": "stops-run", "replacement": "x"},
                       {"rule": "a.c", "class": "mechanical", "stops_run": true}],
          "dependencies": [{"name": "torch", "status": "compatible"},
                           {"name": "apex", "status": "replace", "replacement": "torch.amp"}]})",
      error);
  ASSERT_TRUE(ok) << error;
  EXPECT_EQ(ok->stop_rules, (std::map<std::string, int>{{"a.b", 1}}));
  EXPECT_EQ(ok->phases[0].kind, "main");
  ASSERT_EQ(ok->dependencies.size(), 1u);
  EXPECT_EQ(ok->dependencies[0].name, "apex");
}

TEST(Summarise, AProjectAdoptedWholeAddsItsWeeksButNotItsSites) {
  auto port =
      repo("port", "needs-adaptation", 1, 2, {{"attention.flash-attn-import", 1}}, {"flash-attn"});
  auto megatron = repo("megatron", "needs-adaptation", 1.5, 3,
                       {{"attention.flash-attn-import", 4}, {"custom_op.te", 29}}, {"flash-attn"});
  megatron.adopted_as = "MindSpeed";
  const Fleet f = summarise({port, megatron}, {});
  EXPECT_DOUBLE_EQ(f.total.high, 5);
  ASSERT_EQ(f.run_stoppers.size(), 1u);
  EXPECT_EQ(f.run_stoppers[0].repos, std::vector<std::string>{"port"});
  EXPECT_EQ(f.run_stoppers[0].sites, 1);
  ASSERT_EQ(f.dependencies.size(), 1u);
  EXPECT_EQ(f.dependencies[0].repos.size(), 1u);
  const std::string md = render_markdown(f, "en", {});
  EXPECT_NE(md.find("adopt MindSpeed whole"), std::string::npos) << md;
  EXPECT_NE(md.find("the default run stops on an NPU in 1 of 2;"), std::string::npos) << md;
}
