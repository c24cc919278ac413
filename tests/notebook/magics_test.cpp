#include "notebook/magics.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ascendify::notebook {
namespace {

TEST(Magics, FindMagic) {
  size_t b = 99;
  EXPECT_TRUE(find_magic("!nvidia-smi", &b));
  EXPECT_EQ(b, 0u);
  EXPECT_TRUE(find_magic("    %timeit f()", &b));
  EXPECT_EQ(b, 4u);
  EXPECT_TRUE(find_magic("out = !ls -la", &b));
  EXPECT_EQ(b, 6u);
  EXPECT_TRUE(find_magic("?torch.cuda", &b));
  EXPECT_FALSE(find_magic("x = 1 % 2", &b));
  EXPECT_FALSE(find_magic("if a != b:", &b));
  EXPECT_FALSE(find_magic("a == !b", &b));
  EXPECT_FALSE(find_magic("", &b));
}

TEST(Magics, CellModes) {
  EXPECT_EQ(cell_mode("import torch"), CellMode::Python);
  EXPECT_EQ(cell_mode("%%bash"), CellMode::Shell);
  EXPECT_EQ(cell_mode("%%sh -e"), CellMode::Shell);
  EXPECT_EQ(cell_mode("%%script /bin/bash"), CellMode::Shell);
  EXPECT_EQ(cell_mode("%%time"), CellMode::PythonBody);
  EXPECT_EQ(cell_mode("%%writefile train.py"), CellMode::PythonBody);
  EXPECT_EQ(cell_mode("%%writefile data.json"), CellMode::Blank);
  EXPECT_EQ(cell_mode("%%html"), CellMode::Blank);
}

// The facts' names in order.
std::vector<std::string> names(const FileFacts& ff) {
  std::vector<std::string> out;
  for (const Fact& f : ff.facts) out.push_back(f.name);
  return out;
}

// Shell lines go through the shell front end, which also records the program words `pip` and
// `sudo` as commands (as it does in a .sh file).
TEST(Magics, ShellLines) {
  FileFacts ff;
  std::string line =
      "CUDA_HOME=/usr/local/cuda pip install -U 'flash-attn>=2' --no-build-isolation "
      "-r req.txt --extra-index-url https://download.pytorch.org/whl/cu121 && "
      "sudo nvcc -V; echo done";
  shell_line_facts({line, 7, 100}, 0, ff);
  ASSERT_EQ(names(ff), (std::vector<std::string>{"CUDA_HOME", "pip", "pip-install", "flash-attn",
                                                 "requirements-include", "pip-index", "sudo",
                                                 "nvcc", "echo"}));
  EXPECT_EQ(ff.facts[0].kind, FactKind::EnvVar);
  EXPECT_EQ(ff.facts[0].name, "CUDA_HOME");
  EXPECT_EQ(ff.facts[0].detail, "/usr/local/cuda");
  EXPECT_EQ(ff.facts[0].span.line, 7u);
  EXPECT_EQ(ff.facts[0].span.offset, 100u);
  EXPECT_EQ(ff.facts[2].name, "pip-install");
  EXPECT_EQ(ff.facts[3].kind, FactKind::Dependency);
  EXPECT_EQ(ff.facts[3].name, "flash-attn");
  EXPECT_EQ(ff.facts[3].detail, ">=2");
  EXPECT_EQ(ff.facts[4].name, "requirements-include");
  EXPECT_EQ(ff.facts[4].detail, "req.txt");
  EXPECT_EQ(ff.facts[5].name, "pip-index");
  EXPECT_EQ(ff.facts[5].detail, "https://download.pytorch.org/whl/cu121");
  EXPECT_EQ(ff.facts[7].name, "nvcc");
  EXPECT_EQ(ff.facts[7].span.line, 7u);
  EXPECT_EQ(ff.facts[7].span.col, line.find("nvcc") + 1);
  EXPECT_EQ(ff.facts[7].span.offset, 100u + line.find("nvcc"));
  EXPECT_EQ(ff.facts[8].name, "echo");
}

// The regression of issue #25: a launcher line starts its script as in a shell script.
TEST(Magics, LaunchersNameTheirScript) {
  FileFacts ff;
  line_magic_facts({"!torchrun --nproc_per_node=8 train.py --use-fp8", 1, 0}, 0, ff);
  line_magic_facts({"!accelerate launch --multi_gpu tools/sft.py", 2, 60}, 0, ff);
  line_magic_facts({"out = !deepspeed --num_gpus 2 -m pkg.finetune", 3, 120}, 6, ff);
  ASSERT_EQ(names(ff), (std::vector<std::string>{"torchrun", "accelerate", "deepspeed"}));
  EXPECT_EQ(ff.facts[0].call, "train.py");
  EXPECT_EQ(ff.facts[1].call, "tools/sft.py");
  EXPECT_EQ(ff.facts[2].call, "-m pkg.finetune");
  EXPECT_EQ(ff.facts[2].span.col, 8u);
  EXPECT_EQ(ff.passed_options,
            (std::vector<std::string>{"nproc_per_node", "use_fp8", "multi_gpu", "num_gpus"}));
}

TEST(Magics, PythonDashCCodeIsAnalysed) {
  FileFacts ff;
  const std::string line = "python -c \"import torch; print(torch.cuda.is_available())\"";
  shell_line_facts({line, 3, 40}, 0, ff);
  const Fact* avail = nullptr;
  for (const Fact& f : ff.facts) {
    EXPECT_NE(f.kind, FactKind::Import);
    if (f.kind == FactKind::Reference && f.name == "torch.cuda.is_available") avail = &f;
  }
  ASSERT_NE(avail, nullptr);
  EXPECT_EQ(avail->scope, "python -c");
  EXPECT_EQ(avail->span.line, 3u);
  EXPECT_EQ(avail->span.col, 11u);           // the code word
  EXPECT_EQ(avail->span.offset, 40u + 10u);  // in the cell text
}

TEST(Magics, LineMagics) {
  FileFacts ff;
  line_magic_facts({"%env NCCL_P2P_DISABLE 1", 1, 0}, 0, ff);
  line_magic_facts({"%env HOME", 2, 30}, 0, ff);
  line_magic_facts({"%run -i train.py --epochs 1", 3, 40}, 0, ff);
  line_magic_facts({"%conda install -c nvidia pytorch::pytorch-cuda=12.1", 4, 80}, 0, ff);
  line_magic_facts({"%matplotlib inline", 5, 140}, 0, ff);
  line_magic_facts({"%pip install git+https://github.com/NVIDIA/apex.git@22.04", 6, 160}, 0, ff);
  // The shell front end records the program words `conda` and `pip` too.
  ASSERT_EQ(names(ff), (std::vector<std::string>{"NCCL_P2P_DISABLE", "HOME", "python", "conda",
                                                 "conda-install", "conda-channel", "pytorch-cuda",
                                                 "pip", "pip-install", "apex"}));
  EXPECT_EQ(ff.facts[0].name, "NCCL_P2P_DISABLE");
  EXPECT_EQ(ff.facts[0].detail, "1");
  EXPECT_EQ(ff.facts[0].usage, Usage::Assign);
  EXPECT_EQ(ff.facts[1].name, "HOME");
  EXPECT_EQ(ff.facts[1].usage, Usage::Load);
  EXPECT_EQ(ff.facts[2].name, "python");
  EXPECT_EQ(ff.facts[2].call, "train.py");
  EXPECT_EQ(ff.facts[4].name, "conda-install");
  EXPECT_EQ(ff.facts[5].name, "conda-channel");  // conda's -c is a channel
  EXPECT_EQ(ff.facts[5].detail, "nvidia");
  EXPECT_EQ(ff.facts[6].name, "pytorch-cuda");
  EXPECT_EQ(ff.facts[6].detail, "=12.1");
  EXPECT_EQ(ff.facts[6].span.line, 4u);
  EXPECT_EQ(ff.facts[6].span.col, 26u);
  EXPECT_EQ(ff.facts[8].name, "pip-install");
  EXPECT_EQ(ff.facts[9].name, "apex");
  EXPECT_EQ(ff.facts[9].kind, FactKind::Dependency);
}

}  // namespace
}  // namespace ascendify::notebook
