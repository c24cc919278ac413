// The replacement fields of f-strings are code: `f"{torch.cuda.memory_allocated()}"` calls
// torch.cuda on every run. Each field's expression is lexed on its own (FieldLexer) and
// scanned like any expression of the statement, after it (the scanner is not reentrant).
#include "python/analyzer_impl.hpp"

namespace ascendify::python::detail {
namespace {

// f-strings nested deeper than this inside fields are not analysed (hostile input; real code
// nests two or three).
constexpr uint32_t kMaxFStringLevel = 8;

}  // namespace

void Analyzer::queue_fstring(const Token& t) {
  if (fstring_level_ >= kMaxFStringLevel) return;
  PendingFString& p = fstrings_.emplace_back();
  p.tok = t;
  p.level = fstring_level_;
  p.output = in_output_call();
  for (const Shadow& s : shadows_) p.shadows.push_back(s.name);
  p.shadows.insert(p.shadows.end(), outer_shadows_.begin(), outer_shadows_.end());
}

void Analyzer::scan_fstring_fields() {
  // The file's token list, restored at the end; each field is scanned on its own list.
  const Token* const file_toks = toks_;
  const uint32_t file_n = n_;
  const std::vector<uint32_t>* const file_fors = bracket_fors_;
  // Scanning a field may queue the f-strings nested in it: the loop takes them in turn.
  for (size_t k = 0; k < fstrings_.size(); ++k) {
    PendingFString p = std::move(fstrings_[k]);
    if (field_lexer_.start(p.tok) == 0) continue;
    fstring_level_ = p.level + 1;
    outer_shadows_ = std::move(p.shadows);
    fstring_output_ = p.output;
    for (size_t f = 0; f < field_lexer_.size(); ++f) {
      if (!field_lexer_.lex(f, fstring_toks_, field_fors_)) continue;
      toks_ = fstring_toks_.data();
      n_ = static_cast<uint32_t>(fstring_toks_.size());
      bracket_fors_ = &field_fors_;
      scan_expr_once(0, n_ - 1, Region{});
    }
  }
  fstrings_.clear();
  outer_shadows_.clear();
  fstring_level_ = 0;
  fstring_output_ = false;
  toks_ = file_toks;
  n_ = file_n;
  bracket_fors_ = file_fors;
}

}  // namespace ascendify::python::detail
