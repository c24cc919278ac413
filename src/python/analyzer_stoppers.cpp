// Run-stoppers: checks whose failure where CUDA is missing raises. `assert x.is_cuda`,
// `assert torch.cuda.is_available()`, `if x.device.type != "cuda": raise ...`,
// `if not torch.cuda.is_available(): raise RuntimeError(...)`, `if x.is_cuda: ... else: raise`.
// The front end marks the facts of such a condition (Fact::stops_run) when, evaluated on an
// NPU (a CUDA check is false there), the condition takes the raising path; the rules say which
// facts are CUDA checks (`stops_run: [check]`).
#include <algorithm>

#include "python/analyzer_impl.hpp"

namespace ascendify::python::detail {

bool Analyzer::body_starts_with_raise(uint32_t colon) const {
  uint32_t k = colon + 1;
  while (k < n_ && (toks_[k].kind == TokenKind::Newline || toks_[k].kind == TokenKind::Indent ||
                    toks_[k].kind == TokenKind::Comment))
    ++k;
  return k < n_ && kw(k, "raise");
}

bool Analyzer::cuda_only_test(uint32_t b, uint32_t e) const {
  int depth = 0;
  for (uint32_t k = b; k < e; ++k) {
    if (is_opener(toks_[k])) ++depth;
    if (is_closer(toks_[k])) --depth;
    if (depth == 0 && (kw(k, "or") || kw(k, "not") || op(k, "!="))) return false;
  }
  for (uint32_t k = b; k < e; ++k) {
    const Token& t = toks_[k];
    if (t.kind == TokenKind::Name && t.text == "is_cuda" && k > b && op(k - 1, ".")) return true;
    if (t.kind == TokenKind::Name && t.text == "is_available" && k >= b + 2 && op(k - 1, ".") &&
        kw(k - 2, "cuda"))
      return true;
    if (t.kind == TokenKind::String && t.text.find("cuda") != std::string_view::npos &&
        (op(k - 1, "==") || op(k + 1, "==") || kw(k + 1, "in"))) {
      const std::string v = decode_string(t);
      if (v == "cuda" || v.starts_with("cuda:")) return true;
    }
  }
  return false;
}

void Analyzer::mark_stoppers(uint32_t b, uint32_t e, uint32_t facts_b, uint32_t facts_e,
                             bool when_false) {
  if (b >= e || facts_b >= facts_e) return;
  if (blocks_.back().cuda_only) return;  // never runs on an NPU
  // Conjuncts of the condition at bracket depth 0; an `or` makes it undecidable here, and an
  // `if` decides on one atom only.
  std::vector<std::pair<uint32_t, uint32_t>> parts;
  int depth = 0;
  uint32_t start = b;
  for (uint32_t k = b; k < e; ++k) {
    if (is_opener(toks_[k])) ++depth;
    if (is_closer(toks_[k])) --depth;
    if (depth != 0) continue;
    if (kw(k, "or") || kw(k, "if") || kw(k, "lambda")) return;
    if (kw(k, "and")) {
      parts.emplace_back(start, k);
      start = k + 1;
    }
  }
  parts.emplace_back(start, e);
  if (!when_false && parts.size() != 1) return;
  for (const auto& part : parts) {
    // Plain variables, not a structured binding: the lambda below captures them (clang 14
    // cannot capture a binding).
    uint32_t pb = part.first;
    const uint32_t pe = part.second;
    bool negated = false;
    while (pb < pe && kw(pb, "not")) negated = !negated, ++pb;
    if (pb >= pe) continue;
    const uint32_t from = toks_[pb].span.offset, to = toks_[pe - 1].span.end_offset;
    for (uint32_t f = facts_b; f < facts_e && f < out_.facts.size(); ++f) {
      Fact& x = out_.facts[f];
      if (x.span.offset < from || x.span.end_offset > to) continue;
      // The atom is true on CUDA (`== "cuda"`, `x.is_cuda`, `is_available()`) or false there
      // (`!= "cuda"`, `not in`); a literal on the right or the left of its operator.
      bool positive = true;
      // A device string the project computed (`device_type == "cuda"` after a
      // `"cuda" if torch.cuda.is_available() else "cpu"`) stays "cuda" under transfer_to_npu;
      // the type of a real device (`x.device.type`) is "npu" there.
      if (x.kind == FactKind::String && x.ctx == StringContext::Compare &&
          !std::string_view(x.detail).ends_with(".type"))
        continue;
      if (x.kind == FactKind::String && x.ctx == StringContext::Compare) {
        const Token* lit =
            std::lower_bound(toks_ + pb, toks_ + pe, x.span.offset,
                             [](const Token& t, uint32_t o) { return t.span.offset < o; });
        const uint32_t i = static_cast<uint32_t>(lit - toks_);
        const uint32_t j = [&] {  // the token after the literal's last string token
          uint32_t m = i;
          while (m < pe && toks_[m].kind == TokenKind::String) ++m;
          return m;
        }();
        const bool ne_before =
            i > pb && (op(i - 1, "!=") || (kw(i - 1, "in") && kw(i - 2, "not")) ||
                       (kw(i - 1, "not") && kw(i - 2, "is")));
        const bool ne_after = j < pe && (op(j, "!=") || (kw(j, "not") && kw(j + 1, "in")) ||
                                         (kw(j, "is") && kw(j + 1, "not")));
        positive = !(ne_before || ne_after);
      }
      // Where CUDA is missing the atom is false if positive, true if not; `not` flips it.
      const bool true_on_npu = positive == negated;
      if (when_false ? !true_on_npu : true_on_npu) x.stops_run = true;
    }
  }
}

}  // namespace ascendify::python::detail
