#include "fix/import_rename.hpp"

#include <algorithm>
#include <map>

#include "core/rule.hpp"
#include "fix/edit_finding.hpp"

namespace ascendify::fix::detail {

namespace {

using python::Token;
using python::TokenKind;

// The module tokens [first, last) of the `from M import ...` statement holding token i, found
// by walking back to its `from`; {0, 0} when the statement is no absolute from-import.
std::pair<size_t, size_t> from_module(const std::vector<Token>& toks, size_t i) {
  size_t k = i;
  while (k > 0 && toks[k].role != python::kLineBreak && toks[k].role != python::kSemicolon) {
    if (toks[k].kind == TokenKind::Name && toks[k].text == "from") break;
    --k;
  }
  if (toks[k].kind != TokenKind::Name || toks[k].text != "from") return {0, 0};
  size_t first = k + 1, last = first;
  while (last < toks.size() && !(toks[last].kind == TokenKind::Name && toks[last].text == "import"))
    ++last;
  if (last >= toks.size() || last == first || toks[first].text == ".") return {0, 0};
  return {first, last};
}

size_t token_at(const std::vector<Token>& toks, uint32_t offset) {
  auto it = std::lower_bound(toks.begin(), toks.end(), offset,
                             [](const Token& t, uint32_t o) { return t.span.offset < o; });
  return it == toks.end() || it->span.offset != offset ? SIZE_MAX
                                                       : static_cast<size_t>(it - toks.begin());
}

}  // namespace

std::vector<ImportRename> import_renames(std::string_view text, const std::vector<Token>& toks,
                                         const std::vector<Fact>& facts,
                                         const std::vector<const Finding*>& fs,
                                         const std::vector<bool>& candidate) {
  // One entry per from-import statement (keyed by its module's first token).
  struct Statement {
    size_t first = 0, last = 0;
    std::string module;
    std::vector<const Fact*> names;  // the Import facts of the statement
  };
  std::map<size_t, Statement> statements;
  for (const Fact& f : facts) {
    if (f.kind != FactKind::Import || f.arg_index != 0 || f.detail.empty() || f.alias.empty())
      continue;
    const size_t i = token_at(toks, f.span.offset);
    if (i == SIZE_MAX) continue;
    const auto [first, last] = from_module(toks, i);
    if (first == last) continue;
    Statement& s = statements[first];
    s.first = first;
    s.last = last;
    s.module = f.detail;
    s.names.push_back(&f);
  }
  std::vector<ImportRename> out;
  for (auto& [key, s] : statements) {
    std::string new_module;
    std::vector<size_t> taken;
    bool ok = true;
    for (const Fact* name : s.names) {
      bool used = false;
      for (size_t k = 0; k < fs.size() && ok; ++k) {
        const Finding& f = *fs[k];
        const std::string_view src = text.substr(f.span.offset, f.span.end_offset - f.span.offset);
        if (f.match != name->name || src != name->alias) continue;  // not a use of this alias
        used = true;
        if (!candidate[k] || !f.rule || !f.rule->autofix || f.rule->autofix->kind != "rename") {
          ok = false;
          break;
        }
        // The new name must be the new module plus the same imported name.
        const std::string to = renamed(f.match, *f.rule->autofix, f.rule->match);
        const std::string tail = "." + name->alias;
        const std::string leaf = name->name.substr(name->detail.size());  // ".autocast"
        if (to.size() <= leaf.size() || to.compare(to.size() - leaf.size(), leaf.size(), leaf)) {
          ok = false;
          break;
        }
        const std::string module = to.substr(0, to.size() - leaf.size());
        if (!new_module.empty() && module != new_module) ok = false;
        new_module = module;
        taken.push_back(k);
        (void)tail;
      }
      if (!used) ok = false;  // an imported name no rule renames may not exist in the new module
      if (!ok) break;
    }
    if (!ok || new_module.empty() || new_module == s.module) continue;
    ImportRename r;
    r.edit.offset = toks[s.first].span.offset;
    r.edit.end_offset = toks[s.last - 1].span.end_offset;
    r.edit.text = new_module;
    r.edit.rule_id = fs[taken.front()]->rule_id;
    r.edit.line = toks[s.first].span.line;
    r.findings = std::move(taken);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace ascendify::fix::detail
