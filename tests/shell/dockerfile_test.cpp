#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "shell/shell.hpp"

namespace ascendify::shell {
namespace {

std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(ASCENDIFY_SOURCE_DIR) + "/tests/fixtures/shell/" + name,
                   std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<const Fact*> of_kind(const FileFacts& ff, FactKind kind) {
  std::vector<const Fact*> out;
  for (const Fact& f : ff.facts)
    if (f.kind == kind) out.push_back(&f);
  return out;
}

const Fact* named(const FileFacts& ff, FactKind kind, const std::string& name) {
  for (const Fact& f : ff.facts)
    if (f.kind == kind && f.name == name) return &f;
  return nullptr;
}

TEST(Dockerfile, BaseImages) {
  FileFacts ff = analyze_dockerfile(read_fixture("Dockerfile"), "Dockerfile");
  EXPECT_TRUE(ff.diagnostics.empty());
  auto imgs = of_kind(ff, FactKind::BaseImage);
  ASSERT_EQ(imgs.size(), 2u);  // `FROM builder` names an earlier stage
  EXPECT_EQ(imgs[0]->name, "${BASE}");
  EXPECT_EQ(imgs[0]->detail, "nvcr.io/nvidia/pytorch:24.05-py3");
  EXPECT_EQ(imgs[0]->span.line, 3u);
  EXPECT_EQ(imgs[0]->span.col, 6u);
  EXPECT_EQ(imgs[1]->name, "nvidia/cuda:12.1.0-runtime-ubuntu22.04");
  EXPECT_EQ(imgs[1]->span.line, 11u);
  EXPECT_EQ(imgs[1]->detail, "");
}

TEST(Dockerfile, EnvBothForms) {
  FileFacts ff = analyze_dockerfile(read_fixture("Dockerfile"), "Dockerfile");
  const Fact* home = named(ff, FactKind::EnvVar, "CUDA_HOME");
  ASSERT_TRUE(home);
  EXPECT_EQ(home->usage, Usage::Assign);
  EXPECT_EQ(home->detail, "/usr/local/cuda");
  EXPECT_EQ(home->span.line, 4u);
  EXPECT_EQ(home->span.col, 5u);
  const Fact* arch = named(ff, FactKind::EnvVar, "TORCH_CUDA_ARCH_LIST");
  ASSERT_TRUE(arch);
  EXPECT_EQ(arch->detail, "8.0 9.0");
  const Fact* dbg = named(ff, FactKind::EnvVar, "NCCL_DEBUG");
  ASSERT_TRUE(dbg);
  EXPECT_EQ(dbg->detail, "INFO");
  EXPECT_EQ(dbg->span.line, 5u);
  const Fact* base = named(ff, FactKind::EnvVar, "BASE");
  ASSERT_TRUE(base);
  EXPECT_EQ(base->detail, "nvcr.io/nvidia/pytorch:24.05-py3");
}

TEST(Dockerfile, RunWithContinuations) {
  FileFacts ff = analyze_dockerfile(read_fixture("Dockerfile"), "Dockerfile");
  const Fact* apt = named(ff, FactKind::Command, "apt-get");
  ASSERT_TRUE(apt);
  EXPECT_EQ(apt->span.line, 6u);
  const Fact* pip = named(ff, FactKind::Command, "pip-install");
  ASSERT_TRUE(pip);
  EXPECT_EQ(pip->span.line, 8u);
  EXPECT_EQ(pip->span.col, 5u);
  const Fact* fa = named(ff, FactKind::Dependency, "flash-attn");
  ASSERT_TRUE(fa);
  EXPECT_EQ(fa->detail, "==2.5.8");
  EXPECT_EQ(fa->span.line, 9u);
  EXPECT_EQ(fa->span.col, 9u);
  const Fact* ninja = named(ff, FactKind::Dependency, "ninja");
  ASSERT_TRUE(ninja);
  EXPECT_EQ(ninja->span.line, 10u);
  // Nothing from the comment line inside the continuation.
  for (const Fact& f : ff.facts) EXPECT_NE(f.span.line, 7u) << f.name;
}

TEST(Dockerfile, ExecFormCmd) {
  FileFacts ff = analyze_dockerfile(read_fixture("Dockerfile"), "Dockerfile");
  const Fact* py = named(ff, FactKind::Command, "python");
  ASSERT_TRUE(py);
  EXPECT_EQ(py->span.line, 14u);
  EXPECT_EQ(py->span.col, 6u);
  EXPECT_EQ(py->call, "serve.py");
  EXPECT_EQ(py->detail, "serve.py --port 8000");
}

TEST(Dockerfile, ShellFormAndHeredoc) {
  FileFacts ff = analyze_dockerfile(
      "FROM ubuntu\n"
      "RUN <<EOF\n"
      "nvidia-smi\n"
      "pip install deepspeed\n"
      "EOF\n"
      "ENTRYPOINT [\"/bin/sh\", \"-c\", \"torchrun --nproc_per_node=2 run.py\"]\n"
      "run python - <<PY\nimport os\nPY\n"
      "CMD nvcc --version\n",
      "Dockerfile");
  const Fact* smi = named(ff, FactKind::Command, "nvidia-smi");
  ASSERT_TRUE(smi);
  EXPECT_EQ(smi->span.line, 3u);
  const Fact* ds = named(ff, FactKind::Dependency, "deepspeed");
  ASSERT_TRUE(ds);
  EXPECT_EQ(ds->span.line, 4u);
  const Fact* tr = named(ff, FactKind::Command, "torchrun");
  ASSERT_TRUE(tr);
  EXPECT_EQ(tr->span.line, 6u);
  EXPECT_EQ(tr->span.col, 31u);
  EXPECT_EQ(tr->call, "run.py");
  EXPECT_FALSE(named(ff, FactKind::Command, "import"));
  const Fact* nvcc = named(ff, FactKind::Command, "nvcc");
  ASSERT_TRUE(nvcc);
  EXPECT_EQ(nvcc->span.line, 10u);
  EXPECT_TRUE(ff.diagnostics.empty());
}

TEST(Dockerfile, Garbage) {
  for (std::string s : {std::string("RUN \\"), std::string("FROM"), std::string("ENV"),
                        std::string("RUN [\"unterminated"), std::string("RUN <<EOF\nx"),
                        std::string("\\\n\\\n#\n\xff\xfe RUN"), std::string(5000, '\\')}) {
    FileFacts ff = analyze_dockerfile(s, "Dockerfile");
    (void)ff;
  }
  SUCCEED();
}

}  // namespace
}  // namespace ascendify::shell
