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
//   Command "pip-install" + Dependency per requirement of `pip install` (a URL requirement
//                  by the name it gives: `#egg=x`, `git+https://.../x.git`), Command
//                  "requirements-include" per `-r`/`-c` file, "pip-index" per index URL
//   Command "conda-install" + "conda-channel" per `-c` + Dependency per package spec of
//                  `conda|mamba|micromamba install`
//   passed_options the `--name` options the commands pass, as argparse dests
// `path` is used for diagnostics only.
FileFacts analyze_shell(std::string_view text, std::string_view path);

// The same for shell text inside another file, from byte `begin` to the end of `text` (a
// notebook's `!cmd` line from after the `!`, the body of a %%bash cell): the one shell
// analysis of the tool. Spans and diagnostic lines are in the coordinates of `text`.
FileFacts analyze_shell_from(std::string_view text, size_t begin, std::string_view path);

// A Dockerfile: FROM -> BaseImage (name as written; detail = the image with ARG defaults
// substituted when it differs), ENV/ARG -> EnvVar Assign, RUN/CMD/ENTRYPOINT shell form ->
// the shell analysis above, exec form -> Command facts.
FileFacts analyze_dockerfile(std::string_view text, std::string_view path);

}  // namespace ascendify::shell
