// Code reached only through configs (Hydra `_target_:` class paths instantiated by the entry
// points' code) belongs to the phases that instantiate them: a training config's targets to
// training only. An extension whose build setup.py guards (try/except) is optional: its CUDA
// kernels have a fallback and do not make the project "difficult".
#include <gtest/gtest.h>

#include <set>

#include "robust_util.hpp"

using namespace robust;

namespace {

std::set<std::string> phases_at(const nlohmann::json& rep, const std::string& path) {
  std::set<std::string> out;
  for (const auto& f : rep["findings"])
    if (f["path"] == path)
      for (const auto& p : f["phases"]) out.insert(p.get<std::string>());
  return out;
}

}  // namespace

TEST(ConfigInstantiation, TargetsJoinThePhasesThatInstantiateThem) {
  TempDir root, out;
  write_file(root / "inference.py",
             "from pkg.build import build_model\n\n"
             "if __name__ == \"__main__\":\n"
             "    build_model(\"configs/model.yaml\")\n");
  write_file(root / "train.py",
             "from pkg.build import build_model\n\n"
             "if __name__ == \"__main__\":\n"
             "    build_model(\"configs/training/run.yaml\")\n");
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "build.py",
             "from hydra.utils import instantiate\n"
             "from omegaconf import OmegaConf\n\n\n"
             "def build_model(path):\n"
             "    return instantiate(OmegaConf.load(path).model)\n");
  write_file(root / "pkg" / "net.py",
             "import torch\n\n\n"
             "class Net(torch.nn.Module):\n"
             "    def forward(self, x):\n"
             "        torch.cuda.synchronize()\n"
             "        return x\n");
  write_file(root / "pkg" / "trainer.py",
             "import torch\n\n\n"
             "def step():\n"
             "    torch.cuda.empty_cache()\n");
  write_file(root / "pkg" / "unused.py",
             "import torch\n\n\ndef f():\n    torch.cuda.ipc_collect()\n");
  write_file(root / "configs" / "model.yaml", "model:\n  _target_: pkg.net.Net\n");
  write_file(root / "configs" / "training" / "run.yaml",
             "model:\n  _target_: pkg.net.Net\ntrainer:\n  _target_: pkg.trainer.step\n"
             "logger:\n  _target_: train.Logger\n");  // names the script: it stays an entry
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  EXPECT_EQ(phases_at(rep, "pkg/net.py"), (std::set<std::string>{"inference", "training"}));
  EXPECT_EQ(phases_at(rep, "pkg/trainer.py"), (std::set<std::string>{"training"}));
  EXPECT_TRUE(phases_at(rep, "pkg/unused.py").empty());  // no import, no config names it
}

TEST(ConfigInstantiation, AConfigWithoutAnInstantiatorReachesNothing) {
  TempDir root, out;
  write_file(root / "inference.py",
             "import torch\n\nif __name__ == \"__main__\":\n    print(torch.ones(1))\n");
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "net.py", "import torch\n\n\ndef f():\n    torch.cuda.synchronize()\n");
  write_file(root / "configs" / "model.yaml", "model:\n  _target_: pkg.net.f\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  EXPECT_TRUE(phases_at(rep, "pkg/net.py").empty());
}

TEST(ConfigInstantiation, GuardedExtensionBuildIsOptional) {
  TempDir root, out;
  write_file(root / "setup.py",
             "from setuptools import setup\n\n\n"
             "def get_extensions():\n"
             "    try:\n"
             "        from torch.utils.cpp_extension import CUDAExtension\n\n"
             "        ext_modules = [CUDAExtension(\"pkg._C\", [\"pkg/csrc/cc.cu\"])]\n"
             "    except Exception:\n"
             "        ext_modules = []\n"
             "    return ext_modules\n\n\n"
             "setup(name=\"pkg\", ext_modules=get_extensions())\n");
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "csrc" / "cc.cu",
             "#include <cuda_runtime.h>\n"
             "__global__ void label_kernel(int* x) { x[threadIdx.x] = 0; }\n");
  write_file(root / "pkg" / "misc.py",
             "def components(m):\n"
             "    from pkg import _C\n\n"
             "    return _C.components(m)\n");
  write_file(root / "inference.py",
             "from pkg.misc import components\n\n"
             "if __name__ == \"__main__\":\n"
             "    try:\n"
             "        components(1)\n"
             "    except Exception:\n"
             "        pass\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  bool seen = false;
  for (const auto& k : rep["kernels"])
    if (k["name"] == "label_kernel") {
      seen = true;
      EXPECT_TRUE(k["has_fallback"].get<bool>());
      EXPECT_EQ(k["phases"],
                nlohmann::json::array({"inference"}));  // reached: `from pkg import _C`
    }
  EXPECT_TRUE(seen);
  EXPECT_NE(rep["summary"]["feasibility"], "difficult") << rep["summary"].dump();
}

TEST(ConfigInstantiation, AClassPathIntoAScriptLeavesItAnEntryPoint) {
  // generative-models: `target: main.ImageLogger` in its configs names a class of main.py,
  // the script that loads them; main.py is no library for that.
  TempDir root, out;
  write_file(root / "main.py",
             "import torch\n"
             "from hydra.utils import instantiate\n\n\n"
             "class ImageLogger:\n"
             "    pass\n\n\n"
             "if __name__ == \"__main__\":\n"
             "    torch.cuda.synchronize()\n");
  write_file(root / "configs" / "base.yaml",
             "callbacks:\n  image:\n    target: main.ImageLogger\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  EXPECT_FALSE(phases_at(rep, "main.py").empty()) << rep["phases"].dump();
}
