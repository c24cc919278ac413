#pragma once
// Computes the edit for one autofixable finding, verifying the source text at its span first.
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "core/rule.hpp"
#include "fix/fix.hpp"
#include "python/token.hpp"

namespace ascendify::fix::detail {

enum class Outcome {
  Edited,    // `edit` holds the replacement
  Manual,    // a legitimate case fix does not handle (alias, escapes): list as manual
  Mismatch,  // the text at the span is not what the finding says: never edit, diagnose
};

struct EditResult {
  Outcome outcome = Outcome::Manual;
  Edit edit;
  std::string reason;
};

// A Python (or setup.py) file: `tokens` is the lexer's stream of `text`.
EditResult python_edit(const Finding& f, const Autofix& fix, const MatchSpec& match,
                       std::string_view text, const std::vector<python::Token>& tokens);

// A shell script or Dockerfile: only `rename-env` applies.
EditResult shell_edit(const Finding& f, const Autofix& fix, std::string_view text);

// The `rename` target of a qualified name: `to` ending in '.' replaces the matched prefix
// (prefix rules: the longest matching name) or everything up to the last '.' (exact rules).
std::string renamed(std::string_view qualified, const Autofix& fix, const MatchSpec& match);

// The string-literal body with the matched part replaced: "cuda:0" -> "npu:0",
// f"cuda:{rank}" -> f"npu:{rank}", "nccl" -> "hccl", "cpu:gloo,cuda:nccl" ->
// "cpu:gloo,npu:hccl". Empty when the body does not hold the value verbatim.
std::string replaced_body(std::string_view body, std::string_view value, std::string_view to,
                          const MatchSpec& match);

}  // namespace ascendify::fix::detail
