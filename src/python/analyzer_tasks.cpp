// Task dispatch: an argparse option with choices (`--task t2v-14B|i2v-14B|...`) and the
// if/elif/else chains that branch on it. The front end records the chains' tests as atoms
// (FileFacts::TaskBranch) and the choices or where they are listed (FileFacts::OptionChoices);
// assess evaluates them per value (assess/tasks.hpp).
#include <algorithm>

#include "python/analyzer_impl.hpp"

namespace ascendify::python::detail {

namespace {

bool string_token(const Token& t) {
  return t.kind == TokenKind::String;
}

}  // namespace

bool Analyzer::task_atoms(uint32_t b, uint32_t e, std::string_view* dest,
                          std::vector<std::pair<char, std::string>>* atoms) const {
  if (op(b, "(") && e > b + 2 && match_close(toks_, b, e) == e - 1) ++b, --e;
  // `X.dest` with X neither an import nor self, dest an argparse option of this file.
  auto option_ref = [&](uint32_t i, uint32_t j, std::string_view* d) {
    if (j != i + 3 || !is_ident(toks_[i]) || !op(i + 1, ".") || !is_ident(toks_[i + 2]))
      return false;
    const Binding* head = resolve_head(toks_[i].text);
    if ((head && head->is_import) || toks_[i].text == "self") return false;
    if (!option_defaults_.count(toks_[i + 2].text)) return false;
    *d = toks_[i + 2].text;
    return true;
  };
  std::string_view want;
  auto same = [&](std::string_view d) {
    if (want.empty()) want = d;
    return d == want;
  };
  uint32_t from = b;
  int depth = 0;
  for (uint32_t k = b; k <= e; ++k) {
    if (k < e && is_opener(toks_[k])) ++depth;
    if (k < e && is_closer(toks_[k]) && depth > 0) --depth;
    if (k < e && depth == 0 && kw(k, "and")) return false;
    if (k < e && !(depth == 0 && kw(k, "or"))) continue;
    // One part [from, k): `X.d == "lit"`, `"lit" == X.d`, `"lit" in X.d`, `X.d in ("a", ...)`.
    std::string_view d;
    if (k == from + 5 && op(from + 3, "==") && string_token(toks_[from + 4]) &&
        option_ref(from, from + 3, &d)) {
      if (!same(d)) return false;
      atoms->emplace_back('=', decode_string(toks_[from + 4]));
    } else if (k == from + 5 && string_token(toks_[from]) && op(from + 1, "==") &&
               option_ref(from + 2, from + 5, &d)) {
      if (!same(d)) return false;
      atoms->emplace_back('=', decode_string(toks_[from]));
    } else if (k == from + 5 && string_token(toks_[from]) && kw(from + 1, "in") &&
               option_ref(from + 2, from + 5, &d)) {
      if (!same(d)) return false;
      atoms->emplace_back('~', decode_string(toks_[from]));
    } else if (k > from + 5 && kw(from + 3, "in") && option_ref(from, from + 3, &d) &&
               (op(from + 4, "(") || op(from + 4, "[") || op(from + 4, "{")) &&
               match_close(toks_, from + 4, k) == k - 1) {
      if (!same(d)) return false;
      for (uint32_t m = from + 5; m < k - 1; m += 2) {
        if (!string_token(toks_[m]) || !(op(m + 1, ",") || m + 1 == k - 1)) return false;
        atoms->emplace_back('=', decode_string(toks_[m]));
      }
    } else {
      return false;
    }
    from = k + 1;
  }
  if (atoms->empty()) return false;
  *dest = want;
  return true;
}

void Analyzer::open_task_branch(Block& b, uint32_t colon, std::string_view dest, uint32_t chain,
                                std::vector<std::pair<char, std::string>> atoms, bool is_else) {
  b.task_branch = static_cast<int32_t>(out_.task_branches.size());
  b.task_dest = dest;
  b.task_chain = chain;
  FileFacts::TaskBranch tb;
  tb.first_line = tb.last_line = at(colon).span.line;
  tb.chain = chain;
  tb.dest = std::string(dest);
  tb.atoms = std::move(atoms);
  tb.is_else = is_else;
  out_.task_branches.push_back(std::move(tb));
}

}  // namespace ascendify::python::detail
