#include "native/native.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace ascendify::native {
namespace {

std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(ASCENDIFY_SOURCE_DIR) + "/tests/fixtures/native/" + name,
                   std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// "category:name@line" for every fact, in file order.
std::vector<std::string> summary(const FileFacts& ff, const std::string& category) {
  std::vector<std::string> out;
  for (const Fact& f : ff.facts)
    if (f.kind == FactKind::Native && f.detail == category)
      out.push_back(f.name + "@" + std::to_string(f.span.line));
  return out;
}

using V = std::vector<std::string>;

TEST(Native, FixtureFacts) {
  FileFacts ff = analyze(read_fixture("ops.cu"), "ops.cu");
  EXPECT_TRUE(ff.diagnostics.empty());
  EXPECT_EQ(summary(ff, "include"), (V{"cub/cub.cuh@1", "cuda_fp16.h@2", "torch/extension.h@3"}));
  EXPECT_EQ(summary(ff, "kernel"), (V{"reduce_kernel@18"}));
  EXPECT_EQ(summary(ff, "intrinsic"),
            (V{"__shfl_xor_sync@13", "__syncthreads@25", "atomicAdd@26"}));
  EXPECT_EQ(summary(ff, "runtime-api"), (V{"cudaStreamSynchronize@35"}));
  EXPECT_EQ(summary(ff, "aten-api"),
            (V{"at::cuda::OptionalCUDAGuard@30", "at::cuda::getCurrentCUDAStream@31"}));
  EXPECT_EQ(summary(ff, "macro"), (V{"C10_CUDA_KERNEL_LAUNCH_CHECK@34"}));
  EXPECT_EQ(summary(ff, "type"), (V{"cudaStream_t@31"}));
  EXPECT_EQ(summary(ff, "launch"), (V{"reduce_kernel@32"}));
  EXPECT_EQ(summary(ff, "binding"), (V{"reduce@39", "fused_add@42", "fused_add@44"}));
  EXPECT_TRUE(summary(ff, "inline-asm").empty());
}

TEST(Native, Spans) {
  FileFacts ff = analyze(read_fixture("ops.cu"), "ops.cu");
  for (const Fact& f : ff.facts) {
    if (f.detail == "include" && f.name == "cub/cub.cuh") {
      EXPECT_EQ(f.span.col, 11u);
      EXPECT_EQ(f.span.end_col, 22u);
    }
    if (f.detail == "kernel") {
      EXPECT_EQ(f.span.col, 40u);
    }
    if (f.detail == "launch") {
      EXPECT_EQ(f.span.col, 3u);
    }
  }
}

TEST(Native, KernelInventory) {
  FileFacts ff = analyze(read_fixture("ops.cu"), "ops.cu");
  ASSERT_EQ(ff.kernels.size(), 1u);
  const KernelFact& k = ff.kernels[0];
  EXPECT_EQ(k.kind, KernelKind::Cuda);
  EXPECT_EQ(k.name, "reduce_kernel");
  EXPECT_TRUE(k.templated);
  EXPECT_EQ(k.span.line, 18u);
  EXPECT_EQ(k.span.col, 1u);
  EXPECT_EQ(k.span.end_line, 19u);
  // Lines 19-27 minus the blank line 22 and the comment line 23.
  EXPECT_EQ(k.loc, 7u);
  // warp-shuffle comes from the __device__ helper warp_sum it calls.
  EXPECT_EQ(k.features, (V{"atomics", "shared-memory", "syncthreads", "warp-shuffle"}));
}

TEST(Native, Bindings) {
  FileFacts ff = analyze(read_fixture("ops.cu"), "ops.cu");
  std::vector<const Fact*> b;
  for (const Fact& f : ff.facts)
    if (f.detail == "binding") b.push_back(&f);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0]->alias, "TORCH_EXTENSION_NAME");
  EXPECT_EQ(b[0]->receiver, "");
  EXPECT_EQ(b[1]->alias, "myops");
  EXPECT_EQ(b[1]->receiver, "");
  EXPECT_EQ(b[2]->alias, "myops");
  EXPECT_EQ(b[2]->receiver, "CUDA");
}

TEST(Native, AsmAndPlainKernel) {
  FileFacts ff = analyze(
      "__global__ void k(half2* h) {\n"
      "  asm volatile(\"mma.sync.aligned.m16n8k16 {%0}, {%1};\" : \"=r\"(a));\n"
      "  asm(\"cp.async.ca.shared.global [%0], [%1], 16;\");\n"
      "}\n"
      "void host() { k<<<1, 1>>>(nullptr); }\n",
      "a.cu");
  EXPECT_EQ(summary(ff, "inline-asm"), (V{"asm@2", "asm@3"}));
  EXPECT_EQ(summary(ff, "type"), (V{"half2@1"}));
  EXPECT_EQ(summary(ff, "launch"), (V{"k@5"}));
  ASSERT_EQ(ff.kernels.size(), 1u);
  EXPECT_FALSE(ff.kernels[0].templated);
  EXPECT_EQ(ff.kernels[0].loc, 4u);
  EXPECT_EQ(ff.kernels[0].features, (V{"cp-async", "half", "inline-ptx", "mma", "tensor-core"}));
}

TEST(Native, LiteralsAndDirectives) {
  FileFacts ff = analyze(
      "char q = '\"'; const char* s = \"\\\"cudaMalloc(\\\"\";\n"
      "#define CHECK_CUDA(x) \\\n  TORCH_CHECK(x.is_cuda(), \"cudaFree(\")\n"
      "auto r = u8R\"x(cudaFree( )\" __syncthreads( )x\";\n"
      "int n = 1'000; cudaFree(p);\n",
      "b.cpp");
  EXPECT_EQ(summary(ff, "runtime-api"), (V{"cudaFree@5"}));
  EXPECT_TRUE(summary(ff, "intrinsic").empty());
  EXPECT_TRUE(summary(ff, "macro").empty());  // the name after #define is not a use
  EXPECT_TRUE(ff.diagnostics.empty());
}

TEST(Native, UnterminatedComment) {
  FileFacts ff = analyze("cudaMalloc(p, n);\n/* never closed\ncudaFree(p);\n", "c.cu");
  EXPECT_EQ(summary(ff, "runtime-api"), (V{"cudaMalloc@1"}));
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].line, 2u);
  EXPECT_EQ(ff.diagnostics[0].path, "c.cu");
}

TEST(Native, UnterminatedStringAndRaw) {
  FileFacts ff = analyze("const char* s = \"abc\ncudaFree(p);\nauto r = R\"(x cudaMalloc(", "d.cu");
  EXPECT_EQ(summary(ff, "runtime-api"), (V{"cudaFree@2"}));
  EXPECT_EQ(ff.diagnostics.size(), 2u);
}

TEST(Native, UnbalancedKernelBody) {
  FileFacts ff = analyze("__global__ void k() {\n  __syncthreads();\n", "e.cu");
  ASSERT_EQ(ff.kernels.size(), 1u);
  EXPECT_EQ(ff.kernels[0].features, (V{"syncthreads"}));
  EXPECT_EQ(ff.diagnostics.size(), 1u);
}

TEST(Native, DeepNestingAndGarbage) {
  std::string deep = "__global__ void k() " + std::string(10000, '{') + " atomicAdd(p, 1); " +
                     std::string(10000, '}') + "\n";
  FileFacts ff = analyze(deep, "f.cu");
  ASSERT_EQ(ff.kernels.size(), 1u);
  EXPECT_EQ(ff.kernels[0].features, (V{"atomics"}));
  EXPECT_TRUE(ff.diagnostics.empty());

  std::string opens(10000, '{');
  analyze(opens + std::string(10000, '('), "g.cu");
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage.push_back(static_cast<char>((i * 131 + 7) % 256));
  analyze(garbage, "h.cu");
  for (std::string s : {"R\"", "'", "\"", "#include <", "#", "\\", "__global__", "__global__ void",
                        "k<<<", ">>><<<", "PYBIND11_MODULE(", "a::"})
    analyze(s, "i.cu");
  std::string many;
  for (int i = 0; i < 2000; ++i) many += "__global__ void k(){";
  FileFacts mf = analyze(many, "j.cu");
  EXPECT_EQ(mf.kernels.size(), 2000u);
}

}  // namespace
}  // namespace ascendify::native

namespace ascendify::native {
namespace {

TEST(Native, RandomSoup) {
  const char* pieces[] = {"\"",
                          "'",
                          "\\",
                          "\n",
                          "\\\n",
                          "/*",
                          "*/",
                          "//",
                          "R\"x(",
                          ")x\"",
                          "#",
                          "include",
                          "<",
                          ">",
                          "{",
                          "}",
                          "(",
                          ")",
                          "__global__",
                          "void",
                          "k",
                          "<<<",
                          ">>>",
                          "template",
                          "asm",
                          "m",
                          ".",
                          "def",
                          "PYBIND11_MODULE",
                          ",",
                          "::",
                          "at",
                          "cuda",
                          "cudaFree",
                          " ",
                          "__shared__",
                          ";"};
  uint32_t seed = 777;
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    int len = static_cast<int>(seed % 50);
    for (int i = 0; i < len; ++i) {
      seed = seed * 1103515245u + 12345u;
      s += pieces[(seed >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
    }
    FileFacts ff = analyze(s, "r.cu");
    for (const Fact& f : ff.facts) ASSERT_LE(f.span.end_offset, s.size()) << s;
    for (const KernelFact& k : ff.kernels) ASSERT_LE(k.span.end_offset, s.size()) << s;
  }
}

}  // namespace
}  // namespace ascendify::native
