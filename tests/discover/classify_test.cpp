#include <gtest/gtest.h>

#include "discover/discover.hpp"

namespace ascendify::discover {
namespace {

struct Case {
  const char* path;
  FileKind kind;
};

TEST(Classify, Table) {
  const Case cases[] = {
      {"a.py", FileKind::Python},
      {"pkg/sub/mod.py", FileKind::Python},
      {"stubs/m.pyi", FileKind::Python},
      {"nb/train.ipynb", FileKind::Notebook},
      {"requirements.txt", FileKind::Requirements},
      {"requirements-dev.txt", FileKind::Requirements},
      {"requirements/base.txt", FileKind::Requirements},
      {"requirements/base.in", FileKind::Requirements},
      {"ci/test-requirements.txt", FileKind::Requirements},
      {"constraints.txt", FileKind::Requirements},
      {"constraints-cu121.txt", FileKind::Requirements},
      {"requirements.in", FileKind::Requirements},
      {"notes.txt", FileKind::Other},
      {"src/thing.in", FileKind::Other},
      {"setup.py", FileKind::SetupPy},
      {"sub/setup.py", FileKind::SetupPy},
      {"setup.cfg", FileKind::SetupCfg},
      {"pyproject.toml", FileKind::Pyproject},
      {"other.toml", FileKind::Other},
      {"environment.yml", FileKind::CondaEnv},
      {"environment-gpu.yaml", FileKind::CondaEnv},
      {"conda.yml", FileKind::CondaEnv},
      {"conda-cuda.yml", FileKind::CondaEnv},
      {"config.yml", FileKind::Config},
      {"sam2/configs/sam2.1/hiera_l.yaml", FileKind::Config},
      {"Dockerfile", FileKind::Dockerfile},
      {"docker/Dockerfile.cuda", FileKind::Dockerfile},
      {"gpu.Dockerfile", FileKind::Dockerfile},
      {"gpu.dockerfile", FileKind::Dockerfile},
      {"Containerfile", FileKind::Dockerfile},
      {"run.sh", FileKind::Shell},
      {"run.bash", FileKind::Shell},
      {"run.zsh", FileKind::Shell},
      {"k.cu", FileKind::Native},
      {"k.cuh", FileKind::Native},
      {"a.cpp", FileKind::Native},
      {"a.cc", FileKind::Native},
      {"a.cxx", FileKind::Native},
      {"a.c", FileKind::Native},
      {"a.h", FileKind::Native},
      {"a.hpp", FileKind::Native},
      {"a.hh", FileKind::Native},
      {"a.hxx", FileKind::Native},
      {"a.inl", FileKind::Native},
      {"CMakeLists.txt", FileKind::CMake},
      {"csrc/CMakeLists.txt", FileKind::CMake},
      {"cmake/FindCUDA.cmake", FileKind::CMake},
      {"README.md", FileKind::Other},
      {"Makefile", FileKind::Other},
      {"", FileKind::Other},
      {"\xff\xfe.py", FileKind::Python},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(classify(c.path), c.kind) << c.path;
  }
}

TEST(Classify, ShebangOnlyForExtensionlessOtherFiles) {
  EXPECT_EQ(classify_with_content("bin/tool", "#!/usr/bin/env python3\nimport x\n"),
            FileKind::Python);
  EXPECT_EQ(classify_with_content("bin/run", "#!/bin/bash\n"), FileKind::Shell);
  EXPECT_EQ(classify_with_content("bin/run", "#!/usr/bin/env sh\n"), FileKind::Shell);
  EXPECT_EQ(classify_with_content("bin/run", "no shebang"), FileKind::Other);
  EXPECT_EQ(classify_with_content("notes.txt", "#!/bin/sh\n"), FileKind::Other);
  EXPECT_EQ(classify_with_content("a.py", ""), FileKind::Python);
  EXPECT_EQ(classify_with_content("bin/x", "#!/usr/bin/perl\n"), FileKind::Other);
}

}  // namespace
}  // namespace ascendify::discover
