#include "python/analyzer.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "python/analyzer_impl.hpp"
#include "python/lexer.hpp"

namespace ascendify::python {
namespace detail {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t';
}

// `# ascendify: ignore[rule-a, rule-b]` -> (line, "rule-a"), (line, "rule-b");
// `# ascendify: ignore` -> (line, "").
void read_suppression(const Token& t, FileFacts& out) {
  std::string_view s = t.text;
  size_t k = s.find("ascendify:");
  if (k == std::string_view::npos) return;
  k += 10;
  while (k < s.size() && is_space(s[k])) ++k;
  if (s.substr(k, 6) != "ignore") return;
  k += 6;
  while (k < s.size() && is_space(s[k])) ++k;
  if (k >= s.size() || s[k] != '[') {
    if (k < s.size() &&
        (s[k] == '-' || s[k] == '_' || std::isalnum(static_cast<unsigned char>(s[k]))))
      return;  // "ignored", "ignore-this": not a suppression
    out.suppressions.emplace_back(t.span.line, std::string());
    return;
  }
  size_t close = s.find(']', k);
  std::string_view list = s.substr(k + 1, close == std::string_view::npos ? s.npos : close - k - 1);
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    while (!item.empty() && is_space(item.front())) item.remove_prefix(1);
    while (!item.empty() && is_space(item.back())) item.remove_suffix(1);
    if (!item.empty()) out.suppressions.emplace_back(t.span.line, std::string(item));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

// `add_argument("--use-fp8", action="store_true")` / `default=False` -> "use_fp8".
void read_flag_option(const Fact& f, FileFacts& out) {
  if (f.kind != FactKind::MethodCall || f.usage != Usage::Call || f.name != "add_argument") return;
  std::string_view option, dest;
  bool off = false;
  for (const Arg& a : f.args) {
    if (a.keyword.empty() && a.kind == ValueKind::String && option.empty() &&
        a.value.starts_with("--") && a.value.size() > 2)
      option = std::string_view(a.value).substr(2);
    if (a.keyword == "dest" && a.kind == ValueKind::String) dest = a.value;
    if (a.keyword == "action" && a.kind == ValueKind::String && a.value == "store_true") off = true;
    if (a.keyword == "default" && a.kind == ValueKind::Bool && a.value == "False") off = true;
  }
  if (!off || (option.empty() && dest.empty())) return;
  std::string name(dest.empty() ? option : dest);
  std::replace(name.begin(), name.end(), '-', '_');
  out.flag_options.push_back(std::move(name));
}

}  // namespace

bool is_keyword(std::string_view s) {
  return is_keyword_text(s);
}

Analyzer::Analyzer(std::string_view text, const LexSink& lx, FileFacts& out, std::string_view path)
    : text_(text),
      toks_(lx.tokens.data()),
      n_(static_cast<uint32_t>(lx.tokens.size())),
      out_(out),
      path_(path),
      last_pair_(lx.last_pair),
      bracket_fors_(&lx.bracket_fors) {
  // The lexer always ends the stream with an EndMarker (n_ > 0).
  blocks_.push_back(Block{});
  frames_.reserve(32);
}

std::string_view Analyzer::src(uint32_t b, uint32_t e) const {
  if (b >= e || b >= n_) return {};
  uint32_t from = toks_[b].span.offset;
  uint32_t to = at(e - 1).span.end_offset;
  if (to <= from || to > text_.size()) return {};
  return text_.substr(from, to - from);
}

Span Analyzer::span(uint32_t b, uint32_t e) const {
  Span s = at(b).span;
  if (e > b + 1) {
    const Span& l = at(e - 1).span;
    s.end_line = l.end_line;
    s.end_col = l.end_col;
    s.end_offset = l.end_offset;
  }
  return s;
}

void Analyzer::diag(uint32_t line, std::string message) {
  out_.diagnostics.push_back(Diagnostic{std::string(path_), line, std::move(message)});
}

Fact& Analyzer::new_fact(FactKind kind, Span sp) {
  Fact& f = out_.facts.emplace_back();
  f.kind = kind;
  f.span = sp;
  f.scope = scopes_.name();
  f.guarded = guarded();
  f.beside_npu = blocks_.back().beside_npu;
  f.output_only = in_output_call();
  return f;
}

void Analyzer::push_block(Block b) {
  const Block& top = blocks_.back();
  b.guard_cum = top.guard_cum + (b.guard ? 1 : 0);
  b.beside_npu = b.beside_npu || top.beside_npu;
  b.cuda_only = b.cuda_only || top.cuda_only;
  if (b.kernel < 0) b.kernel = top.kernel;
  if (b.phase == 0 && b.kind != Block::kDef) b.phase = top.phase;
  if (b.kind == Block::kExcept) {
    b.in_except = true;
  } else if (b.kind != Block::kDef && b.kind != Block::kClass) {
    b.in_except = top.in_except;
  }
  blocks_.push_back(b);
}

void Analyzer::pop_block() {
  if (blocks_.size() <= 1) return;
  Block b = blocks_.back();
  blocks_.pop_back();
  if (b.scope_pushed) scopes_.pop();
  if (b.kind == Block::kDef) {
    off_params_.resize(std::min<size_t>(off_params_.size(), b.off_params_begin));
    params_in_scope_.resize(std::min<size_t>(params_in_scope_.size(), b.params_begin));
  }
  if (b.flag_block >= 0)
    out_.flag_blocks[static_cast<size_t>(b.flag_block)].last_line =
        std::max(last_line_, b.start_line);
  if (b.task_branch >= 0)
    out_.task_branches[static_cast<size_t>(b.task_branch)].last_line =
        std::max(last_line_, b.start_line);
  if (b.main_block >= 0)
    out_.main_blocks[static_cast<size_t>(b.main_block)].second = std::max(last_line_, b.start_line);
  if (b.own_kernel >= 0 && static_cast<size_t>(b.own_kernel) < out_.kernels.size()) {
    uint32_t end = std::max(last_line_, b.start_line);
    out_.kernels[b.own_kernel].loc = b.inline_body ? 1 : end - b.start_line;
  }
  pending_else_guard_ = false;
  pending_chain_.valid = false;
  switch (b.kind) {
    case Block::kTry:
      pending_try_ = {b.facts_begin, static_cast<uint32_t>(out_.facts.size()), true};
      break;
    case Block::kExcept:
      pending_try_ = b.saved_try;
      break;
    case Block::kIf:
      pending_try_.valid = false;
      pending_else_guard_ = b.else_guard;
      pending_chain_ = {b.chain_begin,    b.chain_npu,          true,        b.has_negated_flag,
                        b.negated_flag,   b.negated_flag_param, b.cond_b,    b.cond_e,
                        b.cond_facts_b,   b.cond_facts_e,       b.lone_if,   b.chain_taken,
                        b.chain_taken_by, b.task_dest,          b.task_chain};
      break;
    default:
      pending_try_.valid = false;
  }
}

uint32_t Analyzer::open_body(uint32_t colon, Block b) {
  b.start_line = at(colon).span.line;
  uint32_t k = colon + 1;
  if (colon < n_ && op(colon, ":")) {
    const Token& next = at(k);
    if (next.kind == TokenKind::Newline) {
      if (at(k + 1).kind == TokenKind::Indent) {
        push_block(b);
        return k + 2;
      }
    } else if (next.kind != TokenKind::EndMarker && next.kind != TokenKind::Dedent &&
               next.kind != TokenKind::Indent) {
      b.inline_body = true;
      push_block(b);
      return k;
    }
  }
  // No body: undo what the header prepared. Resume at the line end (never skip a
  // Newline / Indent / Dedent: the block structure depends on them).
  if (b.scope_pushed) scopes_.pop();
  if (b.kind == Block::kDef) {
    off_params_.resize(std::min<size_t>(off_params_.size(), b.off_params_begin));
    params_in_scope_.resize(std::min<size_t>(params_in_scope_.size(), b.params_begin));
  }
  if (b.flag_block >= 0) out_.flag_blocks.pop_back();  // opened last, by this header
  if (b.task_branch >= 0) out_.task_branches.pop_back();
  if (b.main_block >= 0) out_.main_blocks.pop_back();
  if (b.own_kernel >= 0) out_.kernels[b.own_kernel].loc = 0;
  return std::min(op(colon, ":") ? k : colon, n_ - 1);
}

void Analyzer::run() {
  prescan_module();
  uint32_t i = 0;
  while (i < n_) {
    const Token& t = toks_[i];
    switch (t.kind) {
      case TokenKind::EndMarker:
        i = n_;
        break;
      case TokenKind::Newline:
        while (blocks_.size() > 1 && blocks_.back().inline_body) pop_block();
        ++i;
        break;
      case TokenKind::Indent:  // unexpected indent: keep Indent/Dedent pairing
        push_block(Block{});
        ++i;
        break;
      case TokenKind::Dedent:
        while (blocks_.size() > 1 && blocks_.back().inline_body) pop_block();
        pop_block();
        ++i;
        break;
      default: {
        uint32_t next = statement(i);
        i = next > i ? next : i + 1;  // always progress
      }
    }
  }
  while (blocks_.size() > 1) pop_block();
  resolve_choices();
}

}  // namespace detail

namespace {

// Per-thread lexer buffers, reused from file to file so their pages stay mapped.
struct LexBuffers {
  LexSink sink;
  bool busy = false;
};

LexBuffers& thread_buffers() {
  thread_local LexBuffers shared;
  return shared;
}

class BufferLease {
 public:
  BufferLease() {
    LexBuffers& shared = thread_buffers();
    buf_ = shared.busy ? &own_ : &shared;  // a nested call (never expected) gets its own
    buf_->busy = true;
    buf_->sink.clear();
  }
  ~BufferLease() {
    constexpr size_t kKeepTokens = size_t{1} << 20;  // do not hold on to a huge file's buffer
    if (buf_->sink.tokens.capacity() > kKeepTokens) std::vector<Token>().swap(buf_->sink.tokens);
    if (buf_->sink.comments.capacity() > kKeepTokens)
      std::vector<Token>().swap(buf_->sink.comments);
    buf_->busy = false;
  }
  BufferLease(const BufferLease&) = delete;
  BufferLease& operator=(const BufferLease&) = delete;
  LexSink& operator*() { return buf_->sink; }

 private:
  LexBuffers own_;
  LexBuffers* buf_;
};

}  // namespace

void release_thread_buffers() {
  LexBuffers& b = thread_buffers();
  if (!b.busy) b.sink = LexSink();
}

void lex_only(std::string_view text) {
  BufferLease lease;
  lex_into(text, *lease);
}

FileFacts analyze(std::string_view text, std::string_view path) {
  FileFacts out;
  BufferLease lease;
  LexSink& lx = *lease;
  lex_into(text, lx);
  for (Diagnostic& d : lx.diagnostics) {
    d.path = std::string(path);
    out.diagnostics.push_back(std::move(d));
  }
  for (const Token& c : lx.comments) detail::read_suppression(c, out);
  // About one fact per 14 tokens on average, but denser in most files: growing the vector
  // moves every Fact (248 bytes) each time, so reserve for one per 6 tokens (exceeded by ~3 %
  // of files). The pipeline trims the slack after matching.
  out.facts.reserve(lx.tokens.size() / 6 + 4);
  detail::Analyzer(text, lx, out, path).run();
  // Most files declare no options. memmem, not string_view::find: find calls memchr for every
  // 'a' of the file (measured: 2 % of a scan's CPU).
  constexpr std::string_view kAddArgument = "add_argument";
  if (memmem(text.data(), text.size(), kAddArgument.data(), kAddArgument.size()) != nullptr)
    for (const Fact& f : out.facts) detail::read_flag_option(f, out);
  return out;
}

std::vector<Fact> inline_python_facts(std::string_view code, const Span& span) {
  std::vector<Fact> out;
  if (code.size() > 64 * 1024) return out;
  FileFacts ff = analyze(code, "-c");
  for (Fact& f : ff.facts) {
    if (f.kind != FactKind::Reference && f.kind != FactKind::MethodCall &&
        f.kind != FactKind::String && f.kind != FactKind::EnvVar && f.kind != FactKind::Command)
      continue;
    f.span = span;  // the code's own positions are not the file's: the whole word
    for (Arg& a : f.args) a.span = span;
    f.scope = std::string(kInlinePythonScope);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace ascendify::python
