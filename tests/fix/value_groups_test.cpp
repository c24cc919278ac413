// Device value groups (fix/value_groups.hpp) on real front-end facts: which "cuda" literals
// hold one value, and the look-alikes that stay apart.
#include "fix/value_groups.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "python/analyzer.hpp"
#include "python/lexer.hpp"

namespace ascendify::fix::detail {
namespace {

struct Grouped {
  std::string text;
  ValueGroups groups;
  // The group of the n-th (0-based) occurrence of `needle`, -1 for none.
  int of(const std::string& needle, int nth = 0) const {
    size_t pos = text.find(needle);
    for (int i = 0; i < nth && pos != std::string::npos; ++i) pos = text.find(needle, pos + 1);
    if (pos == std::string::npos) return -2;
    auto it = groups.group_of.find(static_cast<uint32_t>(pos));
    return it == groups.group_of.end() ? -1 : static_cast<int>(it->second);
  }
  std::vector<std::string> carriers(int g) const {
    auto c = groups.groups[static_cast<size_t>(g)].carriers;
    std::sort(c.begin(), c.end());
    return c;
  }
};

Grouped group(std::string text) {
  Grouped g;
  g.text = std::move(text);
  const FileFacts facts = python::analyze(g.text, "train.py");
  const python::LexResult lexed = python::lex(g.text);
  g.groups = device_value_groups(facts.facts, lexed.tokens);
  return g;
}

TEST(ValueGroups, DefinitionTestingAnotherNameJoinsBoth) {
  const Grouped g = group(
      "device = 'cuda'\n"
      "device_type = 'cuda' if 'cuda' in device else 'cpu'\n"
      "def get_batch():\n"
      "    if device_type == 'cuda':\n"
      "        pass\n");
  const int a = g.of("'cuda'", 0);
  ASSERT_GE(a, 0);
  EXPECT_EQ(g.of("'cuda'", 1), a);
  EXPECT_EQ(g.of("'cuda'", 2), a);
  EXPECT_EQ(g.of("'cuda'", 3), a);
  EXPECT_EQ(g.carriers(a), (std::vector<std::string>{"device", "device_type"}));
  const ValueGroup& vg = g.groups.groups[static_cast<size_t>(a)];
  EXPECT_TRUE(vg.has_defs());
  EXPECT_TRUE(vg.has_compares());
  EXPECT_EQ(vg.literals.size(), 4u);
}

TEST(ValueGroups, UnrelatedNamesStayApart) {
  const Grouped g = group(
      "device = 'cuda'\n"
      "other = 'cuda'\n"
      "if other == 'cuda':\n"
      "    pass\n");
  EXPECT_NE(g.of("'cuda'", 0), g.of("'cuda'", 1));
  EXPECT_EQ(g.of("'cuda'", 1), g.of("'cuda'", 2));
}

TEST(ValueGroups, PlainAliasJoinsSelfAttributeAndParameter) {
  const Grouped g = group(
      "class Runner:\n"
      "    def __init__(self, device='cuda'):\n"
      "        self.device = device\n"
      "    def step(self):\n"
      "        if self.device == 'cuda':\n"
      "            pass\n");
  ASSERT_GE(g.of("'cuda'", 0), 0);
  EXPECT_EQ(g.of("'cuda'", 0), g.of("'cuda'", 1));
}

TEST(ValueGroups, ArgparseDefaultIsTheOptionsValue) {
  const Grouped g = group(
      "import argparse\n"
      "p = argparse.ArgumentParser()\n"
      "p.add_argument('--device', default='cuda')\n"
      "args = p.parse_args()\n"
      "if args.device == 'cuda':\n"
      "    pass\n"
      "if self.device == 'cuda':\n"
      "    pass\n");
  ASSERT_GE(g.of("'cuda'", 0), 0);
  EXPECT_EQ(g.of("'cuda'", 0), g.of("'cuda'", 1));
  // `self.device` is an attribute of an object, not the option.
  EXPECT_NE(g.of("'cuda'", 2), g.of("'cuda'", 0));
}

TEST(ValueGroups, RuntimeDeviceTypeIsNoGroup) {
  const Grouped g = group(
      "def f(x, d):\n"
      "    a = x.device.type == 'cuda'\n"
      "    b = torch.device(d).type == 'cuda'\n"
      "    return a, b\n");
  EXPECT_EQ(g.of("'cuda'", 0), -1);
  EXPECT_EQ(g.of("'cuda'", 1), -1);
  EXPECT_EQ(g.groups.runtime_compares.size(), 2u);
}

TEST(ValueGroups, DeviceObjectFromALiteralHoldsIt) {
  // transfer_to_npu leaves a torch.device object as it is: its .type is the literal's value.
  const Grouped g = group(
      "import torch\n"
      "device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')\n"
      "use_amp = device.type == 'cuda'\n"
      "def f(x):\n"
      "    return x.device.type == 'cuda'\n");
  const int a = g.of("'cuda'", 0);
  ASSERT_GE(a, 0);
  EXPECT_EQ(g.of("'cuda'", 1), a);
  EXPECT_EQ(g.of("'cuda'", 2), -1);  // a tensor's device: runtime
  EXPECT_EQ(g.groups.runtime_compares.size(), 1u);
}

TEST(ValueGroups, ReturnedValueJoinsItsCallers) {
  const Grouped g = group(
      "def get_device():\n"
      "    return 'cuda' if torch.cuda.is_available() else 'cpu'\n"
      "device = get_device()\n"
      "if device == 'cuda':\n"
      "    pass\n"
      "if get_device() == 'cuda':\n"
      "    pass\n");
  const int a = g.of("'cuda'", 0);
  ASSERT_GE(a, 0);
  EXPECT_EQ(g.of("'cuda'", 1), a);
  EXPECT_EQ(g.of("'cuda'", 2), a);
  EXPECT_EQ(g.carriers(a), (std::vector<std::string>{"()get_device", "device"}));
}

TEST(ValueGroups, ComparedParameterWithoutDefinitionHasNoDefs) {
  const Grouped g = group(
      "def configure(device_type):\n"
      "    use_fused = device_type == 'cuda'\n"
      "    return 'cuda' in str(device_type)\n");
  const int a = g.of("'cuda'", 0);
  ASSERT_GE(a, 0);
  EXPECT_EQ(g.of("'cuda'", 1), a);  // str(x) compares x's value
  EXPECT_FALSE(g.groups.groups[static_cast<size_t>(a)].has_defs());
}

TEST(ValueGroups, ArgumentsAndOtherVocabularyAreNoMembers) {
  const Grouped g = group(
      "print(torch.zeros(1, device='cuda'))\n"
      "backend = 'nccl'\n"
      "table = {'cuda': 1}\n"
      "kind = 'cudagraphs'\n"
      "if kind == 'cudagraphs':\n"
      "    pass\n");
  EXPECT_TRUE(g.groups.groups.empty());
  EXPECT_TRUE(g.groups.group_of.empty());
}

TEST(ValueGroups, AnyLiteralOfAnAssignmentIsTheValue) {
  // `device = os.environ.get("DEVICE", "cuda")`: the default is part of device's value; a
  // tuple target holds one value; a test fix cannot follow is listed with its names.
  const Grouped g = group(
      "import os\n"
      "device = os.environ.get('DEVICE', 'cuda')\n"
      "if device == 'cuda':\n"
      "    pass\n"
      "dev, dtype = 'cuda', None\n"
      "if dtype == 'cuda':\n"
      "    pass\n"
      "n = {'cuda': 64}[dev]\n");
  ASSERT_GE(g.of("'cuda'", 0), 0);
  EXPECT_EQ(g.of("'cuda'", 0), g.of("'cuda'", 1));
  EXPECT_EQ(g.of("'cuda'", 2), g.of("'cuda'", 3));  // dev and dtype, one tuple
  ASSERT_EQ(g.groups.others.size(), 1u);            // the dict key, with `dev` among its names
  const auto& names = g.groups.others[0].names;
  EXPECT_NE(std::find(names.begin(), names.end(), "dev"), names.end());
}

TEST(ValueGroups, CudaValues) {
  EXPECT_TRUE(is_cuda_value("cuda"));
  EXPECT_TRUE(is_cuda_value("cuda:0"));
  EXPECT_TRUE(is_cuda_value("cuda:{}"));
  EXPECT_FALSE(is_cuda_value("cudagraphs"));
  EXPECT_FALSE(is_cuda_value("npu"));
  EXPECT_FALSE(is_cuda_value(""));
}

}  // namespace
}  // namespace ascendify::fix::detail
