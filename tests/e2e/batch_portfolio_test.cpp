// scan --batch and portfolio: one line of the index per listed repository (a missing one is
// listed as not scanned, the batch goes on), shards that summarise to the bytes of one run,
// and a portfolio that refuses reports of another schema version.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "robust_util.hpp"

using namespace robust;

namespace {

// A unguarded import of flash_attn stops the default run; the other lines are mechanical.
constexpr const char* kFlashSample = R"(import torch
import flash_attn


def main():
    x = torch.zeros(4).cuda()
    torch.cuda.synchronize()
    return flash_attn.flash_attn_func(x, x, x)


if __name__ == "__main__":
    main()
)";

constexpr const char* kTrain = R"(import torch
import torch.distributed as dist


def main():
    dist.init_process_group("nccl")
    model = torch.nn.Linear(4, 4).cuda()
    with torch.cuda.amp.autocast():
        y = model(torch.zeros(4, 4).cuda())
    y.sum().backward()


if __name__ == "__main__":
    main()
)";

// Three small repositories: alpha and gamma import flash_attn at module level, beta trains.
struct Fleet {
  TempDir tmp;
  fs::path alpha = tmp / "repos/alpha", beta = tmp / "repos/beta", gamma = tmp / "repos/gamma";
  Fleet() {
    write_file(alpha / "sample.py", kFlashSample);
    write_file(alpha / "requirements.txt", "torch==2.1.0\nflash-attn==2.5.0\n");
    write_file(beta / "train.py", kTrain);
    write_file(gamma / "infer.py", kFlashSample);
    write_file(gamma / "requirements.txt", "flash-attn\n");
  }
  fs::path list(const std::string& name, const std::string& text) {
    write_file(tmp / name, text);
    return tmp / name;
  }
};

std::vector<nlohmann::json> index_lines(const fs::path& dir) {
  std::vector<nlohmann::json> out;
  std::istringstream in(read_file(dir / "index.jsonl"));
  std::string line;
  while (std::getline(in, line)) out.push_back(nlohmann::json::parse(line, nullptr, false));
  return out;
}

}  // namespace

TEST(BatchScan, OneIndexLinePerEntryAndAMissingRepositoryDoesNotStopIt) {
  Fleet f;
  const fs::path list =
      f.list("repos.txt", "# the fleet\n" + f.alpha.string() + "\n\n" + (f.tmp / "gone").string() +
                              "\n" + f.beta.string() + "\n" + f.alpha.string() + "\n");
  const fs::path out = f.tmp / "out";
  const RunResult r = run_cli({"scan", "--batch", list.string(), "-o", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Batch: 2 scanned (0 partial), 1 not scanned"), std::string::npos) << r.out;
  const auto lines = index_lines(out);
  ASSERT_EQ(lines.size(), 3u);  // the second alpha is the same entry
  EXPECT_EQ(lines[0]["repo"], f.alpha.string());
  EXPECT_EQ(lines[0]["status"], "ok");
  EXPECT_EQ(lines[0]["project"], "alpha");
  EXPECT_EQ(lines[0]["stops_run"], 2);
  EXPECT_TRUE(fs::is_regular_file(out / lines[0]["report"].get<std::string>()));
  EXPECT_EQ(lines[1]["repo"], (f.tmp / "gone").string());
  EXPECT_EQ(lines[1]["status"], "error");
  EXPECT_TRUE(lines[1]["report"].is_null());
  EXPECT_NE(lines[1]["error"].get<std::string>().find("no such file"), std::string::npos);
  EXPECT_EQ(lines[2]["project"], "beta");
  EXPECT_EQ(lines[2]["stops_run"], 0);
  EXPECT_NE(r.err.find("[2/3] " + (f.tmp / "gone").string() + ": not scanned"), std::string::npos)
      << r.err;
}

TEST(BatchScan, FailOnCountsEveryRepositoryAndStrictCountsTheMissingOne) {
  Fleet f;
  const fs::path list = f.list("l.txt", f.beta.string() + "\n" + f.alpha.string() + "\n");
  const RunResult fail = run_cli(
      {"scan", "--batch", list.string(), "-o", (f.tmp / "o1").string(), "--fail-on", "blocker"});
  EXPECT_EQ(fail.exit_code, 1) << fail.err;
  const auto lines = index_lines(f.tmp / "o1");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["fail_on_reached"], false);
  EXPECT_EQ(lines[1]["fail_on_reached"], true);
  const fs::path with_gone = f.list("g.txt", f.beta.string() + "\n/nonexistent/repo\n");
  EXPECT_EQ(
      run_cli({"scan", "--batch", with_gone.string(), "-o", (f.tmp / "o2").string()}).exit_code, 0);
  EXPECT_EQ(
      run_cli({"scan", "--batch", with_gone.string(), "-o", (f.tmp / "o3").string(), "--strict"})
          .exit_code,
      3);
  const fs::path only_gone = f.list("n.txt", "/nonexistent/repo\n");
  EXPECT_EQ(
      run_cli({"scan", "--batch", only_gone.string(), "-o", (f.tmp / "o4").string()}).exit_code, 2);
}

// A fleet is scanned once: the children keep no incremental cache unless --cache-dir asks.
TEST(BatchScan, ChildrenKeepNoCacheUnlessAsked) {
  Fleet f;
  const fs::path list = f.list("repos.txt", f.alpha.string() + "\n" + f.beta.string() + "\n");
  const fs::path xdg = f.tmp / "xdg";
  ASSERT_EQ(run_cli({"scan", "--batch", list.string(), "-o", (f.tmp / "o1").string()}, {},
                    {"XDG_CACHE_HOME=" + xdg.string()})
                .exit_code,
            0);
  EXPECT_FALSE(fs::exists(xdg));
  const fs::path asked = f.tmp / "fleet-cache";
  ASSERT_EQ(run_cli({"scan", "--batch", list.string(), "-o", (f.tmp / "o2").string(), "--cache-dir",
                     asked.string()})
                .exit_code,
            0);
  size_t packs = 0;
  for (const auto& e : fs::directory_iterator(asked)) packs += e.path().extension() == ".pack";
  EXPECT_EQ(packs, 2u);  // one per repository
}

TEST(BatchScan, UsageErrorsAreOneLine) {
  Fleet f;
  const fs::path list = f.list("l.txt", f.beta.string() + "\n");
  const RunResult no_out = run_cli({"scan", "--batch", list.string()}, f.tmp.path());
  EXPECT_EQ(no_out.exit_code, 2);
  EXPECT_NE(no_out.err.find("needs -o DIR"), std::string::npos) << no_out.err;
  const RunResult both = run_cli({"scan", f.beta.string(), "--batch", list.string(), "-o", "x"});
  EXPECT_EQ(both.exit_code, 2);
  const RunResult shard =
      run_cli({"scan", "--batch", list.string(), "-o", (f.tmp / "o").string(), "--shard", "2/2"});
  EXPECT_EQ(shard.exit_code, 2);
  EXPECT_NE(shard.err.find("expects K/N"), std::string::npos) << shard.err;
  const RunResult stdout_format =
      run_cli({"scan", "--batch", list.string(), "-o", (f.tmp / "o").string(), "--format", "text"});
  EXPECT_EQ(stdout_format.exit_code, 2);
  const RunResult file_out =
      run_cli({"scan", "--batch", list.string(), "-o", (f.tmp / "fleet.json").string()});
  EXPECT_EQ(file_out.exit_code, 2);
  EXPECT_NE(file_out.err.find("names a file"), std::string::npos) << file_out.err;
  EXPECT_FALSE(fs::exists(f.tmp / "fleet.json"));
  const RunResult no_list =
      run_cli({"scan", "--batch", (f.tmp / "nope.txt").string(), "-o", (f.tmp / "o").string()});
  EXPECT_EQ(no_list.exit_code, 2);
  EXPECT_NE(no_list.err.find("cannot read the list"), std::string::npos) << no_list.err;
}

TEST(Portfolio, ShardsSummariseToTheBytesOfOneRun) {
  Fleet f;
  const std::string text =
      f.gamma.string() + "\n" + f.alpha.string() + "\n/nonexistent/repo\n" + f.beta.string() + "\n";
  const fs::path list = f.list("repos.txt", text);
  ASSERT_EQ(run_cli({"scan", "--batch", list.string(), "-o", (f.tmp / "all").string()}).exit_code,
            0);
  for (const char* shard : {"0/2", "1/2"}) {
    const std::string dir = (f.tmp / ("shard-" + std::string(1, shard[0]))).string();
    ASSERT_EQ(run_cli({"scan", "--batch", list.string(), "--shard", shard, "-o", dir}).exit_code,
              0);
  }
  EXPECT_EQ(index_lines(f.tmp / "shard-0").size(), 2u);  // entries 0 and 2
  EXPECT_EQ(index_lines(f.tmp / "shard-1").size(), 2u);  // entries 1 and 3
  for (const char* format : {"md", "json", "html"}) {
    for (const char* lang : {"zh", "en"}) {
      const RunResult one =
          run_cli({"portfolio", (f.tmp / "all").string(), "--format", format, "--lang", lang});
      // The shards in the other order: the summary does not depend on it.
      const RunResult shards = run_cli({"portfolio", (f.tmp / "shard-1").string(),
                                        (f.tmp / "shard-0" / "index.jsonl").string(), "--format",
                                        format, "--lang", lang});
      ASSERT_EQ(one.exit_code, 0) << one.err;
      ASSERT_EQ(shards.exit_code, 0) << shards.err;
      EXPECT_EQ(one.out, shards.out) << format << " " << lang;
    }
  }
  const auto j = nlohmann::json::parse(
      run_cli({"portfolio", (f.tmp / "all").string(), "--format", "json"}).out);
  EXPECT_EQ(j["schema"], "ascendify.portfolio/1");
  EXPECT_EQ(j["repositories"], 3);
  EXPECT_EQ(j["not_scanned"], 1);
  EXPECT_EQ(j["not_scanned_repos"][0]["repo"], "/nonexistent/repo");
  // Sorted by project name, whatever the list's order.
  EXPECT_EQ(j["repos"][0]["project"], "alpha");
  EXPECT_EQ(j["repos"][1]["project"], "beta");
  EXPECT_EQ(j["repos"][2]["project"], "gamma");
  // The flash_attn import stops alpha and gamma: first among the run-stoppers, in 2 repos.
  ASSERT_FALSE(j["run_stoppers"].empty());
  EXPECT_EQ(j["run_stoppers"][0]["repositories"], (nlohmann::json{"alpha", "gamma"}));
  // flash-attn is to be replaced in both: a dependency to replace once.
  ASSERT_FALSE(j["dependencies"].empty());
  EXPECT_EQ(j["dependencies"][0]["package"], "flash-attn");
  EXPECT_EQ(j["dependencies"][0]["repositories"].size(), 2u);
  // The fleet's weeks are the sum of the repositories' weeks.
  double low = 0, high = 0;
  for (const auto& r : j["repos"]) {
    low += r["effort_weeks"]["low"].get<double>();
    high += r["effort_weeks"]["high"].get<double>();
  }
  EXPECT_NEAR(j["effort_weeks"]["low"].get<double>(), low, 0.051);
  EXPECT_NEAR(j["effort_weeks"]["high"].get<double>(), high, 0.051);
}

TEST(Portfolio, RefusesAReportOfAnotherSchemaVersion) {
  Fleet f;
  const fs::path out = f.tmp / "a";
  ASSERT_EQ(scan(f.alpha, out).exit_code, 0);
  std::string text = read_file(out / "ascendify-report.json");
  const auto at = text.find("ascendify.report/1");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 18, "ascendify.report/2");
  write_file(f.tmp / "old.json", text);
  const RunResult r =
      run_cli({"portfolio", (out / "ascendify-report.json").string(), (f.tmp / "old.json").string(),
               "-o", (f.tmp / "summary.md").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("old.json: report schema ascendify.report/2 is not ascendify.report/1"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("nothing written"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(f.tmp / "summary.md"));
  write_file(f.tmp / "junk.json", "{\"not\": \"a report\"}");
  const RunResult junk = run_cli({"portfolio", (f.tmp / "junk.json").string()});
  EXPECT_EQ(junk.exit_code, 2);
  EXPECT_NE(junk.err.find("not an ascendify JSON report"), std::string::npos) << junk.err;
}

TEST(Portfolio, WritesTheThreeFormatsIntoAFolder) {
  Fleet f;
  const fs::path out = f.tmp / "a";
  ASSERT_EQ(scan(f.alpha, out).exit_code, 0);
  const RunResult r = run_cli({"portfolio", (out / "ascendify-report.json").string(), "-o",
                               (f.tmp / "summary").string(), "--lang", "en"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string md = read_file(f.tmp / "summary" / "portfolio.en.md");
  EXPECT_EQ(md.rfind("# Ascend migration portfolio: 1 repository\n", 0), 0u) << md;
  EXPECT_NE(md.find("| alpha | feasible |"), std::string::npos) << md;
  const std::string html = read_file(f.tmp / "summary" / "portfolio.html");
  EXPECT_NE(html.find("<html lang=\"en\">"), std::string::npos);
  EXPECT_NE(html.find("<code>attention.flash-attn-import</code>"), std::string::npos);
  EXPECT_FALSE(
      nlohmann::json::parse(read_file(f.tmp / "summary" / "portfolio.json"), nullptr, false)
          .is_discarded());
}

TEST(FleetRecipes, GnuParallelShardsSummariseLikeOneRun) {
  if (std::system("command -v parallel >/dev/null 2>&1") != 0) GTEST_SKIP() << "no GNU parallel";
  Fleet f;
  const fs::path list = f.list("repos.txt", f.alpha.string() + "\n" + f.beta.string() + "\n" +
                                                f.gamma.string() + "\n/nonexistent/repo\n");
  ASSERT_EQ(run_cli({"scan", "--batch", list.string(), "-o", (f.tmp / "one").string()}).exit_code,
            0);
  const std::string cmd = "ASCENDIFY=" + shell_quote(ASCENDIFY_BINARY) + " bash " +
                          shell_quote(std::string(ASCENDIFY_SOURCE_DIR) + "/ci/fleet/parallel.sh") +
                          " " + shell_quote(list.string()) + " " +
                          shell_quote((f.tmp / "sharded").string()) + " 3 2 >/dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  for (int k = 0; k < 3; ++k)
    EXPECT_TRUE(
        fs::is_regular_file(f.tmp / "sharded" / ("shard-" + std::to_string(k)) / "index.jsonl"))
        << k;
  const RunResult one = run_cli({"portfolio", (f.tmp / "one").string(), "--format", "json"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(read_file(f.tmp / "sharded" / "summary" / "portfolio.json"), one.out);
}

TEST(FleetRecipes, KubernetesIndexedJobShardsByTheCompletionIndex) {
  const auto docs =
      YAML::LoadAllFromFile(std::string(ASCENDIFY_SOURCE_DIR) + "/ci/fleet/k8s-indexed-job.yaml");
  ASSERT_EQ(docs.size(), 2u);
  const YAML::Node spec = docs[0]["spec"];
  EXPECT_EQ(spec["completionMode"].as<std::string>(), "Indexed");
  const int n = spec["completions"].as<int>();
  EXPECT_EQ(spec["parallelism"].as<int>(), n);
  const std::string args = spec["template"]["spec"]["containers"][0]["args"][0].as<std::string>();
  EXPECT_NE(args.find("--shard \"$JOB_COMPLETION_INDEX/" + std::to_string(n) + "\""),
            std::string::npos)
      << args;
  EXPECT_NE(args.find("-o \"/fleet/out/shard-$JOB_COMPLETION_INDEX\""), std::string::npos);
  const std::string summary =
      docs[1]["spec"]["template"]["spec"]["containers"][0]["args"][0].as<std::string>();
  EXPECT_EQ(summary, "ascendify portfolio /fleet/out/shard-* -o /fleet/out/summary");
}
