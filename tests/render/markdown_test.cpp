#include <gtest/gtest.h>

#include "render/render.hpp"
#include "sample.hpp"

namespace ascendify::render {
namespace {

bool has(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

// Cell separators of a GFM table row as the GFM row scanner sees them: a backslash escapes
// the next character, so `\|` is not a separator.
size_t separators(const std::string& line) {
  size_t n = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\')
      ++i;
    else if (line[i] == '|')
      ++n;
  }
  return n;
}

// Every row of every table has as many separators as its header row.
void expect_tables_well_formed(const std::string& md) {
  size_t expected = 0;
  bool in_table = false;
  size_t start = 0;
  while (start < md.size()) {
    size_t end = md.find('\n', start);
    if (end == std::string::npos) end = md.size();
    const std::string line = md.substr(start, end - start);
    if (!line.empty() && line[0] == '|') {
      if (!in_table) expected = separators(line);
      EXPECT_EQ(separators(line), expected) << line;
      in_table = true;
    } else {
      in_table = false;
    }
    start = end + 1;
  }
}

// The subsection between heading `from` and the next "### " or "## " heading.
std::string subsection(const std::string& md, const std::string& from) {
  const size_t b = md.find(from);
  if (b == std::string::npos) return {};
  const size_t e = std::min(md.find("\n### ", b + from.size()), md.find("\n## ", b + from.size()));
  return md.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

// The section between heading `from` and the next "## " heading.
std::string section(const std::string& md, const std::string& from) {
  const size_t b = md.find(from);
  if (b == std::string::npos) return {};
  const size_t e = md.find("\n## ", b + from.size());
  return md.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

class MarkdownReport : public ::testing::Test {
 protected:
  testing::SampleRules rules;
  Assessment a = testing::sample_assessment(rules);
};

TEST_F(MarkdownReport, EnglishHeadings) {
  const std::string md = render_markdown(a, Lang::En);
  EXPECT_EQ(md.rfind("# wan Ascend NPU Migration Assessment\n\n", 0), 0u);
  for (const char* h :
       {"\n## Executive Summary\n", "\n## Dependency Matrix (per task phase)\n",
        "\n## Detailed Findings (per domain)\n", "\n### Domain 1: Third-Party Dependencies\n",
        "\n### Domain 2: Device Layer\n", "\n### Domain 3: Attention Mechanism\n",
        "\n### Domain 4: Custom Operators\n", "\n### Domain 5: Distributed Communication\n",
        "\n### Domain 6: Precision Strategy\n", "\n### Domain 7: Compile Acceleration\n",
        "\n## Migration Roadmap\n", "\n## Risk Matrix\n", "\n## Diagnostics\n"})
    EXPECT_TRUE(has(md, h)) << h;
  // Sections in the specification's order.
  EXPECT_LT(md.find("## Executive Summary"), md.find("## Dependency Matrix"));
  EXPECT_LT(md.find("## Dependency Matrix"), md.find("## Detailed Findings"));
  EXPECT_LT(md.find("### Domain 7"), md.find("## Migration Roadmap"));
  EXPECT_LT(md.find("## Migration Roadmap"), md.find("## Risk Matrix"));
  EXPECT_LT(md.find("## Risk Matrix"), md.find("## Diagnostics"));
  EXPECT_EQ(md.back(), '\n');
  EXPECT_NE(md.substr(md.size() - 2), "\n\n");
}

TEST_F(MarkdownReport, ChineseHeadings) {
  const std::string md = render_markdown(a, Lang::Zh);
  EXPECT_EQ(md.rfind("# wan 昇腾 NPU 迁移评估报告\n\n", 0), 0u);
  for (const char* h :
       {"\n## 执行摘要\n", "\n## 依赖矩阵（按任务阶段）\n", "\n## 详细发现（按域）\n",
        "\n### 域 1：第三方依赖\n", "\n### 域 2：设备层\n", "\n### 域 3：注意力机制\n",
        "\n### 域 4：自定义算子\n", "\n### 域 5：分布式通信\n", "\n### 域 6：精度策略\n",
        "\n### 域 7：编译加速\n", "\n## 迁移路线图\n", "\n## 风险矩阵\n", "\n## 诊断\n"})
    EXPECT_TRUE(has(md, h)) << h;
}

TEST_F(MarkdownReport, ExecutiveSummaryShowsBothFeasibilityWords) {
  const std::string en = section(render_markdown(a, Lang::En), "## Executive Summary");
  EXPECT_TRUE(has(en, "- Overall feasibility: **needs adaptation (需适配)**\n"));
  EXPECT_TRUE(has(en, "- Estimated effort: 1.3–3.0 weeks\n"));
  EXPECT_TRUE(has(en,
                  "- Blockers:\n  - Triton kernel fused_rms has no Ascend port "
                  "(wan/kernels.py:5)\n"));
  EXPECT_TRUE(has(en, "- Scanned: 12 files, 9 findings, 2 diagnostics\n"));
  EXPECT_TRUE(has(en,
                  "- Overall feasibility: **needs adaptation (需适配)**\n  - Deciding criteria: "
                  "manual sites transfer_to_npu does not cover (wan/attention.py:10)\n"));
  // Findings, blocker findings and the assess stage's effort per domain, then the rest.
  EXPECT_TRUE(has(en, "| Domain | Findings | Blocker findings | Effort (weeks) |\n"));
  EXPECT_TRUE(has(en, "| Attention Mechanism | 2 | 0 | 0.4–0.9 |\n"));
  EXPECT_TRUE(has(en, "| Custom Operators | 1 | 1 | 0.3–0.8 |\n"));
  EXPECT_TRUE(has(en, "| Environment set-up (CANN + torch_npu) | — | — | 0.1–0.2 |\n"));
  EXPECT_TRUE(has(en, "| Verification (precision + performance) | — | — | 0.2–0.3 |\n"));
  EXPECT_TRUE(has(en, "| **Total** | 9 | 1 | **1.3–3.0** |\n"));
  EXPECT_FALSE(has(en, "Not reached"));
  const std::string zh = section(render_markdown(a, Lang::Zh), "## 执行摘要");
  EXPECT_TRUE(has(zh, "- 总体可行性: **需适配 (needs adaptation)**\n"));
  EXPECT_TRUE(has(zh, "- 预估工作量: 1.3–3.0 周\n"));
}

TEST_F(MarkdownReport, LongBlockerListsAreCappedInTheSummary) {
  a.blockers.clear();
  for (int i = 1; i <= 13; ++i) a.blockers.push_back("cuda kernel k" + std::to_string(i));
  const std::string en = section(render_markdown(a, Lang::En), "## Executive Summary");
  EXPECT_TRUE(has(en, "  - cuda kernel k10\n  - ... and 3 more (all in the JSON report;"));
  EXPECT_FALSE(has(en, "cuda kernel k11"));
  const std::string zh = section(render_markdown(a, Lang::Zh), "## 执行摘要");
  EXPECT_TRUE(has(zh, "  - cuda kernel k10\n  - ……另有 3 项"));
  // Ten blockers: all of them, no "more" line.
  a.blockers.resize(10);
  EXPECT_FALSE(has(render_markdown(a, Lang::En), "more (all in the JSON report"));
}

TEST_F(MarkdownReport, ChineseReportStatesTheVerdictBasisInChinese) {
  using B = Assessment::VerdictBasis;
  // Without a basis (an assessment built by hand), the English criterion is shown as is.
  EXPECT_TRUE(has(render_markdown(a, Lang::Zh),
                  "  - 判定依据: manual sites transfer_to_npu does not cover"));
  const std::pair<B, std::string> cases[] = {
      {B{B::Kind::Manual, B::Scope::Reached, 40, "", 52.5, 16, 7},
       "入口点可达的各阶段：40 处需手动适配（语义有变化的 API 替换、精度调整、不支持的算子或库），"
       "约 52.5 小时，超过可行移植允许的 16 小时"},
      {B{B::Kind::Rewrite, B::Scope::Phase, 3, "inference"},
       "阶段 inference：3 处需重写的算子、阻塞级发现或未移植的框架"},
      {B{B::Kind::NoPath, B::Scope::All, 1, ""},
       "全部扫描代码：1 处无保护的依赖或用法在昇腾上没有可用路径，也没有回退实现"},
      {B{B::Kind::Covered, B::Scope::Reached, 2, "", 4.5, 16, 12},
       "入口点可达的各阶段：完成机械修改（transfer_to_npu 或 `ascendify fix`，12 处）后无阻断运行的"
       "问题；需手动适配 2 处，约 4.5 小时（不超过 16 小时）"},
  };
  for (const auto& [basis, words] : cases) {
    a.verdict_basis = basis;
    const std::string zh = section(render_markdown(a, Lang::Zh), "## 执行摘要");
    EXPECT_TRUE(has(zh, "  - 判定依据: " + words + "\n")) << words;
    EXPECT_FALSE(has(zh, "transfer_to_npu does not cover")) << "English criterion in zh";
    // The English report keeps the English criterion.
    EXPECT_TRUE(has(render_markdown(a, Lang::En),
                    "Deciding criteria: manual sites transfer_to_npu does not cover"));
  }
}

TEST_F(MarkdownReport, RoadmapStepsInTheReportsLanguage) {
  const std::string zh = section(render_markdown(a, Lang::Zh), "## 迁移路线图");
  EXPECT_TRUE(has(zh, "1. **设备重定向** — 在入口脚本加入 transfer_to_npu ("));
  EXPECT_TRUE(has(zh, "2. **Attention** — Port FA2 calls ("));  // no Chinese wording: English
  const std::string en = section(render_markdown(a, Lang::En), "## Migration Roadmap");
  EXPECT_TRUE(has(en, "1. **Device redirect** — Add transfer_to_npu to entry scripts ("));
  EXPECT_FALSE(has(en, "设备重定向"));
}

TEST_F(MarkdownReport, NotAssessedSaysSoInsteadOfNumbers) {
  a.assessed = false;
  const std::string en = render_markdown(a, Lang::En);
  const std::string summary = section(en, "## Executive Summary");
  EXPECT_TRUE(has(summary, "- Overall feasibility: not computed in this version\n"));
  EXPECT_TRUE(has(summary, "- Estimated effort: not computed in this version\n"));
  EXPECT_FALSE(has(summary, "weeks"));
  EXPECT_FALSE(has(summary, "needs adaptation"));
  EXPECT_TRUE(has(section(en, "## Migration Roadmap"), "not computed in this version."));
  const std::string matrix = section(en, "## Dependency Matrix");
  EXPECT_TRUE(has(matrix, "Task phases: not computed in this version"));
  EXPECT_TRUE(has(matrix, "| Dependency | All files | Replacement |\n"));
  EXPECT_FALSE(has(matrix, "| inference |"));
  const std::string zh = render_markdown(a, Lang::Zh);
  EXPECT_TRUE(has(section(zh, "## 执行摘要"), "- 总体可行性: 本版本尚未计算\n"));
  EXPECT_TRUE(has(section(zh, "## 迁移路线图"), "本版本尚未计算"));
}

TEST_F(MarkdownReport, DependencyMatrixPerPhase) {
  const std::string m = section(render_markdown(a, Lang::En), "## Dependency Matrix");
  EXPECT_TRUE(has(m, "| Dependency | inference | training | Replacement | Effort |\n"));
  // flash-attn (replace) is a row; numpy (compatible) is not. Rule effort 4 h = 0.5 d.
  EXPECT_TRUE(has(m, "| Phase | Kind | Entry points | Files | Findings | Effort (weeks) |\n"));
  EXPECT_TRUE(has(m, "| training | training | `train.py` | 14 | 9 | 2.0–3.0 |\n"));
  EXPECT_TRUE(
      has(m, "| flash-attn | needed (1) | not needed | torch_npu.npu_fusion_attention | 0.5 d |"));
  EXPECT_FALSE(has(m, "numpy"));
  a.dependencies[1].status =
      DependencyStatus::NotInvolved;  // declared, never imported: not a matrix row
  EXPECT_FALSE(has(section(render_markdown(a, Lang::En), "## Dependency Matrix"), "numpy"));
  // The FA2 rule: one site in both phases; 16 h = 2.0 d.
  EXPECT_TRUE(has(m, "| `flash_attn.flash_attn_func` | needed (1) | needed (1) |"));
  // Two empty_cache sites, one guarded -> needed; 1 h + 0.5 h = 0.2 d (0.1875 rounded).
  EXPECT_TRUE(has(m,
                  "| `torch.cuda.empty_cache` | needed (2) | not needed | "
                  "torch.npu.empty_cache() | 0.2 d |"));
  EXPECT_FALSE(has(m, "attention.sdpa"));  // info findings need no migration
  // The RMSNorm finding has no phase: no phase needs it.
  EXPECT_TRUE(has(m, "| `.float` (`precision.rmsnorm-float`) | not needed | not needed |"));
  EXPECT_TRUE(has(m, "needed: a site runs unconditionally; optional: "));
}

TEST_F(MarkdownReport, GuardedOnlySitesAreOptional) {
  a.findings[1].guarded = true;  // the one FA2 call
  const std::string m = section(render_markdown(a, Lang::En), "## Dependency Matrix");
  EXPECT_TRUE(has(m, "| `flash_attn.flash_attn_func` | optional (1) | optional (1) |"));
  const std::string zh = section(render_markdown(a, Lang::Zh), "## 依赖矩阵");
  EXPECT_TRUE(has(zh, "| `flash_attn.flash_attn_func` | 可选 (1) | 可选 (1) |"));
  EXPECT_TRUE(has(zh, "| flash-attn | 需要 (1) | 不需要 |"));
}

TEST_F(MarkdownReport, MigrationSetsMinimalThenIncremental) {
  const std::string m = section(render_markdown(a, Lang::En), "## Dependency Matrix");
  EXPECT_TRUE(has(m,
                  "### Migration sets\n\nTarget phase: inference. The first set is the "
                  "minimal migration set"));
  EXPECT_TRUE(
      has(m, "| Set | Phase | Findings | Effort (weeks) | Rules | Dependencies | Kernels |"));
  EXPECT_TRUE(has(m,
                  "| minimal | inference | 4 | 0.8–1.6 | `attention.flash-attn-func`, "
                  "`device.cuda-empty-cache` | `flash-attn` | — |\n"));
  EXPECT_TRUE(has(m,
                  "| incremental | training | 3 | 0.5–1.4 | `compile.torch-compile`, "
                  "`custom_op.triton-jit`, `distributed.nccl-backend` | — | "
                  "`wan/kernels.py:5 fused_rms` |\n"));
  EXPECT_TRUE(has(section(render_markdown(a, Lang::Zh), "## 依赖矩阵"),
                  "| 最小 | inference | 4 | 0.8–1.6 |"));
  a.migration_sets.clear();
  EXPECT_FALSE(has(render_markdown(a, Lang::En), "### Migration sets"));
}

TEST_F(MarkdownReport, UnreachedFindingsListedApart) {
  a.findings.push_back(testing::make_finding(rules.cache, "tools/bench.py", 4, 1,
                                             "torch.cuda.empty_cache", "torch.cuda.empty_cache()"));
  a.counts[1] += 1;
  a.unreached_files = {"tools/bench.py"};
  a.unreached_findings = 1;
  const std::string md = render_markdown(a, Lang::En);
  EXPECT_TRUE(has(section(md, "## Executive Summary"),
                  "- Not reached from any entry point: 1 findings in 1 files (listed apart "
                  "below)\n"));
  EXPECT_TRUE(has(md, "| Device Layer | 3 | 0 | 0.1–0.1 |\n"));
  // The device section lists only the two reached sites; the third is in its own table.
  EXPECT_TRUE(has(md, "### Domain 2: Device Layer\n\n2 findings.\n"));
  const size_t apart = md.find("### Not reached from any entry point\n");
  ASSERT_NE(apart, std::string::npos);
  EXPECT_LT(md.find("### Domain 7"), apart);
  EXPECT_LT(apart, md.find("## Migration Roadmap"));
  EXPECT_EQ(md.find("tools/bench.py"), md.find("`tools/bench.py`", apart) + 1);
  EXPECT_TRUE(has(md,
                  "| 1 | Device Layer | `tools/bench.py` | 4 | `torch.cuda.empty_cache()` | "
                  "torch.npu.empty_cache() | High | manual |\n"));
  expect_tables_well_formed(md);
  EXPECT_TRUE(has(render_markdown(a, Lang::Zh), "### 未被任何入口点触达\n"));
}

TEST_F(MarkdownReport, DomainTables) {
  for (Finding& f : a.findings)  // as assess classifies it: an info finding asks no change
    if (f.rule_id == "attention.sdpa") f.site_class = SiteClass::NoChange;
  const std::string md = render_markdown(a, Lang::En);
  // Dependencies: Package | Version | Classification | Replacement | Notes.
  EXPECT_TRUE(has(md, "| Package | Version | Classification | Replacement | Notes |\n"));
  EXPECT_TRUE(has(md,
                  "| flash-attn | `>=2.5` | replace | torch_npu.npu_fusion_attention | "
                  "source: `requirements.txt:3`; imported; phases: `inference` |\n"));
  EXPECT_TRUE(has(md,
                  "| numpy | — | compatible | — | source: `requirements.txt:1`; not imported "
                  "by scanned code; not in the knowledge base: taken as device-agnostic, verify "
                  "|\n"));
  // Device: # | File | Line | Original | Replacement | Auto/Manual, then counts.
  EXPECT_TRUE(has(md, "| # | File | Line | Original | Replacement | Auto/Manual |\n"));
  EXPECT_TRUE(has(md,
                  "| 1 | `wan/utils.py` | 12 | `torch.cuda.empty_cache()  # "
                  "<script>alert(1)</script>` | torch.npu.empty_cache() | auto "
                  "(transfer_to_npu) |\n"));
  EXPECT_TRUE(has(md,
                  "| 2 | `wan/utils.py` | 14 | `x = \"显存\" \\| torch.cuda.empty_cache()` | "
                  "torch.npu.empty_cache() | auto (ascendify fix) · guarded |\n"));
  EXPECT_TRUE(has(md,
                  "- Manual sites: 0\n- Auto-covered by transfer_to_npu: 1\n"
                  "- Auto-fixable by `ascendify fix`: 2\n"));
  // Attention: type from tags, layout of FA2 is BSND, high confidence = low risk.
  EXPECT_TRUE(has(md,
                  "| # | File | Line | Type | Function | Replacement | Layout conversion | "
                  "Risk |\n"));
  EXPECT_TRUE(has(md,
                  "| 1 | `wan/attention.py` | 10 | FA2 · self | "
                  "`flash_attn.flash_attn_func` @ `Attention.forward` | "
                  "mindiesd.attention_forward(op_type=\"ascend_laser_attention\") | "
                  "BSND | low |\n"));
  // The SDPA call asks for no change: in the collapsed appendix, not among the work items.
  const std::string attention = subsection(md, "### Domain 3:");
  EXPECT_FALSE(has(attention, "scaled_dot_product_attention")) << attention;
  const std::string keep = subsection(md, "### No change needed");
  EXPECT_TRUE(has(keep, "<details><summary>Findings to keep as they are (1; "));
  EXPECT_TRUE(has(keep, "| 1 | `wan/attention.py` | 20 | `"));
  EXPECT_TRUE(has(keep, "</details>\n"));
  EXPECT_TRUE(has(md, "### Domain 2: Device Layer\n\n2 findings.\n"));
  EXPECT_TRUE(has(md, "### Domain 5: Distributed Communication\n\n1 finding.\n"));
  // Custom operators: kernel inventory.
  EXPECT_TRUE(has(md,
                  "| # | Type | File | Function | Purpose | Called in | Replacement | "
                  "Effort |\n"));
  EXPECT_TRUE(has(md,
                  "| 1 | triton · num_warps | `wan/kernels.py:5` | `fused_rms` | RMSNorm "
                  "forward | training | torch_npu.npu_rms_norm | 5.0 d |\n"));
  // Distributed.
  EXPECT_TRUE(has(md, "| # | Operation | File | Line | HCCL support | Notes |\n"));
  EXPECT_TRUE(has(md, "| 1 | `\"nccl\"` | `wan/train.py` | 20 | supported | backend=\"hccl\" |\n"));
  // Precision: snippet with a double backtick gets a triple fence; 4 h first site = 0.5 d.
  EXPECT_TRUE(has(md, "| # | File | Line | Pattern | Original | Ascend | Effort |\n"));
  EXPECT_TRUE(has(md,
                  "| 1 | `wan/norm ü.py` | 7 | rmsnorm-float @ `RMSNorm.forward` | "
                  "``` return x.float() * ``w`` ``` | torch_npu.npu_rms_norm(x, w) | "
                  "0.5 d |\n"));
  // Compile: generic table with confidence.
  EXPECT_TRUE(has(md,
                  "| 1 | `wan/train.py` | 3 | `` model = torch.compile(model)  # a\\|b `x` `` "
                  "| disable or torch_npu backend | Medium | manual |\n"));
}

TEST_F(MarkdownReport, OneRowPerSourceLineAndImportsApart) {
  // Two rules on one line (a cast the precision rules both name) make one row listing both
  // replacements; an attention import is a line under the table, not a row.
  Rule upcast = testing::make_rule("precision.upcast", Domain::Precision, Confidence::High,
                                   Severity::Manual, "Upcast.", "drop the cast", 1, 0.5);
  Rule import = testing::make_rule("attention.flash-attn-import", Domain::Attention,
                                   Confidence::High, Severity::Manual, "Import.", "guard it", 1, 0);
  import.match.kind = MatchKind::Import;
  Finding same_line = testing::make_finding(upcast, "wan/norm ü.py", 7, 20, ".float", "x");
  a.findings.push_back(same_line);
  a.findings.push_back(testing::make_finding(import, "wan/attention.py", 2, 6, "flash_attn",
                                             "from flash_attn import flash_attn_func"));
  std::sort(a.findings.begin(), a.findings.end());
  const std::string md = render_markdown(a, Lang::En);
  const std::string precision = subsection(md, "### Domain 6:");
  EXPECT_EQ(precision.find("| 2 |"), std::string::npos) << precision;
  EXPECT_TRUE(has(precision, "torch_npu.npu_rms_norm(x, w); drop the cast")) << precision;
  const std::string attention = subsection(md, "### Domain 3:");
  EXPECT_FALSE(has(attention, "| `wan/attention.py` | 2 |")) << attention;
  EXPECT_TRUE(has(attention,
                  "Imported at (guard or drop these imports with the calls): "
                  "`wan/attention.py`:2 `flash_attn`\n"))
      << attention;
}

TEST_F(MarkdownReport, EscapingKeepsTablesIntact) {
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const std::string md = render_markdown(a, lang);
    expect_tables_well_formed(md);
    // The backtick in the compile snippet forces a double fence; the pipe is escaped.
    EXPECT_TRUE(has(md, "`` model = torch.compile(model)  # a\\|b `x` ``"));
    // Diagnostics are plain text: HTML is neutralised.
    EXPECT_TRUE(has(md, "| 1 | `bad.py` | 3 | unterminated string \\| \\`x\\` &lt;b&gt; |\n"));
    EXPECT_TRUE(has(md, "| 2 | `weird.ipynb` | — | not JSON |\n"));
  }
}

TEST_F(MarkdownReport, RiskMatrixHasOneRowPerRule) {
  const std::string risk = section(render_markdown(a, Lang::En), "## Risk Matrix");
  EXPECT_TRUE(has(risk, "| CUDA Pattern | Replacement | Confidence | Rule | Sites |\n"));
  size_t rows = 0;
  for (size_t p = risk.find("\n| "); p != std::string::npos; p = risk.find("\n| ", p + 1)) ++rows;
  EXPECT_EQ(rows, 8u + 1u);  // header + 8 distinct rules
  EXPECT_TRUE(has(risk,
                  "| `torch.cuda.empty_cache` | torch.npu.empty_cache() | High | "
                  "`device.cuda-empty-cache` | 2 |\n"));
  EXPECT_TRUE(
      has(risk, "| `triton.jit` | per-kernel analysis | Low | `custom_op.triton-jit` | 1 |"));
  // Domain order: dependency rule before device rule before compile rule.
  EXPECT_LT(risk.find("dependency.flash-attn"), risk.find("device.cuda-empty-cache"));
  EXPECT_LT(risk.find("precision.rmsnorm-float"), risk.find("compile.torch-compile"));
  const std::string zh = section(render_markdown(a, Lang::Zh), "## 风险矩阵");
  EXPECT_TRUE(has(zh, "| `torch.cuda.empty_cache` | torch.npu.empty_cache() | 高 |"));
}

TEST_F(MarkdownReport, RiskMatrixComesFromTheAssessment) {
  a.risks.resize(1);
  a.risks[0].patterns = {"a", "b", "c", "d"};
  a.risks[0].sites = 7;
  const std::string risk = section(render_markdown(a, Lang::En), "## Risk Matrix");
  EXPECT_TRUE(has(risk,
                  "| `a`, `b`, `c`, +1 more | torch_npu.npu_fusion_attention | High | "
                  "`dependency.flash-attn` | 7 |\n"));
  EXPECT_FALSE(has(risk, "device.cuda-empty-cache"));
  a.risks.clear();
  EXPECT_TRUE(has(render_markdown(a, Lang::En), "## Risk Matrix\n\nnone.\n"));
}

TEST_F(MarkdownReport, Roadmap) {
  const std::string r = section(render_markdown(a, Lang::En), "## Migration Roadmap");
  EXPECT_TRUE(has(r,
                  "1. **Device redirect** — Add transfer_to_npu to entry scripts "
                  "(effort: 0.2–0.5 weeks; findings: 2; rules: `device.cuda-empty-cache`)\n"));
  EXPECT_TRUE(has(r,
                  "2. **Attention** — Port FA2 calls (effort: 1.0–2.5 weeks; findings: 1; "
                  "rules: `attention.flash-attn-func`)\n"));
}

TEST_F(MarkdownReport, NoDiagnosticsSectionWhenNone) {
  a.diagnostics.clear();
  EXPECT_FALSE(has(render_markdown(a, Lang::En), "## Diagnostics"));
  EXPECT_FALSE(has(render_markdown(a, Lang::Zh), "## 诊断"));
}

TEST_F(MarkdownReport, Deterministic) {
  EXPECT_EQ(render_markdown(a, Lang::En), render_markdown(a, Lang::En));
  EXPECT_EQ(render_markdown(a, Lang::Zh), render_markdown(a, Lang::Zh));
}

TEST(MarkdownEmpty, EmptyAssessmentRenders) {
  Assessment empty;
  empty.root = "x|y";
  const std::string md = render_markdown(empty, Lang::En);
  EXPECT_EQ(md.rfind("# x\\|y Ascend NPU Migration Assessment\n", 0), 0u);
  EXPECT_TRUE(has(md, "### Domain 4: Custom Operators\n\nNo findings.\n"));
  expect_tables_well_formed(md);
}

}  // namespace
}  // namespace ascendify::render
