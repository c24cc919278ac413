// Compound statement headers: def, class, if/elif (guards, main guard), except, for, with.
#include <algorithm>
#include <optional>

#include "python/analyzer_impl.hpp"
#include "python/kernel_scan.hpp"
#include "python/lexer.hpp"

namespace ascendify::python::detail {
namespace {

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// An availability flag or probe: FOO_AVAILABLE, HAS_FOO, has_foo, is_foo_available(),
// FlashAttention2Available (lit-gpt's RequirementCache flags), find_spec(...).
// `torch.cuda.is_available()` is a device check, not a package probe.
bool is_probe_name(std::string_view s) {
  if (ends_with(s, "_AVAILABLE")) return true;
  if (ends_with(s, "_available") && s != "is_available") return true;
  if (s.size() > 9 && ends_with(s, "Available") && s[0] >= 'A' && s[0] <= 'Z') return true;
  if (starts_with(s, "HAS_") || starts_with(s, "has_") || starts_with(s, "_has_")) return true;
  if (starts_with(s, "HAVE_") || starts_with(s, "_HAVE_")) return true;  // Megatron: HAVE_TE
  if (starts_with(s, "SUPPORT_") || ends_with(s, "_SUPPORTED"))
    return true;  // Open-Sora: SUPPORT_FA3
  return s == "find_spec";
}

// Flags that name a mode every run passes through, not an optional feature.
bool is_mode_flag(std::string_view s) {
  return s == "training" || s == "is_training" || s == "TYPE_CHECKING" || s == "__debug__";
}

bool is_triton_decorator(std::string_view d) {
  return starts_with(d, "triton.") &&
         (ends_with(d, ".jit") || ends_with(d, ".autotune") || ends_with(d, ".heuristics"));
}

// Kernels of the kernel DSLs beyond Triton, by the resolved decorator: CuTe DSL (`@cute.kernel`
// after `import cutlass.cute as cute`), TileLang (`@T.prim_func`), numba.cuda (`@cuda.jit`).
// None when the decorator makes no kernel. Host-side `@cute.jit` functions are not kernels.
std::optional<KernelKind> dsl_kernel_kind(std::string_view d) {
  if (d == "cutlass.cute.kernel") return KernelKind::CuteDsl;
  if (d == "tilelang.language.prim_func" || d == "tvm.script.tir.prim_func")
    return KernelKind::TileLang;
  if (d == "numba.cuda.jit") return KernelKind::NumbaCuda;
  return std::nullopt;
}

bool catches_import_error(std::string_view s) {
  return s == "ImportError" || s == "ModuleNotFoundError" || s == "Exception" ||
         s == "BaseException";
}

}  // namespace

uint32_t Analyzer::def_stmt(uint32_t s, uint32_t le) {
  uint32_t ni = s + 1;
  if (ni >= le || toks_[ni].kind != TokenKind::Name) return le;
  std::string_view name = toks_[ni].text;
  uint32_t k = ni + 1;
  if (op(k, "[")) k = std::min(match_close(toks_, k, le) + 1, le);  // PEP 695 type params
  uint32_t colon = header_colon(k, le);
  std::vector<std::string_view>& params = params_;
  params.clear();
  const uint32_t off_params_begin = static_cast<uint32_t>(off_params_.size());
  const uint32_t params_begin = static_cast<uint32_t>(params_in_scope_.size());
  if (op(k, "(")) {
    uint32_t close = std::min(match_close(toks_, k, colon), colon);
    uint32_t p = k + 1;
    while (p < close) {
      // One parameter slot [p, pe).
      uint32_t pe = p;
      int depth = 0;
      while (pe < close && !(depth == 0 && op(pe, ","))) {
        if (is_opener(toks_[pe])) ++depth;
        if (is_closer(toks_[pe]) && depth > 0) --depth;
        ++pe;
      }
      uint32_t q = p;
      while (q < pe && (op(q, "*") || op(q, "**"))) ++q;
      if (q < pe && toks_[q].kind == TokenKind::Name) {
        std::string_view pname = toks_[q].text;
        params.push_back(pname);
        ++q;
        uint32_t eq = q;
        depth = 0;
        while (eq < pe && !(depth == 0 && op(eq, "="))) {
          if (is_opener(toks_[eq])) ++depth;
          if (is_closer(toks_[eq]) && depth > 0) --depth;
          ++eq;
        }
        if (op(q, ":")) scan_expr(q + 1, eq, Region{});
        if (eq < pe) scan_expr(eq + 1, pe, Region{Region::kDefaultParam, pname});
        if (eq + 2 == pe && (kw(eq + 1, "False") || kw(eq + 1, "None")))
          off_params_.push_back(pname);
      }
      p = pe + 1;
    }
    if (op(close + 1, "->")) scan_expr(close + 2, colon, Region{});
  }
  Fact& f = new_fact(FactKind::FunctionDef, span(ni, ni + 1));
  f.name = std::string(name);
  bool triton = false;
  std::optional<KernelKind> dsl_kind;
  const uint32_t first_decorator_line = decorators_.empty() ? 0 : decorators_.front().span.line;
  f.args.reserve(decorators_.size());
  for (Decorator& d : decorators_) {
    triton = triton || is_triton_decorator(d.name);
    if (!dsl_kind) dsl_kind = dsl_kernel_kind(d.name);
    f.args.push_back(Arg{std::string(), ValueKind::Name, std::move(d.name), d.span});
  }
  decorators_.clear();
  // The kernel's scope is the one around the def (copied only for the rare triton kernel).
  std::string outer_scope = triton || dsl_kind ? scopes_.name() : std::string();
  const Block& parent = blocks_.back();
  Block blk{Block::kDef};
  blk.off_params_begin = off_params_begin;
  blk.params_begin = params_begin;
  params_in_scope_.insert(params_in_scope_.end(), params.begin(), params.end());
  if (parent.kind == Block::kClass && parent.own_kernel >= 0 &&
      out_.kernels[parent.own_kernel].kind == KernelKind::AutogradFunction) {
    if (name == "forward") blk.phase = 1;
    if (name == "backward") blk.phase = 2;
  }
  scopes_.bind_local(name, false);
  blk.scope_pushed = scopes_.push(ScopeStack::kFunction, name);
  if (!blk.scope_pushed && !depth_warned_) {
    depth_warned_ = true;
    diag(toks_[s].span.line, "python: definitions nested too deeply; inner scopes merged");
  }
  if (triton) {
    KernelFact kf;
    kf.kind = KernelKind::Triton;
    kf.name = std::string(name);
    kf.span = span(s, std::min(colon + 1, le));
    kf.scope = outer_scope;
    std::vector<std::string> names;  // autotune configs of the decorators (kernel_scan.hpp)
    for (const Arg& a : out_.facts.back().args) names.push_back(a.value);
    triton_config_features(names, out_.facts, first_decorator_line, toks_[s].span.line, kf);
    blk.kernel = blk.own_kernel = static_cast<int32_t>(out_.kernels.size());
    out_.kernels.push_back(std::move(kf));
  } else if (dsl_kind) {  // the inventory lists it; its body is the DSL's own
    KernelFact kf;
    kf.kind = *dsl_kind;
    kf.name = std::string(name);
    kf.span = span(s, std::min(colon + 1, le));
    kf.scope = outer_scope;
    blk.kernel = blk.own_kernel = static_cast<int32_t>(out_.kernels.size());
    out_.kernels.push_back(std::move(kf));
  }
  if (blk.scope_pushed) {
    for (std::string_view p : params) scopes_.bind_local(p, false);
    if (last_pair_ != UINT32_MAX && last_pair_ > colon) {
      for (LaunchSite& l : find_launches({toks_, n_}, colon)) {  // `kernel[grid](...)` in the body
        Fact& lf = new_fact(FactKind::Native, span(l.name_begin, l.name_end));
        lf.name = std::move(l.name);
        lf.detail = "triton-launch";
        for (auto& [k, v] : l.options) lf.args.push_back(Arg{k, ValueKind::Number, v, Span{}});
      }
    }
  }
  return open_body(colon, blk);
}

uint32_t Analyzer::class_stmt(uint32_t s, uint32_t le) {
  uint32_t ni = s + 1;
  if (ni >= le || toks_[ni].kind != TokenKind::Name) return le;
  std::string_view name = toks_[ni].text;
  uint32_t k = ni + 1;
  if (op(k, "[")) k = std::min(match_close(toks_, k, le) + 1, le);
  uint32_t colon = header_colon(k, le);
  std::vector<Arg> bases;
  if (op(k, "(")) {
    uint32_t close = std::min(match_close(toks_, k, colon), colon);
    scan_expr(k + 1, close, Region{Region::kClassBases});
    uint32_t p = k + 1;
    while (p < close) {
      uint32_t pe = p;
      int depth = 0;
      while (pe < close && !(depth == 0 && op(pe, ","))) {
        if (is_opener(toks_[pe])) ++depth;
        if (is_closer(toks_[pe]) && depth > 0) --depth;
        ++pe;
      }
      if (toks_[p].kind == TokenKind::Name && op(p + 1, "=")) {
        Arg a = classify(p + 2, pe);
        a.keyword = std::string(toks_[p].text);
        bases.push_back(std::move(a));
      } else if (pe > p) {
        bases.push_back(classify(p, pe));
      }
      p = pe + 1;
    }
  }
  bool autograd = false;
  for (const Arg& a : bases)
    autograd =
        autograd ||
        (a.keyword.empty() && a.kind == ValueKind::Name &&
         (a.value == "torch.autograd.Function" || a.value == "torch.autograd.function.Function"));
  Fact& f = new_fact(FactKind::ClassDef, span(ni, ni + 1));
  f.name = std::string(name);
  f.args = std::move(bases);
  for (const Decorator& d : decorators_) {  // "dataclass,registry.register" (program model)
    if (!f.detail.empty()) f.detail += ',';
    f.detail += d.name;
  }
  decorators_.clear();
  std::string outer_scope = autograd ? scopes_.name() : std::string();
  scopes_.bind_local(name, false);
  Block blk{Block::kClass};
  blk.scope_pushed = scopes_.push(ScopeStack::kClass, name);
  if (autograd) {
    KernelFact kf;
    kf.kind = KernelKind::AutogradFunction;
    kf.name = std::string(name);
    kf.span = span(s, std::min(colon + 1, le));
    kf.scope = outer_scope;
    blk.kernel = blk.own_kernel = static_cast<int32_t>(out_.kernels.size());
    out_.kernels.push_back(std::move(kf));
  }
  return open_body(colon, blk);
}

// The first statement of the block after the header colon at `colon` is an import.
bool Analyzer::body_starts_with_import(uint32_t colon) const {
  uint32_t k = colon + 1;
  while (k < n_ && (toks_[k].kind == TokenKind::Newline || toks_[k].kind == TokenKind::Indent)) ++k;
  return k < n_ && (kw(k, "import") || kw(k, "from"));
}

// The condition [b, e) is a lone flag that may be off by default: `[not] NAME` for a parameter
// of the innermost def that defaults to False / None (*param), or `[not] X.NAME` (off by default
// when an argparse option says so: assess); *flag = NAME. Comparisons, calls and `and`/`or`
// are not flags: `if mode == "wan":` picks a model, not an optional feature.
bool Analyzer::flag_test(uint32_t b, uint32_t e, std::string_view* flag, bool* negated,
                         bool* param) const {
  *negated = b < e && kw(b, "not");
  if (*negated) ++b;
  if (b >= e || !is_ident(toks_[b]) || resolve_head(toks_[b].text) != nullptr) return false;
  uint32_t k = b;
  for (;; k += 2) {
    if (!is_ident(toks_[k]) || is_mode_flag(toks_[k].text)) return false;
    if (k + 1 == e) break;
    if (k + 2 >= e || !op(k + 1, ".")) return false;
  }
  *flag = toks_[k].text;
  *param = k == b;
  if (k > b) return true;
  uint32_t def_begin = UINT32_MAX;  // the innermost def's parameters
  for (size_t d = blocks_.size(); d-- > 0 && def_begin == UINT32_MAX;)
    if (blocks_[d].kind == Block::kDef) def_begin = blocks_[d].off_params_begin;
  if (def_begin == UINT32_MAX) return false;
  for (size_t p = def_begin; p < off_params_.size(); ++p)
    if (off_params_[p] == toks_[b].text) return true;
  return false;
}

bool Analyzer::optional_import_test(uint32_t b, uint32_t e, bool* negated) const {
  *negated = false;
  if (b < e && kw(b, "not")) {
    *negated = true;
    ++b;
  }
  if (b >= e || !is_ident(toks_[b])) return false;
  const std::string_view name = toks_[b].text;
  if (e == b + 3 && !*negated && kw(b + 1, "is") && kw(b + 2, "None")) {
    *negated = true;
  } else if (!(e == b + 1 || (e == b + 4 && !*negated && kw(b + 1, "is") && kw(b + 2, "not") &&
                              kw(b + 3, "None")))) {
    return false;
  }
  return std::find(optional_imports_.begin(), optional_imports_.end(), name) !=
         optional_imports_.end();
}

void Analyzer::open_flag_block(Block& b, uint32_t colon, std::string_view flag, bool param,
                               bool constant) {
  b.flag_block = static_cast<int32_t>(out_.flag_blocks.size());
  FileFacts::FlagBlock fb;
  fb.first_line = fb.last_line = at(colon).span.line;
  fb.flag = std::string(flag);
  fb.param = param;
  fb.constant = constant && module_consts_.count(flag);
  fb.option = constant && !fb.constant;  // decided by an argparse option's default
  out_.flag_blocks.push_back(std::move(fb));
}

// A name or string of the condition [b, e) names the NPU as a word: is_npu_available(),
// is_torch_npu_available(), torch_npu, DistributedType.MULTI_NPU, device.type == "npu".
namespace {

bool npu_word(std::string_view s) {
  for (size_t i = 0; (i = s.find_first_of("nN", i)) != std::string_view::npos; ++i) {
    if (i + 3 > s.size()) return false;
    const std::string_view w = s.substr(i, 3);
    if (w != "npu" && w != "NPU") continue;
    const bool start = i == 0 || s[i - 1] == '_' || s[i - 1] == '.' || s[i - 1] == ':';
    const bool end = i + 3 == s.size() || s[i + 3] == '_' || s[i + 3] == '.' || s[i + 3] == ':';
    if (start && end) return true;
  }
  return false;
}

}  // namespace

bool Analyzer::mentions_npu(uint32_t b, uint32_t e) const {
  for (uint32_t k = b; k < e; ++k) {
    if (toks_[k].kind == TokenKind::Name && npu_word(toks_[k].text)) return true;
    // Decoded only when the raw text has the letters: most conditions compare other strings.
    if (toks_[k].kind == TokenKind::String &&
        (toks_[k].text.find("npu") != std::string_view::npos ||
         toks_[k].text.find("NPU") != std::string_view::npos) &&
        npu_word(decode_string(toks_[k])))
      return true;
  }
  return false;
}

uint32_t Analyzer::if_stmt(uint32_t s, uint32_t le, bool elif) {
  uint32_t colon = header_colon(s + 1, le);
  const uint32_t before = static_cast<uint32_t>(out_.facts.size());
  const bool continues = elif && pending_chain_.valid;
  const uint32_t chain_begin = continues ? pending_chain_.begin : before;
  const bool after_npu = continues && pending_chain_.npu;
  scan_expr(s + 1, colon, Region{});
  bool negated = kw(s + 1, "not");
  // A chain with an NPU branch: the other branches only run where there is no NPU (the
  // project already has its NPU path there). Earlier branches are marked now, later ones by
  // their block; `if not <npu>:` guards its own body and leaves the else to the NPU.
  const bool npu = mentions_npu(s + 1, colon);
  auto mark_beside_npu = [&](uint32_t from, uint32_t to) {
    for (uint32_t k = from; k < to; ++k) out_.facts[k].guarded = out_.facts[k].beside_npu = true;
  };
  if (npu && !negated) mark_beside_npu(chain_begin, before);
  if (after_npu) mark_beside_npu(before, static_cast<uint32_t>(out_.facts.size()));
  bool probe = false;
  // `if TYPE_CHECKING:` bodies never run: whatever they import is for the type checker.
  const bool type_checking =
      (colon == s + 2 && kw(s + 1, "TYPE_CHECKING")) ||
      (colon == s + 4 && kw(s + 1, "typing") && op(s + 2, ".") && kw(s + 3, "TYPE_CHECKING"));
  for (uint32_t k = s + 1; k < colon && !probe; ++k) {
    if (toks_[k].kind == TokenKind::Name) {
      // An NPU probe (is_npu_available) decides between the NPU path and the others, not
      // whether an optional package is there: its branches follow the NPU rule alone. A
      // package probe beside it (`HAS_EXT and x.is_npu`) still guards the body.
      probe = is_probe_name(toks_[k].text) && !npu_word(toks_[k].text);
    } else if (toks_[k].kind == TokenKind::String && k > s + 1 && k + 1 < colon) {
      // A flag looked up by name: env_info["has_sage"], flags.get("HAS_TRITON"), when the
      // block starts with the import it allows (ctx["has_backward"] is a setting, not a probe).
      const bool key = op(k - 1, "[") && op(k + 1, "]");
      const bool get_arg = op(k - 1, "(") && k > s + 2 && kw(k - 2, "get");
      probe = (key || get_arg) && is_probe_name(decode_string(toks_[k])) &&
              body_starts_with_import(colon);
    }
  }
  // `if flash_attn_func is not None:` / `if flash_attn_func:` on a name an optional import
  // binds (`try: from flash_attn import ...` / `except ImportError:`): the body is that
  // import's guarded path and the check itself is no use; `is None` / `not NAME` guard the else.
  bool none_negated = false;
  if (!probe && !npu && optional_import_test(s + 1, colon, &none_negated)) {
    probe = true;
    negated = none_negated;
    for (size_t k = before; k < out_.facts.size(); ++k) out_.facts[k].guarded = true;
  }
  Block b{Block::kIf};
  const uint32_t cond_facts_e = static_cast<uint32_t>(out_.facts.size());
  // `if not torch.cuda.is_available(): raise ...`: where CUDA is missing the body raises.
  if (body_starts_with_raise(colon)) mark_stoppers(s + 1, colon, before, cond_facts_e, false);
  b.cuda_only = cuda_only_test(s + 1, colon);
  if (!elif) {
    b.lone_if = true;
    b.cond_b = s + 1;
    b.cond_e = colon;
    b.cond_facts_b = before;
    b.cond_facts_e = cond_facts_e;
  }
  b.chain_begin = chain_begin;
  b.chain_npu = after_npu || (npu && !negated);  // what follows in the chain is beside it
  b.beside_npu = (npu && negated) || after_npu;
  b.guard = (probe && !negated) || b.beside_npu || type_checking;
  b.else_guard = (probe && negated && !elif) || b.chain_npu;
  // `if A or X is None: <fallback> else: <uses X>` (X bound by an optional import): the else
  // runs only when the import succeeded.
  if (!probe && !npu && !elif && !b.else_guard) {
    uint32_t cb = s + 1, ce = colon;  // the condition, without parentheses around it all
    if (op(cb, "(") && match_close(toks_, cb, ce) + 1 == ce) ++cb, --ce;
    int depth = 0;
    uint32_t from = cb;
    for (uint32_t k = cb; k <= ce && !b.else_guard; ++k) {
      if (k < ce && is_opener(toks_[k])) ++depth;
      if (k < ce && is_closer(toks_[k]) && depth > 0) --depth;
      if (k == ce || (depth == 0 && kw(k, "or"))) {
        bool none = false;
        if (k > from && optional_import_test(from, k, &none) && none) b.else_guard = true;
        from = k + 1;
      }
    }
  }
  // A branch module constants rule out (`gemm_impl = "bf16"` ... `if gemm_impl == "fp8":`),
  // or one after a branch they select: it never runs by default.
  std::string_view constant;
  const int decided = probe || npu ? -1 : const_test(s + 1, colon, &constant);
  const bool after_taken = continues && pending_chain_.taken;
  b.chain_taken = after_taken || decided == 1;
  b.chain_taken_by = after_taken ? pending_chain_.taken_by : constant;
  if (after_taken || decided == 0)
    open_flag_block(b, colon, after_taken ? pending_chain_.taken_by : constant, false, true);
  // A branch of a chain on an argparse option (`if "t2v" in args.task:`): each task takes one.
  if (!probe && !npu) {
    std::string_view dest;
    std::vector<std::pair<char, std::string>> atoms;
    const bool task_chain = continues && !pending_chain_.task_dest.empty();
    if ((!elif || task_chain) && task_atoms(s + 1, colon, &dest, &atoms) &&
        (!task_chain || dest == pending_chain_.task_dest))
      open_task_branch(b, colon, dest, task_chain ? pending_chain_.task_chain : at(s).span.line,
                       std::move(atoms), false);
  }
  // A flag that is off by default and neither a probe nor an NPU check: an optional feature,
  // in the body (`if FLAG:`) or in the else (`if not FLAG:`).
  std::string_view flag;
  bool flag_negated = false, flag_param = false;
  if (!probe && !npu && decided < 0 && !after_taken &&
      flag_test(s + 1, colon, &flag, &flag_negated, &flag_param)) {
    if (!flag_negated) {
      open_flag_block(b, colon, flag, flag_param);
    } else if (!elif) {
      b.has_negated_flag = true;
      b.negated_flag = flag;
      b.negated_flag_param = flag_param;
    }
  }
  if (!elif && colon == s + 4) {
    // if __name__ == "__main__":  (either operand order, either quote)
    uint32_t nm = kw(s + 1, "__name__") ? s + 1 : s + 3;
    uint32_t st = nm == s + 1 ? s + 3 : s + 1;
    if (kw(nm, "__name__") && op(s + 2, "==") && toks_[st].kind == TokenKind::String &&
        decode_string(toks_[st]) == "__main__") {
      Fact& f = new_fact(FactKind::MainGuard, span(s, colon));
      f.name = "__main__";
      if (scopes_.kind() == ScopeStack::kModule) {
        b.main_block = static_cast<int32_t>(out_.main_blocks.size());
        out_.main_blocks.emplace_back(at(colon).span.line, at(colon).span.line);
      }
    }
  }
  return open_body(colon, b);
}

uint32_t Analyzer::except_stmt(uint32_t s, uint32_t le) {
  uint32_t colon = header_colon(s + 1, le);
  uint32_t b = s + 1;
  if (op(b, "*")) ++b;
  uint32_t as = b;
  while (as < colon && !kw(as, "as")) ++as;
  bool catches = b == colon;  // bare except
  for (uint32_t k = b; k < as && !catches; ++k)
    catches = toks_[k].kind == TokenKind::Name && catches_import_error(toks_[k].text);
  if (catches && pending_try_.valid) {
    uint32_t end = std::min<uint32_t>(pending_try_.end, static_cast<uint32_t>(out_.facts.size()));
    for (uint32_t k = pending_try_.begin; k < end; ++k) {
      Fact& f = out_.facts[k];
      f.guarded = true;
      if (f.kind == FactKind::Import && !f.alias.empty()) optional_imports_.push_back(f.alias);
    }
  }
  scan_expr(b, as, Region{});
  Block blk{Block::kExcept};
  blk.saved_try = pending_try_;
  if (as < colon) bind_targets(as + 1, colon, false);
  return open_body(colon, blk);
}

uint32_t Analyzer::for_stmt(uint32_t s, uint32_t le) {
  uint32_t colon = header_colon(s + 1, le);
  uint32_t in = s + 1;
  int depth = 0;
  while (in < colon && !(depth == 0 && kw(in, "in"))) {
    if (is_opener(toks_[in])) ++depth;
    if (is_closer(toks_[in]) && depth > 0) --depth;
    ++in;
  }
  scan_expr(in + 1, colon, Region{});
  bind_targets(s + 1, in, false);
  return open_body(colon, Block{Block::kOther});
}

uint32_t Analyzer::with_stmt(uint32_t s, uint32_t le) {
  uint32_t colon = header_colon(s + 1, le);
  uint32_t b = s + 1, e = colon;
  if (op(b, "(") && match_close(toks_, b, e) + 1 == e) {
    // `with (a as x, b as y):` -- strip the parentheses when they hold `as` items.
    int depth = 0;
    bool has_as = false;
    for (uint32_t k = b; k < e && !has_as; ++k) {
      if (is_opener(toks_[k])) ++depth;
      if (is_closer(toks_[k])) --depth;
      has_as = depth == 1 && kw(k, "as");
    }
    if (has_as) {
      ++b;
      --e;
    }
  }
  uint32_t ib = b;
  while (ib < e) {
    uint32_t ie = ib, as = e;
    int depth = 0;
    while (ie < e && !(depth == 0 && op(ie, ","))) {
      if (is_opener(toks_[ie])) ++depth;
      if (is_closer(toks_[ie]) && depth > 0) --depth;
      if (depth == 0 && as == e && kw(ie, "as")) as = ie;
      ++ie;
    }
    uint32_t xe = std::min(as, ie);
    scan_expr(ib, xe, Region{Region::kWith});
    if (as < ie) bind_targets(as + 1, ie, false);
    ib = ie + 1;
  }
  return open_body(colon, Block{Block::kOther});
}

}  // namespace ascendify::python::detail
