// Fact construction helpers of the Python analyzer: argument classification, comparison
// operands, references (with kernel bookkeeping), env vars.
#include <algorithm>

#include "core/text.hpp"
#include "python/analyzer_impl.hpp"
#include "python/lexer.hpp"

namespace ascendify::python::detail {
namespace {

constexpr size_t kMaxText = 120;
constexpr size_t kMaxOperandTokens = 64;

bool contains(std::string_view s, std::string_view p) {
  return s.find(p) != s.npos;
}

// Tokens that end a comparison operand (at bracket depth 0).
bool operand_boundary(const Token& t) {
  if (t.kind == TokenKind::Name) {
    std::string_view s = t.text;
    return s == "and" || s == "or" || s == "not" || s == "if" || s == "else" || s == "in" ||
           s == "is" || s == "lambda" || s == "return" || s == "assert" || s == "yield" ||
           s == "for";
  }
  if (t.kind != TokenKind::Op) return false;
  std::string_view s = t.text;
  return s == "," || s == "=" || s == ":" || s == ":=" || s == "==" || s == "!=" || s == "<" ||
         s == ">" || s == "<=" || s == ">=" || s == ";" || s == "->";
}

constexpr size_t kMaxKernelEntries = 256;

void add_unique(std::vector<std::string>& v, std::string s) {
  if (v.size() >= kMaxKernelEntries) return;  // bounded: keeps the distinct check cheap
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(std::move(s));
}

}  // namespace

Arg Analyzer::classify(uint32_t b, uint32_t e) const {
  Arg a;
  e = std::min(e, n_ - 1);
  if (b >= e) return a;
  a.span = span(b, e);
  const Token& t0 = toks_[b];
  bool all_strings = true, fmt = false;
  for (uint32_t k = b; k < e && all_strings; ++k) {
    all_strings = toks_[k].kind == TokenKind::String;
    fmt = fmt || (toks_[k].string_flags & kFormat);
  }
  if (all_strings) {
    a.kind = fmt ? ValueKind::FString : ValueKind::String;
    a.value = decode_string(toks_[b]);  // moved, not appended: no second allocation
    for (uint32_t k = b + 1; k < e && a.value.size() <= 2 * kMaxText; ++k)
      a.value += decode_string(toks_[k]);
    if (a.value.size() > 2 * kMaxText) a.value = clip_utf8(a.value, 2 * kMaxText);
    return a;
  }
  if (e == b + 1 && t0.kind == TokenKind::Number) {
    a.kind = ValueKind::Number;
    a.value = std::string(t0.text);
    return a;
  }
  if (e == b + 2 && op(b, "-") && toks_[b + 1].kind == TokenKind::Number) {
    a.kind = ValueKind::Number;
    const std::string_view digits = toks_[b + 1].text;
    std::string v(digits.size() + 1, '-');     // built in place: GCC 12's -Wrestrict misfires on
    digits.copy(v.data() + 1, digits.size());  // "-" + std::string(...)
    a.value = std::move(v);
    return a;
  }
  if (e == b + 1 && t0.kind == TokenKind::Name && (t0.text == "True" || t0.text == "False")) {
    a.kind = ValueKind::Bool;
    a.value = std::string(t0.text);
    return a;
  }
  if (e == b + 1 && t0.kind == TokenKind::Name && t0.text == "None") {
    a.kind = ValueKind::Null;
    a.value = "None";
    return a;
  }
  bool chain = t0.kind == TokenKind::Name && !t0.keyword && (e - b) % 2 == 1;
  for (uint32_t k = b + 1; k < e && chain; k += 2)
    chain = op(k, ".") && toks_[k + 1].kind == TokenKind::Name && !toks_[k + 1].keyword;
  if (chain) {
    a.kind = ValueKind::Name;
    a.value = chain_name(b, e);
    return a;
  }
  a.kind = ValueKind::Other;
  a.value = clip_utf8(src(b, e), kMaxText);
  return a;
}

const Arg& Analyzer::value_of(Region::LazyValue& v) {
  if (!v.done) {
    // Classified as before the scan started: no lambda / comprehension name shadows yet.
    std::vector<Shadow> active;
    active.swap(shadows_);
    v.arg = classify(v.b, v.e);
    active.swap(shadows_);
    v.done = true;
  }
  return v.arg;
}

std::string_view Analyzer::operand_left(uint32_t op_begin) const {
  uint32_t k = op_begin;
  int depth = 0;
  for (size_t steps = 0; k > rb_ && steps < kMaxOperandTokens; ++steps) {
    const Token& t = toks_[k - 1];
    if (is_closer(t)) {
      ++depth;
    } else if (is_opener(t)) {
      if (depth == 0) break;
      --depth;
    } else if (depth == 0 && operand_boundary(t)) {
      break;
    }
    --k;
  }
  return src(k, op_begin);
}

std::string_view Analyzer::operand_right(uint32_t start) const {
  uint32_t k = start;
  int depth = 0;
  for (size_t steps = 0; k < re_ && steps < kMaxOperandTokens; ++steps) {
    const Token& t = toks_[k];
    if (is_opener(t)) {
      ++depth;
    } else if (is_closer(t)) {
      if (depth == 0) break;
      --depth;
    } else if (depth == 0 && operand_boundary(t)) {
      break;
    }
    ++k;
  }
  return src(start, k);
}

int32_t Analyzer::emit_reference(std::string name, Usage u, Span sp) {
  int32_t kernel = blocks_.back().kernel;
  if (kernel >= 0 && out_.kernels[kernel].kind == KernelKind::Triton) {
    KernelFact& kf = out_.kernels[kernel];
    std::string_view n = name;
    constexpr std::string_view kTl = "triton.language.";
    if (n.substr(0, kTl.size()) == kTl && n != "triton.language.constexpr")
      add_unique(kf.calls, "tl." + std::string(n.substr(kTl.size())));
    if (contains(n, "libdevice") || n.substr(0, 22) == "triton.language.extra.")
      add_unique(kf.features, "libdevice");
    if (contains(n, "inline_asm_elementwise")) add_unique(kf.features, "inline-asm");
    if (contains(n, "tensor_descriptor") || contains(n, "experimental_descriptor") ||
        contains(n, "tensormap") || contains(n, "TensorDescriptor") || contains(n, "tma"))
      add_unique(kf.features, "tma");
  }
  Fact& f = new_fact(FactKind::Reference, sp);
  f.name = std::move(name);
  f.usage = u;
  return static_cast<int32_t>(out_.facts.size() - 1);
}

void Analyzer::note_own_name(uint32_t i, uint32_t j, bool call) {
  const Token& head = toks_[i];
  if (head.kind != TokenKind::Name || head.keyword || (call && j == i + 1)) return;
  // Called for most names of a file: the cheap rejections first.
  const std::string_view n = head.text;
  if (!may_be_own(n)) return;
  const bool local = module_defs_.count(n) != 0;
  const auto rel = local ? relative_names_.end() : relative_names_.find(n);
  if ((!local && rel == relative_names_.end()) || is_param(n)) return;
  const bool top = frames_.size() == 1 && i == rb_;
  if (top && region_->mode == Region::kAssignTarget) return;  // a rebinding, no use
  // `class B(A):` with A a def of the file: a base (the program model makes A used where B
  // is, not wherever the file's module code runs).
  const bool base = frames_.size() == 1 && region_->mode == Region::kClassBases &&
                    i == frames_[0].value_begin && (j == re_ || op(j, ","));
  const Usage u = top && region_->mode == Region::kDecorator ? Usage::Decorator
                  : base                                     ? Usage::ClassBase
                                                             : Usage::Load;
  if (local) {
    if (call && u == Usage::Load) {  // `Fn.apply(x)`, `Cls.create()`: the whole chain, a call
      std::string name = concat({"__local__.", n});
      for (uint32_t k = i + 2; k < j; k += 2) (name += '.') += toks_[k].text;
      emit_reference(std::move(name), Usage::Call, span(i, j));
    } else {
      emit_reference(concat({"__local__.", n}), u, head.span);
    }
  } else {
    // `from . import attention` ... `attention.flash_attention(q, k, v)`: the whole chain.
    std::string name = concat({"__relative__.", rel->second});
    for (uint32_t k = i + 2; k < j; k += 2) (name += '.') += toks_[k].text;
    emit_reference(std::move(name), call && u == Usage::Load ? Usage::Call : u, span(i, j));
  }
}

void Analyzer::dynamic_lookup(uint32_t i, uint32_t j) {
  if (toks_[i].text == "globals") {
    if (op(j + 1, ")")) emit_reference("__local__.__getattr__", Usage::Load, toks_[i].span);
    return;
  }
  // getattr(MODULE, name) with a name that is not a literal: any def of MODULE may be used.
  const uint32_t a = j + 1;
  if (!is_ident(at(a)) || !op(a + 1, ",") || at(a + 2).kind == TokenKind::String) return;
  if (module_defs_.count(toks_[a].text)) return;
  const Binding* b = resolve_head(toks_[a].text);
  if (b && b->is_import) {
    emit_reference(concat({b->qualified, ".__getattr__"}), Usage::Load, toks_[a].span);
  } else if (auto rel = relative_names_.find(toks_[a].text); rel != relative_names_.end()) {
    emit_reference(concat({"__relative__.", rel->second, ".__getattr__"}), Usage::Load,
                   toks_[a].span);
  }
}

void Analyzer::note_call(std::string_view callee) {
  const Block& b = blocks_.back();
  if (b.kernel < 0 || b.phase == 0 || callee.empty()) return;
  KernelFact& kf = out_.kernels[b.kernel];
  if (kf.kind != KernelKind::AutogradFunction) return;
  std::string_view head = callee.substr(0, callee.find('.'));
  if (head == "ctx" || head == "self" || head == "super") return;
  add_unique(kf.calls, (b.phase == 1 ? "forward:" : "backward:") + std::string(callee));
}

namespace {

// The program a command argument runs: the first word of a command line ("nvidia-smi -L"),
// or the first item of a literal list or tuple (["nvidia-smi", "-L"]), without its folder.
// Empty when it is not written out (a variable, an f-string's field, a `$VAR`).
std::pair<std::string, std::string> program_of(const Arg& a) {
  std::string_view word, rest;
  const std::string_view v = a.value;
  if (a.kind == ValueKind::String || a.kind == ValueKind::FString) {
    const size_t b = v.find_first_not_of(" \t\n");
    if (b == std::string_view::npos) return {};
    const size_t e = std::min(v.find_first_of(" \t\n", b), v.size());
    word = v.substr(b, e - b);
    rest = trim(v.substr(e));
  } else if (a.kind == ValueKind::Other && !v.empty() && (v[0] == '[' || v[0] == '(')) {
    const size_t q = v.find_first_not_of(" \t\r\n", 1);
    if (q == std::string_view::npos || (v[q] != '"' && v[q] != '\'')) return {};
    const size_t end = v.find(v[q], q + 1);
    if (end == std::string_view::npos) return {};
    word = v.substr(q + 1, end - q - 1);
    if (word.find('\\') != std::string_view::npos) return {};
  } else {
    return {};
  }
  word = word.substr(word.rfind('/') == std::string_view::npos ? 0 : word.rfind('/') + 1);
  if (word.empty() || word.find_first_of("${}\"'`") != std::string_view::npos) return {};
  return {std::string(word), std::string(rest)};
}

}  // namespace

void Analyzer::command_fact(const Arg& command) {
  auto [program, rest] = program_of(command);
  if (program.empty()) return;
  Fact& f = new_fact(FactKind::Command, command.span);
  f.name = std::move(program);
  f.detail = clip_utf8(rest, 120);
  f.usage = Usage::Call;
}

void Analyzer::env_fact(const Arg& name, Usage u, std::string detail) {
  Fact& f = new_fact(FactKind::EnvVar, name.span);
  f.name = name.value;
  f.usage = u;
  f.detail = std::move(detail);
}

}  // namespace ascendify::python::detail
