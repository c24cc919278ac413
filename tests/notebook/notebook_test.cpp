#include "notebook/notebook.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ascendify::notebook {
namespace {

namespace fs = std::filesystem;
using CL = FileFacts::CellLine;

std::string read_fixture(const char* name) {
  std::ifstream in(fs::path(ASCENDIFY_SOURCE_DIR) / "tests/fixtures/notebook" / name,
                   std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const Fact* find(const FileFacts& ff, FactKind kind, std::string_view name) {
  for (const Fact& f : ff.facts)
    if (f.kind == kind && f.name == name) return &f;
  return nullptr;
}

bool same(const CL& a, const CL& b) {
  return a.cell == b.cell && a.line == b.line && a.json_line == b.json_line;
}

TEST(Notebook, CellLineMappingAndMagics) {
  std::string text = read_fixture("cuda_demo.ipynb");
  ASSERT_FALSE(text.empty());
  FileFacts ff = analyze(text, "demo.ipynb");
  EXPECT_TRUE(ff.diagnostics.empty());
  // Cells 1 (markdown) and 4 (raw) are skipped; json lines counted by hand in the fixture.
  const std::vector<CL> want = {{2, 1, 17}, {2, 2, 18}, {2, 3, 19}, {2, 4, 20}, {3, 1, 37},
                                {3, 2, 38}, {5, 1, 54}, {5, 2, 55}, {5, 3, 56}, {5, 4, 57}};
  ASSERT_EQ(ff.cell_lines.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_TRUE(same(ff.cell_lines[i], want[i]))
        << "line " << i + 1 << ": " << ff.cell_lines[i].cell << "/" << ff.cell_lines[i].line << "/"
        << ff.cell_lines[i].json_line;
  }

  const Fact* smi = find(ff, FactKind::Command, "nvidia-smi");
  ASSERT_TRUE(smi);
  EXPECT_EQ(smi->span.line, 1u);
  EXPECT_EQ(smi->span.col, 2u);
  const Fact* pip = find(ff, FactKind::Command, "pip-install");
  ASSERT_TRUE(pip);
  EXPECT_EQ(pip->span.line, 2u);
  EXPECT_EQ(pip->detail, "flash-attn xformers==0.0.23");
  const Fact* fa = find(ff, FactKind::Dependency, "flash-attn");
  ASSERT_TRUE(fa);
  EXPECT_EQ(fa->detail, "");
  EXPECT_EQ(fa->span.line, 2u);
  EXPECT_EQ(fa->span.col, 14u);
  const Fact* xf = find(ff, FactKind::Dependency, "xformers");
  ASSERT_TRUE(xf);
  EXPECT_EQ(xf->detail, "==0.0.23");

  const Fact* cvd = find(ff, FactKind::EnvVar, "CUDA_VISIBLE_DEVICES");
  ASSERT_TRUE(cvd);
  EXPECT_EQ(cvd->usage, Usage::Assign);
  EXPECT_EQ(cvd->detail, "0");
  EXPECT_EQ(cvd->span.line, 5u);
  EXPECT_EQ(cvd->span.col, 6u);
  const Fact* nccl = find(ff, FactKind::EnvVar, "NCCL_DEBUG");
  ASSERT_TRUE(nccl);
  EXPECT_EQ(nccl->detail, "INFO");
  EXPECT_EQ(nccl->span.line, 8u);
  EXPECT_EQ(nccl->span.col, 8u);
  const Fact* nvcc = find(ff, FactKind::Command, "nvcc");
  ASSERT_TRUE(nvcc);
  EXPECT_EQ(nvcc->detail, "--version");
  EXPECT_EQ(nvcc->span.line, 9u);
  const Fact* py = find(ff, FactKind::Command, "python");
  ASSERT_TRUE(py);
  EXPECT_EQ(py->call, "train.py");
  EXPECT_EQ(py->span.line, 10u);
  EXPECT_FALSE(find(ff, FactKind::Command, "rm"));  // raw cell

  // The Python front end saw the code cells, with magics blanked (line numbers kept).
  const Fact* imp = find(ff, FactKind::Import, "torch");
  ASSERT_TRUE(imp);
  EXPECT_EQ(imp->span.line, 3u);
  const Fact* sync = find(ff, FactKind::Reference, "torch.cuda.synchronize");
  ASSERT_TRUE(sync);
  EXPECT_EQ(sync->span.line, 6u);
  EXPECT_EQ(sync->span.col, 1u);
  const Fact* cuda = find(ff, FactKind::MethodCall, "cuda");
  ASSERT_TRUE(cuda);
  EXPECT_EQ(cuda->span.line, 4u);
  size_t imports = 0;
  for (const Fact& f : ff.facts) imports += f.kind == FactKind::Import;
  EXPECT_EQ(imports, 1u);  // the markdown cell's "import torch" is not code
}

TEST(Notebook, ExtractCodeBlanksMagicsKeepingOffsets) {
  std::string text = read_fixture("cuda_demo.ipynb");
  NotebookCode nb = extract_code(text, "demo.ipynb");
  const std::string want =
      "           \n"
      "                                        \n"
      "import torch\n"
      "x = torch.randn(2).cuda()\n"
      "                           \n"
      "torch.cuda.synchronize()\n"
      "      \n"
      "                      \n"
      "              \n"
      "                      \n";
  EXPECT_EQ(nb.code, want);
}

TEST(Notebook, SourceAsSingleString) {
  const char* text =
      "{\"nbformat\": 4, \"nbformat_minor\": 2, \"metadata\": {},\n"      // 1
      " \"cells\": [\n"                                                   // 2
      "  {\"cell_type\": \"code\", \"metadata\": {}, \"outputs\": [],\n"  // 3
      "   \"source\": \"import torch\\ntorch.cuda.init()\\n\"},\n"        // 4
      "  {\"cell_type\": \"code\", \"source\": \"!nvcc -V\"}\n"           // 5
      " ]}\n";
  FileFacts ff = analyze(text, "s.ipynb");
  EXPECT_TRUE(ff.diagnostics.empty());
  ASSERT_EQ(ff.cell_lines.size(), 3u);
  EXPECT_TRUE(same(ff.cell_lines[0], {1, 1, 4}));
  EXPECT_TRUE(same(ff.cell_lines[1], {1, 2, 4}));
  EXPECT_TRUE(same(ff.cell_lines[2], {2, 1, 5}));
  const Fact* init = find(ff, FactKind::Reference, "torch.cuda.init");
  ASSERT_TRUE(init);
  EXPECT_EQ(init->span.line, 2u);
  const Fact* nvcc = find(ff, FactKind::Command, "nvcc");
  ASSERT_TRUE(nvcc);
  EXPECT_EQ(nvcc->detail, "-V");
}

TEST(Notebook, Nbformat3Worksheets) {
  const char* text =
      "{\"nbformat\": 3, \"worksheets\": [\n"                                 // 1
      " {\"cells\": [\n"                                                      // 2
      "  {\"cell_type\": \"heading\", \"source\": [\"Title\"]},\n"            // 3
      "  {\"cell_type\": \"code\", \"language\": \"python\", \"input\": [\n"  // 4
      "    \"import torch\\n\",\n"                                            // 5
      "    \"torch.cuda.empty_cache()\"\n"                                    // 6
      "  ], \"outputs\": []}\n"                                               // 7
      " ]}]}\n";
  FileFacts ff = analyze(text, "v3.ipynb");
  EXPECT_TRUE(ff.diagnostics.empty());
  ASSERT_EQ(ff.cell_lines.size(), 2u);
  EXPECT_TRUE(same(ff.cell_lines[0], {2, 1, 5}));
  EXPECT_TRUE(same(ff.cell_lines[1], {2, 2, 6}));
  EXPECT_TRUE(find(ff, FactKind::Reference, "torch.cuda.empty_cache"));
}

TEST(Notebook, MalformedInputsAreDiagnostics) {
  FileFacts ff = analyze("{\n \"cells\": [\n  {\"cell_type\": \"code\",, }\n", "bad.ipynb");
  EXPECT_TRUE(ff.facts.empty());
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].path, "bad.ipynb");
  EXPECT_EQ(ff.diagnostics[0].line, 3u);
  ff = analyze("[1, 2, 3]", "array.ipynb");
  EXPECT_EQ(ff.diagnostics.size(), 1u);
  ff = analyze("", "empty.ipynb");
  EXPECT_EQ(ff.diagnostics.size(), 1u);
  ff = analyze("{\"cells\": \"nope\"}", "odd.ipynb");
  EXPECT_TRUE(ff.facts.empty());
  ff = analyze(
      "{\"cells\": [1, null, {\"cell_type\": 3}, {\"cell_type\": \"code\", \"source\": "
      "[1, \"import os\"]}]}",
      "types.ipynb");
  EXPECT_TRUE(find(ff, FactKind::Import, "os"));
  ff = analyze("{\"cells\": [\"\xff\xfe\"]}", "utf8.ipynb");
  EXPECT_EQ(ff.diagnostics.size(), 1u);
  std::string deep(100000, '[');
  ff = analyze(deep, "deep.ipynb");
  EXPECT_EQ(ff.diagnostics.size(), 1u);
  deep += std::string(100000, ']');
  ff = analyze("{\"cells\": [], \"x\": " + deep + "}", "deep2.ipynb");
  EXPECT_TRUE(ff.diagnostics.empty());
}

// A %%bash cell is one script for the shell front end (a command continued on the next line, an
// if block), in the notebook's code coordinates; shell errors are diagnostics at the .ipynb
// line, and the options shell lines pass are the notebook's (as a .sh file's are).
TEST(Notebook, BashCellIsOneScriptAndShellLinesPassOptions) {
  const char* text = R"({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
 {"cell_type": "code", "source": ["import torch\n",
   "!echo 'open"]},
 {"cell_type": "code", "source": ["%%bash\n",
   "if nvidia-smi; then\n",
   "  torchrun --nproc_per_node 8 \\\n",
   "      train.py --use-fp8\n",
   "fi"]}
]}
)";
  FileFacts ff = analyze(text, "nb.ipynb");
  ASSERT_EQ(ff.cell_lines.size(), 7u);
  const Fact* smi = find(ff, FactKind::Command, "nvidia-smi");
  ASSERT_TRUE(smi);
  EXPECT_EQ(smi->span.line, 4u);  // code line 4: cell 2, line 2
  EXPECT_EQ(smi->span.col, 4u);
  const Fact* run = find(ff, FactKind::Command, "torchrun");
  ASSERT_TRUE(run);
  EXPECT_EQ(run->call, "train.py");  // the continued line
  EXPECT_EQ(run->span.line, 5u);
  EXPECT_EQ(run->span.col, 3u);
  // "import torch\n" "!echo 'open\n" "%%bash\n" "if nvidia-smi; then\n" "  " precede it.
  EXPECT_EQ(run->span.offset, 13u + 12u + 7u + 20u + 2u);
  EXPECT_EQ(ff.passed_options, (std::vector<std::string>{"nproc_per_node", "use_fp8"}));
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].path, "nb.ipynb");
  EXPECT_EQ(ff.diagnostics[0].line, 3u);  // the .ipynb line of `!echo 'open`
  EXPECT_NE(ff.diagnostics[0].message.find("unterminated"), std::string::npos);
}

}  // namespace
}  // namespace ascendify::notebook
