#pragma once
// Manifest front ends: dependency declarations -> facts. Pure functions of the text; nothing
// is ever executed (setup.py is lexed, not run). `path` is only used in diagnostics.
//
// Facts produced (see core/facts.hpp):
//  - Dependency: name = PEP 503 normalized distribution, detail = version spec as written
//    ("" if none), receiver = raw requirement text, span = the name token, guarded = optional
//    (extras / optional-dependencies / non-main poetry groups); scope = extra or group name.
//  - Command "requirements-include" (detail = included file), "pip-index" (detail = URL),
//    "console-script" (detail = "name=module:func"), "conda-channel" (detail = channel).
//  - KernelFact kind "extension-build" for CUDAExtension/CppExtension calls in setup.py.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/facts.hpp"

namespace ascendify::manifest {

// requirements*.txt, constraints*.txt (pip requirement file syntax).
FileFacts analyze_requirements(std::string_view text, std::string_view path);
// pyproject.toml: PEP 621 [project], [build-system], poetry, PEP 735 groups, uv/poetry sources.
FileFacts analyze_pyproject(std::string_view text, std::string_view path);
// setup.cfg: [options] install_requires/setup_requires, extras_require, entry_points.
FileFacts analyze_setup_cfg(std::string_view text, std::string_view path);
// setup.py: the Python front end's facts plus literal setup() arguments (never executed).
FileFacts analyze_setup_py(std::string_view text, std::string_view path);
// Conda environment.yml: dependencies (with the nested pip list) and channels.
FileFacts analyze_conda_env(std::string_view text, std::string_view path);

}  // namespace ascendify::manifest

namespace ascendify::manifest {

// `[tool.ascendify]` of a project's pyproject.toml: scan settings kept with the project.
//   exclude = ["gitignore-style", ...]   rules = ["path/to/extra.yaml", ...]
//   target = "inference"                 fail-on = "blocker"      hardware = "atlas-a3"
//   [tool.ascendify.phases] training = ["train.py"], inference = ["generate.py", ...]
struct ToolConfig {
  bool present = false;
  std::vector<std::string> excludes;
  std::vector<std::string> rule_files;
  std::string target;
  std::string fail_on;
  std::string hardware;  // a profile of rules/model/hardware.yaml
  std::vector<std::pair<std::string, std::vector<std::string>>> phases;
};
// Problems (wrong types, unknown keys) become diagnostics; never throws.
ToolConfig read_tool_config(std::string_view text, std::string_view path,
                            std::vector<Diagnostic>& diagnostics);

}  // namespace ascendify::manifest
