// Statements of the Python analyzer: imports, def/class headers, compound headers with their
// guards, assignments. Expressions are handed to scan_expr (expr.cpp).
#include <algorithm>

#include "core/text.hpp"
#include "python/analyzer_impl.hpp"
#include "python/lexer.hpp"

namespace ascendify::python::detail {

uint32_t Analyzer::line_end(uint32_t i) const {
  while (i < n_ && !line_break(toks_[i].kind)) ++i;
  return std::min(i, n_ - 1);
}

uint32_t Analyzer::stmt_end(uint32_t i, Split* sp) const {
  const Token* const toks = toks_;  // locals: the stores to *sp cannot alias them
  const uint32_t n = n_;
  int depth = 0;
  bool split_done = false;  // the split stops at a top-level lambda or augmented assignment
  for (; i < n; ++i) {
    const uint8_t role = toks[i].role;  // most tokens have none
    if (role == 0) continue;
    if (role == kLineBreak) break;
    if (role == kOpener) {
      ++depth;
    } else if (role == kCloser) {
      if (depth > 0) --depth;
    } else if (depth == 0) {
      if (role == kSemicolon) break;
      if (role == kLambda) {
        split_done = true;
      } else if (split_done) {
        continue;
      } else if (role == kAssign) {
        if (sp->neq < 8) sp->eqs[sp->neq++] = i;
      } else if (role == kColon) {
        if (sp->neq == 0 && sp->ann == UINT32_MAX) sp->ann = i;
      } else if (role == kAugAssign && sp->neq == 0) {
        sp->aug = i;
        split_done = true;
      }
    }
  }
  return std::min(i, n - 1);
}

uint32_t Analyzer::header_colon(uint32_t b, uint32_t e) const {
  int depth = 0, lambdas = 0;
  for (uint32_t k = b; k < e; ++k) {
    const uint8_t role = toks_[k].role;
    if (role == 0) continue;
    if (role == kOpener) {
      ++depth;
    } else if (role == kCloser) {
      if (depth > 0) --depth;
    } else if (depth == 0 && role == kLambda) {
      ++lambdas;
    } else if (depth == 0 && role == kColon) {
      if (lambdas == 0) return k;
      --lambdas;
    }
  }
  return e;
}

std::string Analyzer::chain_name(uint32_t b, uint32_t e) const {
  std::string out;
  if (b >= e) return out;
  const Binding* bnd = resolve_head(toks_[b].text);
  const std::string_view head = bnd && bnd->is_import ? bnd->qualified : toks_[b].text;
  size_t len = head.size();
  for (uint32_t k = b + 1; k < e; ++k)
    if (toks_[k].kind == TokenKind::Name) len += 1 + toks_[k].text.size();
  out.reserve(len);  // one allocation for the whole name
  out += head;
  for (uint32_t k = b + 1; k < e; ++k)
    if (toks_[k].kind == TokenKind::Name) (out += '.') += toks_[k].text;
  return out;
}

uint32_t Analyzer::statement(uint32_t i) {
  uint32_t s = i;
  if (kw(s, "async") && (kw(s + 1, "def") || kw(s + 1, "with") || kw(s + 1, "for"))) ++s;
  const Token& ts = toks_[s];
  std::string_view w = ts.kind == TokenKind::Name ? ts.text : std::string_view();
  if (!ts.keyword || (w != "except" && w != "else" && w != "finally" && w != "elif")) {
    pending_try_.valid = false;
    pending_else_guard_ = false;
    pending_chain_.valid = false;
  }
  bool at_sign = op(s, "@");
  if (!at_sign && (!ts.keyword || (w != "def" && w != "class"))) decorators_.clear();
  Split sp;
  uint32_t e = stmt_end(s, &sp);
  uint32_t le = op(e, ";") ? line_end(e) : e;
  last_line_ = std::max(last_line_, at(le > s ? le - 1 : s).span.end_line);
  if (at_sign) {
    decorator_stmt(s + 1, le);
    return le;
  }
  if (!ts.keyword && w != "match" && w != "case") {  // no compound statement or import
    simple_stmt(s, e, sp);
    return op(e, ";") ? e + 1 : e;
  }
  if (w == "def") return def_stmt(s, le);
  if (w == "class") return class_stmt(s, le);
  if (w == "if" || w == "elif") return if_stmt(s, le, w == "elif");
  if (w == "except") return except_stmt(s, le);
  if (w == "for") return for_stmt(s, le);
  if (w == "with") return with_stmt(s, le);
  if (w == "while") {
    uint32_t colon = header_colon(s + 1, le);
    scan_expr(s + 1, colon, Region{});
    return open_body(colon, Block{Block::kOther});
  }
  if (w == "try") {
    Block b{Block::kTry};
    b.facts_begin = static_cast<uint32_t>(out_.facts.size());
    return open_body(header_colon(s + 1, le), b);
  }
  if (w == "else") {
    Block b{Block::kElse};
    // `if x.is_cuda: ... else: raise ...`: where CUDA is missing the else runs and raises.
    if (pending_chain_.valid && pending_chain_.lone_if &&
        body_starts_with_raise(header_colon(s + 1, le)))
      mark_stoppers(pending_chain_.cond_b, pending_chain_.cond_e, pending_chain_.cond_facts_b,
                    pending_chain_.cond_facts_e, true);
    b.guard = pending_else_guard_;
    b.beside_npu = pending_chain_.valid && pending_chain_.npu;  // the else of an NPU chain
    const uint32_t colon = header_colon(s + 1, le);
    if (pending_chain_.valid && !pending_chain_.task_dest.empty())  // the tasks no branch takes
      open_task_branch(b, colon, pending_chain_.task_dest, pending_chain_.task_chain, {}, true);
    if (pending_chain_.valid && pending_chain_.taken) {  // a constant selects an earlier branch
      open_flag_block(b, colon, pending_chain_.taken_by, false, true);
    } else if (pending_chain_.valid &&
               pending_chain_.has_negated_flag) {  // `if not FLAG: ... else:`
      open_flag_block(b, colon, pending_chain_.negated_flag, pending_chain_.negated_flag_param);
    }
    return open_body(colon, b);
  }
  if (w == "finally") return open_body(header_colon(s + 1, le), Block{Block::kOther});
  if (w == "match" || w == "case") {
    uint32_t colon = header_colon(s + 1, le);
    if (colon + 1 == le && colon > s + 1 && at(le).kind == TokenKind::Newline &&
        at(le + 1).kind == TokenKind::Indent) {
      if (w == "match") scan_expr(s + 1, colon, Region{});
      return open_body(colon, Block{Block::kOther});
    }
  }
  if (w == "import") {
    import_stmt(s, e);
  } else if (w == "from") {
    from_stmt(s, e);
  } else {
    simple_stmt(s, e, sp);
  }
  return op(e, ";") ? e + 1 : e;
}

uint32_t Analyzer::import_stmt(uint32_t i, uint32_t e) {
  uint32_t k = i + 1;
  while (k < e && toks_[k].kind == TokenKind::Name) {
    uint32_t nb = k++;
    while (k + 1 < e && op(k, ".") && toks_[k + 1].kind == TokenKind::Name) k += 2;
    std::string name;
    for (uint32_t m = nb; m < k; m += 2) {
      if (!name.empty()) name += '.';
      name += toks_[m].text;
    }
    std::string_view alias = toks_[nb].text;
    bool has_alias = false;
    if (kw(k, "as") && k + 1 < e && toks_[k + 1].kind == TokenKind::Name) {
      alias = toks_[k + 1].text;
      has_alias = true;
    }
    Fact& f = new_fact(FactKind::Import, span(nb, k));
    f.name = name;
    f.alias = std::string(alias);
    f.arg_index = 0;
    scopes_.bind_import(alias, has_alias ? name : std::string(toks_[nb].text));
    if (has_alias) k += 2;
    if (!op(k, ",")) break;
    ++k;
  }
  return e;
}

uint32_t Analyzer::from_stmt(uint32_t i, uint32_t e) {
  uint32_t k = i + 1;
  int level = 0;
  while (k < e && (op(k, ".") || op(k, "..."))) level += static_cast<int>(toks_[k++].text.size());
  uint32_t mb = k;
  std::string module;
  while (k < e && toks_[k].kind == TokenKind::Name && !kw(k, "import")) {
    if (!module.empty()) module += '.';
    module += toks_[k++].text;
    if (op(k, ".")) ++k;
  }
  uint32_t me = k;
  if (!kw(k, "import")) return e;
  ++k;
  if (op(k, "(")) ++k;
  bool weak = blocks_.back().in_except;
  if (op(k, "*")) {
    Fact& f = new_fact(FactKind::Import, me > mb ? span(mb, me) : span(k, k + 1));
    f.name = module.empty() ? "*" : module + ".*";
    f.detail = module;
    f.arg_index = level;
    return e;
  }
  while (k < e && toks_[k].kind == TokenKind::Name) {
    uint32_t xi = k++;
    std::string_view alias = toks_[xi].text;
    if (kw(k, "as") && k + 1 < e && toks_[k + 1].kind == TokenKind::Name) {
      alias = toks_[k + 1].text;
      k += 2;
    }
    Fact& f = new_fact(FactKind::Import, me > mb ? span(mb, me) : span(xi, xi + 1));
    f.name = module.empty() ? std::string(toks_[xi].text) : concat({module, ".", toks_[xi].text});
    f.detail = module;
    f.alias = std::string(alias);
    f.arg_index = level;
    // Relative imports name project modules: they shadow, they never resolve.
    if (level == 0) {
      scopes_.bind_import(alias, f.name);
    } else {
      scopes_.bind_local(alias, weak);
      // Module-level names, and those a function imports for itself (`if use_usp: from
      // .distributed import usp_attn_forward`): the program model follows either.
      if (scopes_.kind() == ScopeStack::kModule || !relative_names_.count(alias)) {
        relative_names_[alias] = concat({std::to_string(level), ".", f.name});
        note_own(alias);
      }
    }
    if (!op(k, ",")) break;
    ++k;
  }
  return e;
}

void Analyzer::decorator_stmt(uint32_t b, uint32_t e) {
  if (b >= e) return;
  scan_expr(b, e, Region{Region::kDecorator});
  uint32_t j = b;
  if (toks_[b].kind == TokenKind::Name) {
    ++j;
    while (j + 1 < e && op(j, ".") && toks_[j + 1].kind == TokenKind::Name) j += 2;
  }
  decorators_.push_back(Decorator{j > b ? chain_name(b, j) : std::string(src(b, e)), span(b, e)});
}

void Analyzer::simple_stmt(uint32_t b, uint32_t e, const Split& sp) {
  if (b >= e) return;
  std::string_view w = toks_[b].kind == TokenKind::Name ? toks_[b].text : std::string_view();
  if (w == "return") {
    scan_expr(b + 1, e, Region{Region::kReturn});
    return;
  }
  if (w == "global" || w == "nonlocal" || w == "pass" || w == "break" || w == "continue") return;
  if (w == "del" || w == "assert" || w == "raise") {
    const uint32_t before = static_cast<uint32_t>(out_.facts.size());
    scan_expr(b + 1, e, Region{});
    if (w == "assert") {  // `assert cond, "message"`: the condition ends at a top-level comma
      uint32_t ce = b + 1;
      for (int depth = 0; ce < e; ++ce) {
        if (is_opener(toks_[ce])) ++depth;
        if (is_closer(toks_[ce])) --depth;
        if (depth == 0 && op(ce, ",")) break;
      }
      mark_stoppers(b + 1, ce, before, static_cast<uint32_t>(out_.facts.size()), true);
    }
    return;
  }
  bool all_strings = true;
  for (uint32_t k = b; k < e && all_strings; ++k) all_strings = toks_[k].kind == TokenKind::String;
  if (all_strings) return;  // docstring or a bare string statement: never a fact
  // The split on top-level '=' (targets ... = value), augmented assignment, annotation.
  const uint32_t* eqs = sp.eqs;
  const uint32_t neq = sp.neq;
  const uint32_t ann = std::min(sp.ann, e), aug = std::min(sp.aug, e);
  if (aug < e) {
    Region::LazyValue v;
    v.b = aug + 1;
    v.e = e;
    scan_expr(b, aug, Region{Region::kAssignTarget, {}, &v});
    scan_expr(aug + 1, e, Region{Region::kAssignValue, src(b, aug)});
    return;
  }
  if (ann < e) {
    scan_expr(ann + 1, neq ? eqs[0] : e, Region{});
    if (neq == 0) return;  // `x: int` binds nothing
  } else if (neq == 0) {
    scan_expr(b, e, Region{});
    // A bare call at the module's top level (`main()`, `save_video(v)`): the file runs code
    // when executed, so it may be a script. assess decides, by the callee (detail): a
    // `warnings.warn(...)` in a deprecated shim is not a run. The first few per file.
    if (scripts_noted_ < kMaxScriptFacts && scopes_.depth() == 1 && is_ident(toks_[b]) &&
        is_closer(toks_[e - 1]) && toks_[e - 1].text == ")") {
      uint32_t j = b + 1;
      while (j + 1 < e && op(j, ".") && is_ident(toks_[j + 1])) j += 2;
      if (op(j, "(")) {
        ++scripts_noted_;
        Fact& f = new_fact(FactKind::MainGuard, span(b, e));
        f.name = "script";
        f.detail = chain_name(b, j);
      }
    }
    return;
  }
  uint32_t vb = eqs[neq - 1] + 1;
  Region::LazyValue v;
  v.b = vb;
  v.e = e;
  uint32_t seg_b = b, last_b = b, last_e = b;
  for (uint32_t q = 0; q < neq; ++q) {
    uint32_t seg_e = (q == 0 && ann < e) ? ann : eqs[q];
    scan_expr(seg_b, seg_e, Region{Region::kAssignTarget, {}, &v});
    last_b = seg_b;
    last_e = seg_e;
    seg_b = eqs[q] + 1;
  }
  scan_expr(vb, e, Region{Region::kAssignValue, src(last_b, last_e)});
  // classify() says Null exactly for a lone `None`.
  const bool none = e == vb + 1 && toks_[vb].kind == TokenKind::Name && toks_[vb].text == "None";
  bool weak = blocks_.back().in_except || none;
  seg_b = b;
  for (uint32_t q = 0; q < neq; ++q) {
    bind_targets(seg_b, (q == 0 && ann < e) ? ann : eqs[q], weak);
    seg_b = eqs[q] + 1;
  }
}

// Binds the plain names of an assignment / for / with / except target (`a`, `a, (b, *c)`),
// not attribute or subscript targets.
void Analyzer::bind_targets(uint32_t b, uint32_t e, bool weak) {
  int trailer_depth = 0;  // open brackets that follow an atom (calls, subscripts)
  std::vector<uint8_t>& kinds = target_kinds_;
  kinds.clear();
  for (uint32_t k = b; k < e; ++k) {
    const Token& t = toks_[k];
    if (is_opener(t)) {
      bool trailer = k > b && (toks_[k - 1].kind == TokenKind::Name ||
                               toks_[k - 1].kind == TokenKind::String || is_closer(toks_[k - 1]));
      if (trailer && k > b && toks_[k - 1].kind == TokenKind::Name && toks_[k - 1].keyword)
        trailer = false;
      kinds.push_back(trailer ? 1 : 0);
      trailer_depth += trailer ? 1 : 0;
    } else if (is_closer(t)) {
      if (!kinds.empty()) {
        trailer_depth -= kinds.back();
        kinds.pop_back();
      }
    } else if (t.kind == TokenKind::Name && trailer_depth == 0 && !t.keyword) {
      bool after_dot = k > b && op(k - 1, ".");
      bool before_trailer = k + 1 < e && (op(k + 1, ".") || op(k + 1, "(") || op(k + 1, "["));
      if (!after_dot && !before_trailer) scopes_.bind_local(t.text, weak);
    }
  }
}

}  // namespace ascendify::python::detail
