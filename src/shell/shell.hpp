#pragma once
// Shell scripts and Dockerfiles -> facts (EnvVar, Command, Dependency, BaseImage).
// Pure functions: never throw, never recurse to an input-controlled depth.
#include <string_view>

#include "core/facts.hpp"

namespace ascendify::shell {

// A POSIX/bash script. Facts:
//   EnvVar Assign  `export X=Y`, `X=Y`, `X=Y cmd`, `env X=Y cmd`, `declare -x X=Y`
//                  (name = X, detail = unquoted value, span = the name X)
//   EnvVar Load    `$X`, `${X}`, `${X:-d}` for upper-case names (span = the name)
//   Command        each command word (name = basename; detail = the other words;
//                  call = python script a launcher/python starts: "train.py", "-m pkg.mod")
//   Command "pip-install" + Dependency per requirement of `pip install`
// `path` is used for diagnostics only.
FileFacts analyze_shell(std::string_view text, std::string_view path);

// A Dockerfile: FROM -> BaseImage (name as written; detail = the image with ARG defaults
// substituted when it differs), ENV/ARG -> EnvVar Assign, RUN/CMD/ENTRYPOINT shell form ->
// the shell analysis above, exec form -> Command facts.
FileFacts analyze_dockerfile(std::string_view text, std::string_view path);

}  // namespace ascendify::shell
