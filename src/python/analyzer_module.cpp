// What the whole module binds, read before the statement pass: the names its module-level
// `def` / `class` statements define (a call in a function above the definition still calls
// the project's own function), and its constants — names bound once at module level, to a
// literal, and never rebound (`global NAME` anywhere rebinds) — which decide `if` branches
// (`gemm_impl = "bf16"` ... `if gemm_impl == "fp8":` never runs by default).
#include <algorithm>

#include "python/analyzer_impl.hpp"
#include "python/lex_string.hpp"

namespace ascendify::python::detail {

namespace {

bool is_literal(const Token& t) {
  if (t.kind == TokenKind::Number) return true;
  if (t.kind == TokenKind::String) return (t.string_flags & (kFormat | kUnterminated)) == 0;
  return t.kind == TokenKind::Name && (t.text == "True" || t.text == "False" || t.text == "None");
}

bool starts_line(const Token* toks, uint32_t k) {
  if (k == 0) return true;
  const TokenKind p = toks[k - 1].kind;
  return p == TokenKind::Newline || p == TokenKind::Indent || p == TokenKind::Dedent;
}

}  // namespace

Analyzer::ConstValue Analyzer::literal_value(uint32_t k) const {
  const Token& t = toks_[k];
  if (t.kind == TokenKind::String) return {ConstValue::kString, decode_string(t)};
  if (t.kind == TokenKind::Number) return {ConstValue::kNumber, std::string(t.text)};
  if (t.text == "None") return {ConstValue::kNone, {}};
  return {ConstValue::kBool, std::string(t.text)};
}

void Analyzer::prescan_module() {
  // Indent depth of each open def / class body's header; module scope when none is open.
  std::vector<uint32_t> open_defs;
  uint32_t depth = 0;
  int64_t pending_def = -1;             // a def / class header at this depth, waiting for its body
  std::vector<std::string_view> bound;  // every module-level binding, in order (names repeat)
  std::vector<std::string_view> rebound;
  for (uint32_t k = 0; k < n_; ++k) {
    const Token& t = toks_[k];
    switch (t.kind) {
      case TokenKind::Indent:
        ++depth;
        continue;
      case TokenKind::Dedent:
        if (depth > 0) --depth;
        while (!open_defs.empty() && depth <= open_defs.back()) open_defs.pop_back();
        continue;
      case TokenKind::Newline:
        if (pending_def >= 0 && at(k + 1).kind == TokenKind::Indent)
          open_defs.push_back(static_cast<uint32_t>(pending_def));
        pending_def = -1;
        continue;
      default:
        break;
    }
    if (t.kind != TokenKind::Name) continue;
    if (t.text.size() == 12 && t.text == "add_argument" && op(k + 1, "(") && k > 0 &&
        op(k - 1, ".")) {
      read_option_default(k + 1);
      continue;
    }
    if (t.text.size() == 6 && t.text == "global") {
      for (uint32_t m = k + 1; m < n_ && toks_[m].kind == TokenKind::Name; m += 2) {
        rebound.push_back(toks_[m].text);
        if (!op(m + 1, ",")) break;
      }
      continue;
    }
    if (!starts_line(toks_, k)) continue;
    uint32_t d = k;
    if (t.text == "async" && kw(k + 1, "def")) d = k + 1;
    if (kw(d, "def") || kw(d, "class")) {
      if (open_defs.empty() && at(d + 1).kind == TokenKind::Name) {
        module_defs_.insert(toks_[d + 1].text);
        note_own(toks_[d + 1].text);
      }
      pending_def = depth;
      continue;
    }
    if (!open_defs.empty() || t.keyword) continue;
    // `NAME = ...`, `NAME: T = ...`, `NAME += ...` at module level.
    uint32_t eq = k + 1;
    if (op(eq, ":")) {
      while (eq < n_ && toks_[eq].kind != TokenKind::Newline && !op(eq, "=")) ++eq;
    }
    const Token& o = at(eq);
    if (o.kind != TokenKind::Op || o.text.size() < 1 || o.text.back() != '=' || o.text == "==" ||
        o.text == "!=" || o.text == "<=" || o.text == ">=")
      continue;
    bound.push_back(t.text);
    if (o.text == "=" && (op(eq + 1, "{") || op(eq + 1, "[") || op(eq + 1, "(")))
      read_string_list(t.text, eq + 1);
    if (o.text == "=" && is_literal(at(eq + 1)) && at(eq + 2).kind == TokenKind::Newline &&
        !module_consts_.count(t.text))
      module_consts_.emplace(t.text, literal_value(eq + 1));
  }
  // A constant is bound exactly once (most files have a handful: count only those).
  std::unordered_map<std::string_view, uint32_t> bindings;
  if (!module_consts_.empty())
    for (std::string_view b : bound)
      if (module_consts_.count(b)) ++bindings[b];
  for (auto it = option_defaults_.begin(); it != option_defaults_.end();)
    it = it->second.kind == ConstValue::kNone && it->second.text == "ambiguous"
             ? option_defaults_.erase(it)
             : std::next(it);
  // A list bound more than once is not the one `choices=` means.
  std::erase_if(out_.module_string_lists.vec(), [&](const auto& l) {
    return std::count(bound.begin(), bound.end(), l.first) != 1 ||
           std::find(rebound.begin(), rebound.end(), l.first) != rebound.end();
  });
  for (auto it = module_consts_.begin(); it != module_consts_.end();) {
    const bool once = bindings[it->first] == 1 &&
                      std::find(rebound.begin(), rebound.end(), it->first) == rebound.end();
    it = once ? std::next(it) : module_consts_.erase(it);
  }
}

// `parser.add_argument("--task", default="t2v-14B", ...)` at `open` (the call's bracket): the
// default of the option's dest. `action="store_true"` defaults to False, "store_false" to True.
// A dest declared twice with different defaults is not decided.
void Analyzer::read_option_default(uint32_t open) {
  const uint32_t close = match_close(toks_, open, n_);
  std::string option, dest;
  FileFacts::OptionChoices choices;
  ConstValue value;
  bool has_default = false;
  int depth = 0;
  for (uint32_t k = open + 1; k < close; ++k) {
    if (is_opener(toks_[k])) ++depth;
    if (is_closer(toks_[k])) --depth;
    if (depth != 0) continue;
    const bool slot_start = op(k - 1, "(") || op(k - 1, ",");
    if (!slot_start) continue;
    if (toks_[k].kind == TokenKind::String && option.empty() &&
        (op(k + 1, ",") || k + 1 == close)) {
      const std::string text = decode_string(toks_[k]);
      if (text.starts_with("--") && text.size() > 2) option = text.substr(2);
    } else if (is_ident(toks_[k]) && op(k + 1, "=") && k + 2 < close) {
      const std::string_view key = toks_[k].text;
      const bool single = op(k + 3, ",") || k + 3 == close;
      if (key == "dest" && toks_[k + 2].kind == TokenKind::String && single) {
        dest = decode_string(toks_[k + 2]);
      } else if (key == "default" && single && is_literal(toks_[k + 2])) {
        value = literal_value(k + 2);
        has_default = true;
      } else if (key == "default") {
        return;  // a computed default: not decided
      } else if (key == "choices") {
        read_choices(k + 2, close, &choices);
      } else if (key == "action" && toks_[k + 2].kind == TokenKind::String && !has_default) {
        const std::string action = decode_string(toks_[k + 2]);
        if (action == "store_true" || action == "store_false") {
          value = {ConstValue::kBool, action == "store_true" ? "False" : "True"};
          has_default = true;
        }
      }
    }
  }
  if (dest.empty()) dest = option;
  std::replace(dest.begin(), dest.end(), '-', '_');
  if (dest.empty()) return;
  if (!choices.values.empty() || !choices.source.empty()) {
    choices.dest = dest;
    if (has_default && value.kind == ConstValue::kString) choices.default_value = value.text;
    out_.option_choices.push_back(std::move(choices));
  }
  if (!has_default) value = {ConstValue::kNone, {}};  // argparse's default is None
  auto [it, fresh] = option_defaults_.try_emplace(dest, value);
  if (!fresh && it->second.equals(value) != 1) it->second = {ConstValue::kNone, "ambiguous"};
}

// One operand of a comparison: a module constant or an argparse option's default (`X.dest`,
// *name set) or a literal.
bool Analyzer::operand_value(uint32_t b, uint32_t e, ConstValue* v, std::string_view* name) const {
  if (e == b + 3 && is_ident(toks_[b]) && op(b + 1, ".") && is_ident(toks_[b + 2])) {
    const Binding* head = resolve_head(toks_[b].text);
    if ((head && head->is_import) || toks_[b].text == "self") return false;
    auto it = option_defaults_.find(toks_[b + 2].text);
    if (it == option_defaults_.end()) return false;
    *v = it->second;
    *name = toks_[b + 2].text;
    return true;
  }
  if (e != b + 1) return false;
  if (is_literal(toks_[b])) {
    *v = literal_value(b);
    return true;
  }
  if (toks_[b].kind != TokenKind::Name || toks_[b].keyword) return false;
  auto it = module_consts_.find(toks_[b].text);
  // A parameter or import of the same name shadows the constant.
  if (it == module_consts_.end() || resolve_head(toks_[b].text) != nullptr ||
      std::find(params_in_scope_.begin(), params_in_scope_.end(), toks_[b].text) !=
          params_in_scope_.end())
    return false;
  *v = it->second;
  *name = toks_[b].text;
  return true;
}

int Analyzer::const_test(uint32_t b, uint32_t e, std::string_view* name) const {
  if (b >= e) return -1;
  // Top-level `and` / `or` (not mixed): a decided false conjunct / true disjunct decides all.
  int depth = 0;
  std::vector<uint32_t> cuts;
  std::string_view joiner;
  for (uint32_t k = b; k < e; ++k) {
    if (is_opener(toks_[k])) ++depth;
    if (is_closer(toks_[k]) && depth > 0) --depth;
    if (depth == 0 && (kw(k, "and") || kw(k, "or"))) {
      if (!joiner.empty() && toks_[k].text != joiner) return -1;
      joiner = toks_[k].text;
      cuts.push_back(k);
    }
  }
  if (!cuts.empty()) {
    const int absorbing = joiner == "and" ? 0 : 1;
    int all = 1 - absorbing;  // the value when no part absorbs and all are decided
    uint32_t from = b;
    cuts.push_back(e);
    for (uint32_t cut : cuts) {
      std::string_view n;
      const int v = const_test(from, cut, &n);
      if (v == absorbing) {
        *name = n;
        return absorbing;
      }
      if (v < 0) all = -1;
      if (v >= 0 && name->empty()) *name = n;
      from = cut + 1;
    }
    return all;
  }
  if (kw(b, "not") && !kw(b + 1, "in")) {
    const int v = const_test(b + 1, e, name);
    return v < 0 ? -1 : 1 - v;
  }
  if (op(b, "(") && e > b + 2 && op(e - 1, ")") && match_close(toks_, b, e) == e - 1)
    return const_test(b + 1, e - 1, name);
  ConstValue x;
  std::string_view n;
  if (!has_compare_op(b, e)) {  // `if NAME:` / `if args.flag:` — truthiness
    if (!operand_value(b, e, &x, &n) || n.empty()) return -1;
    *name = n;
    return x.truthy() ? 1 : 0;
  }
  // `X == Y`, `X != Y`, `X is [not] Y`, `X [not] in (literals)`, `"lit" [not] in X`.
  uint32_t o = b;
  while (o < e && !op(o, "==") && !op(o, "!=") && !kw(o, "is") && !kw(o, "in") &&
         !(kw(o, "not") && kw(o + 1, "in")))
    ++o;
  if (o == b || o >= e) return -1;
  const uint32_t left_end = o;
  bool negate = false, in = false;
  if (op(o, "!=")) {
    negate = true;
  } else if (kw(o, "is")) {
    if (kw(o + 1, "not")) {
      negate = true;
      ++o;
    }
  } else if (kw(o, "in")) {
    in = true;
  } else if (kw(o, "not")) {
    in = negate = true;
    ++o;
  }
  if (!operand_value(b, left_end, &x, &n)) return -1;
  int result = -1;
  if (in && (op(o + 1, "(") || op(o + 1, "[") || op(o + 1, "{"))) {
    if (n.empty()) return -1;
    const uint32_t close = match_close(toks_, o + 1, e);
    if (close + 1 != e) return -1;
    result = 0;
    for (uint32_t k = o + 2; k < close; k += 2) {
      ConstValue y;
      std::string_view m;
      if (!operand_value(k, k + 1, &y, &m) || !m.empty()) return -1;
      const int same = x.equals(y);
      if (same < 0) return -1;
      if (same) result = 1;
      if (!op(k + 1, ",") && k + 1 != close) return -1;
    }
  } else {
    ConstValue y;
    std::string_view m;
    if (!operand_value(o + 1, e, &y, &m)) return -1;
    if (n.empty() == m.empty()) return -1;  // exactly one side is a constant
    if (n.empty()) n = m;
    if (in) {  // `"t2v" in args.task`: a substring of a string
      if (x.kind != ConstValue::kString || y.kind != ConstValue::kString) return -1;
      result = y.text.find(x.text) != std::string::npos;
    } else {
      result = x.equals(y);
    }
    if (result < 0) return -1;
  }
  *name = n;
  return negate ? 1 - result : result;
}

bool Analyzer::has_compare_op(uint32_t b, uint32_t e) const {
  int depth = 0;
  for (uint32_t k = b; k < e; ++k) {
    if (is_opener(toks_[k])) ++depth;
    if (is_closer(toks_[k]) && depth > 0) --depth;
    if (depth == 0 && (op(k, "==") || op(k, "!=") || kw(k, "is") || kw(k, "in") || op(k, "<") ||
                       op(k, ">") || op(k, "<=") || op(k, ">=")))
      return true;
  }
  return false;
}

// `NAME = {"a": ..., "b": ...}` / `NAME = ["a", "b"]` at `open`: the keys / strings, when all
// are string literals and the display ends the statement (FileFacts::module_string_lists).
void Analyzer::read_string_list(std::string_view name, uint32_t open) {
  const uint32_t close = match_close(toks_, open, n_);
  if (close >= n_ || at(close + 1).kind != TokenKind::Newline) return;
  const bool dict = op(open, "{");
  std::vector<std::string> keys;
  int depth = 0;
  bool slot_start = true;
  for (uint32_t k = open + 1; k < close; ++k) {
    if (depth == 0 && slot_start) {
      if (toks_[k].kind != TokenKind::String) return;
      if (dict ? !op(k + 1, ":") : !(op(k + 1, ",") || k + 1 == close)) return;
      keys.push_back(decode_string(toks_[k]));
    }
    slot_start = false;
    if (is_opener(toks_[k])) ++depth;
    if (is_closer(toks_[k]) && depth > 0) --depth;
    if (depth == 0 && op(k, ",")) slot_start = true;
  }
  if (!keys.empty()) out_.module_string_lists.emplace_back(std::string(name), std::move(keys));
}

// The value of `choices=` at [b, end of its slot): a list or tuple of string literals, or a
// name (`TASKS`, `list(TASKS)`, `TASKS.keys()`, `list(TASKS.keys())`, `sorted(TASKS)`,
// `tuple(TASKS)`) whose list is looked up when the file is read (resolve_choices).
void Analyzer::read_choices(uint32_t b, uint32_t close, FileFacts::OptionChoices* c) {
  uint32_t e = b;
  int depth = 0;
  while (e < close && !(depth == 0 && op(e, ","))) {
    if (is_opener(toks_[e])) ++depth;
    if (is_closer(toks_[e]) && depth > 0) --depth;
    ++e;
  }
  if ((op(b, "[") || op(b, "(")) && match_close(toks_, b, e) == e - 1) {
    for (uint32_t k = b + 1; k < e - 1; k += 2) {
      if (toks_[k].kind != TokenKind::String || !(op(k + 1, ",") || k + 1 == e - 1)) {
        c->values.clear();
        return;
      }
      c->values.push_back(decode_string(toks_[k]));
    }
    return;
  }
  // Unwrap list( / sorted( / tuple( ... ) and a trailing .keys().
  if (is_ident(toks_[b]) && op(b + 1, "(") && match_close(toks_, b + 1, e) == e - 1 &&
      (toks_[b].text == "list" || toks_[b].text == "sorted" || toks_[b].text == "tuple")) {
    b += 2;
    --e;
  }
  if (e == b + 5 && op(b + 1, ".") && kw(b + 2, "keys") && op(b + 3, "(") && op(b + 4, ")"))
    e = b + 1;
  if (e == b + 1 && is_ident(toks_[b])) c->source = std::string(toks_[b].text);
}

void Analyzer::resolve_choices() {
  for (FileFacts::OptionChoices& c : out_.option_choices) {
    if (c.source.empty()) continue;
    const std::string name = std::move(c.source);
    c.source.clear();
    auto local = std::find_if(out_.module_string_lists.begin(), out_.module_string_lists.end(),
                              [&](const auto& l) { return l.first == name; });
    if (local != out_.module_string_lists.end()) {
      c.values = local->second;
    } else if (const Binding* head = resolve_head(name); head && head->is_import) {
      c.source = head->qualified;
    }
  }
}

}  // namespace ascendify::python::detail
