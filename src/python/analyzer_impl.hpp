#pragma once
// Internal state of the Python analyzer (analyzer.cpp: driver and blocks; analyzer_stmt.cpp:
// statements; expr.cpp: expressions). Single pass over the tokens; nesting is kept on
// explicit heap stacks, never on the call stack.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/facts.hpp"
#include "core/string_hash.hpp"
#include "python/fstring_fields.hpp"
#include "python/lexer.hpp"
#include "python/scope.hpp"
#include "python/token.hpp"

namespace ascendify::python::detail {

// What an expression region is, for the literals and references at its top level.
struct Region {
  enum Mode : uint8_t {
    kNone,
    kAssignValue,  // right side of `=`: detail = target text
    kReturn,
    kDefaultParam,  // detail = parameter name
    kWith,          // a with-item: the leading chain has Usage::With
    kDecorator,     // after '@': the leading chain has Usage::Decorator
    kAssignTarget,  // a target of `=`: chains get Usage::Assign, args[0] = *value
    kClassBases,    // inside `class C(...)`: top-level chains get Usage::ClassBase
  };
  // The assigned value of a kAssignTarget region, classified only when a fact needs it (most
  // assignments bind plain names and never do).
  struct LazyValue {
    uint32_t b = 0, e = 0;  // value tokens
    bool done = false;
    Arg arg;
  };
  Region() = default;
  explicit Region(Mode m, std::string_view d = {}, LazyValue* v = nullptr)
      : mode(m), detail(d), value(v) {}
  Mode mode = kNone;
  std::string_view detail;
  LazyValue* value = nullptr;
};

// One open bracket (or the region itself, kTop) while scanning an expression.
struct Frame {
  enum Kind : uint8_t { kTop, kCall, kSubscript, kGroup, kList, kBrace };
  Kind kind = kTop;
  bool transparent = false;  // group at the start of a slot: literals inherit the context
  bool method = false;       // kCall: callee is ".callee"
  bool in_value = false;     // kBrace: after ':'
  bool env_object = false;   // kSubscript: object resolves to os.environ
  // Inside an output call's arguments (this frame's call or an enclosing one): Fact::output_only.
  bool output = false;
  int32_t fact = -1;         // kCall: fact receiving the arguments
  int32_t positional = 0;    // kCall: positional index of the current slot
  uint32_t args_begin = 0;   // kCall with fact: its first argument in Analyzer::arg_stack_
  uint32_t open = 0;         // the opening bracket's token
  uint32_t slot_begin = 0;   // first token of the current slot
  uint32_t value_begin = 0;  // first token of the slot's value (after `kw=` / `key:`)
  uint32_t key_begin = 0, key_end = 0;  // kBrace: key tokens of the current slot
  uint32_t primary_offset = 0;          // byte offset where the owning primary starts
  std::string_view callee;              // kCall without fact or method: bare name / method name
  std::string_view keyword;             // kCall: keyword of the current slot
  std::string_view object;              // kSubscript: object text
};

struct Block {
  enum Kind : uint8_t { kPlain, kDef, kClass, kTry, kExcept, kIf, kElse, kOther };
  Block() = default;
  explicit Block(Kind k) : kind(k) {}
  Kind kind = kPlain;
  bool inline_body = false;
  bool scope_pushed = false;
  bool guard = false;       // the body is guarded
  bool else_guard = false;  // kIf: its else branch is guarded (`if not X_AVAILABLE:`)
  bool in_except = false;   // inside an except body of the current scope (inherited)
  uint8_t phase = 0;        // 0, 1 forward, 2 backward (autograd-function kernels)
  uint32_t guard_cum = 0;   // number of guarded blocks up to and including this one
  bool beside_npu = false;  // the body is a branch beside an NPU branch (inherited)
  bool cuda_only = false;   // the body runs only where a CUDA check holds (inherited)
  bool flagged = false;     // the body runs only for one value of a flag (inherited)
  int32_t kernel = -1;      // kernel whose body this is (inherited)
  int32_t own_kernel = -1;  // kernel opened by this block (loc is computed at pop)
  uint32_t start_line = 0;
  uint32_t facts_begin = 0;  // kTry
  // kIf: the if/elif chain this branch belongs to: its first fact (the `if` condition's) and
  // whether a branch so far takes the NPU path (`if is_npu_available():`, `device == "npu"`).
  uint32_t chain_begin = 0;
  bool chain_npu = false;
  // kIf: a branch so far in the chain is taken by default (its condition is decided true by a
  // module constant): the later branches never run by default.
  bool chain_taken = false;
  std::string_view chain_taken_by;  // the constant that decided it
  int32_t flag_block = -1;          // FileFacts::flag_blocks entry of this body (last_line at pop)
  int32_t task_branch = -1;       // FileFacts::task_branches entry of this body (last_line at pop)
  std::string_view task_dest;     // kIf: the option the chain's branches test ("" when not)
  uint32_t task_chain = 0;        // kIf: the line of the chain's `if`
  int32_t main_block = -1;        // FileFacts::main_blocks entry of this body (last_line at pop)
  uint32_t off_params_begin = 0;  // kDef: its off-by-default parameters in Analyzer::off_params_
  uint32_t params_begin = 0;      // kDef: its parameters in Analyzer::params_in_scope_
  std::string_view negated_flag;  // kIf `if not FLAG:`: FLAG's FlagBlock::flag for the else
  bool has_negated_flag = false;
  bool negated_flag_param = false;
  // kIf of a lone `if` (no elif): its condition's tokens and facts, for an `else: raise`.
  uint32_t cond_b = 0, cond_e = 0, cond_facts_b = 0, cond_facts_e = 0;
  bool lone_if = false;
  struct TryRange {
    uint32_t begin = 0, end = 0;
    bool valid = false;
  } saved_try;  // kExcept: the try body it handles
};

class Analyzer {
 public:
  // `lx` (the lexer's output, ending in an EndMarker) must outlive the analyzer.
  Analyzer(std::string_view text, const LexSink& lx, FileFacts& out, std::string_view path);
  void run();

 private:
  // ---- tokens and text (analyzer.cpp)
  const Token& at(uint32_t k) const { return k < n_ ? toks_[k] : toks_[n_ - 1]; }
  bool op(uint32_t k, std::string_view s) const {
    const Token& t = at(k);
    return t.kind == TokenKind::Op && t.text == s;
  }
  bool body_starts_with_import(uint32_t colon) const;
  // ---- run-stoppers (analyzer_stoppers.cpp)
  // The body opened at `colon` starts with `raise`.
  bool body_starts_with_raise(uint32_t colon) const;
  // Marks Fact::stops_run on the facts [facts_b, facts_e) of the condition [b, e) whose check,
  // as it evaluates where CUDA is missing, raises: `when_false` for an assert or an
  // `if ...: else: raise`, else (`if not ...: raise`) when true.
  void mark_stoppers(uint32_t b, uint32_t e, uint32_t facts_b, uint32_t facts_e, bool when_false);
  // The condition [b, e) holds only on CUDA: a conjunct `X == "cuda"`, `"cuda" in X`,
  // `X.is_cuda` or `torch.cuda.is_available()`, not negated, and no `or`. Its body never runs
  // on an NPU: nothing there stops the run.
  bool cuda_only_test(uint32_t b, uint32_t e) const;
  bool mentions_npu(uint32_t b, uint32_t e) const;
  // [b, e) is `[not] FLAG` with FLAG maybe off by default (FileFacts::FlagBlock).
  bool flag_test(uint32_t b, uint32_t e, std::string_view* flag, bool* negated, bool* param) const;
  void open_flag_block(Block& b, uint32_t colon, std::string_view flag, bool param,
                       bool constant = false);
  // ---- module constants (analyzer_module.cpp)
  // A literal bound once at module level: its value, compared as Python would.
  struct ConstValue {
    enum Kind : uint8_t { kString, kNumber, kBool, kNone };
    Kind kind = kNone;
    std::string text;  // decoded string, number text, "True" / "False"
    bool truthy() const {
      if (kind == kString) return !text.empty();
      if (kind == kBool) return text == "True";
      if (kind == kNone) return false;
      for (char c : text) {
        if (c == 'e' || c == 'E' || c == 'j' || c == 'J') break;
        if (c >= '1' && c <= '9') return true;
      }
      return false;
    }
    // 1 equal, 0 different, -1 unknown (numbers written differently, a bool against a number).
    int equals(const ConstValue& o) const {
      if (kind == o.kind) {
        if (text == o.text) return 1;
        if (kind != kNumber) return 0;
        auto plain = [](const std::string& t) {  // a decimal integer: one way to write it
          return !t.empty() && t.find_first_not_of("0123456789") == std::string::npos &&
                 (t.size() == 1 || t[0] != '0');
        };
        return plain(text) && plain(o.text) ? 0 : -1;
      }
      if ((kind == kBool && o.kind == kNumber) || (kind == kNumber && o.kind == kBool)) return -1;
      return 0;
    }
  };
  // Fills module_defs_ and module_consts_ from the whole token stream (before run's pass).
  void prescan_module();
  ConstValue literal_value(uint32_t k) const;
  bool operand_value(uint32_t b, uint32_t e, ConstValue* v, std::string_view* name) const;
  // The condition [b, e) as module constants decide it: 1 true, 0 false, -1 not decided;
  // *name: the constant that decides it.
  int const_test(uint32_t b, uint32_t e, std::string_view* name) const;
  // The condition [b, e) as an `or` of tests of one argparse option against literals
  // (FileFacts::TaskBranch atoms); false when it is anything else. Sets *dest.
  void read_string_list(std::string_view name, uint32_t open);
  void read_choices(uint32_t b, uint32_t close, FileFacts::OptionChoices* c);
  // After the scan (imports bound): a `choices=NAME` becomes the values of a module-level list
  // of the file, or the qualified name its import binds; else it is dropped.
  void resolve_choices();
  bool task_atoms(uint32_t b, uint32_t e, std::string_view* dest,
                  std::vector<std::pair<char, std::string>>* atoms) const;
  // Records the branch of an if/elif/else chain on an option (FileFacts::task_branches).
  void open_task_branch(Block& b, uint32_t colon, std::string_view dest, uint32_t chain,
                        std::vector<std::pair<char, std::string>> atoms, bool is_else);
  bool has_compare_op(uint32_t b, uint32_t e) const;
  void read_option_default(uint32_t open);
  // [b, e) is `[not] NAME` or `NAME is [not] None` with NAME bound by an optional import
  // (optional_imports_); *negated: the test is true when the import failed.
  bool optional_import_test(uint32_t b, uint32_t e, bool* negated) const;
  bool kw(uint32_t k, std::string_view s) const {
    const Token& t = at(k);
    return t.kind == TokenKind::Name && t.text == s;
  }
  std::string_view src(uint32_t b, uint32_t e) const;  // text of tokens [b, e)
  Span span(uint32_t b, uint32_t e) const;             // span of tokens [b, e)
  void diag(uint32_t line, std::string message);

  // ---- blocks (analyzer.cpp)
  void push_block(Block b);
  void pop_block();
  uint32_t open_body(uint32_t colon, Block b);  // returns where statements resume
  bool guarded() const { return blocks_.back().guard_cum > 0; }
  Fact& new_fact(FactKind kind, Span sp);
  // Inside the arguments of print / a logging call (analyzer_output.cpp): Fact::output_only.
  // Kept per frame (Frame::output), set once a call frame's callee is known.
  bool in_output_call() const {
    return fstring_output_ || (!frames_.empty() && frames_.back().output);
  }
  void note_output_call(Frame& f) const;

  // ---- statements (analyzer_stmt.cpp)
  // The top-level `=` / annotation / augmented assignment split of a simple statement.
  struct Split {
    uint32_t eqs[8];
    uint32_t neq = 0;
    uint32_t ann = UINT32_MAX, aug = UINT32_MAX;  // UINT32_MAX: none
  };
  uint32_t statement(uint32_t i);
  // ';' at depth 0 or line end; fills *sp for [i, end) in the same pass.
  uint32_t stmt_end(uint32_t i, Split* sp) const;
  uint32_t line_end(uint32_t i) const;  // Newline / EndMarker
  uint32_t header_colon(uint32_t b, uint32_t e) const;
  uint32_t import_stmt(uint32_t i, uint32_t e);
  uint32_t from_stmt(uint32_t i, uint32_t e);
  uint32_t def_stmt(uint32_t i, uint32_t le);
  uint32_t class_stmt(uint32_t i, uint32_t le);
  uint32_t if_stmt(uint32_t i, uint32_t le, bool elif);
  uint32_t except_stmt(uint32_t i, uint32_t le);
  uint32_t for_stmt(uint32_t i, uint32_t le);
  uint32_t with_stmt(uint32_t i, uint32_t le);
  void decorator_stmt(uint32_t b, uint32_t e);
  void simple_stmt(uint32_t b, uint32_t e, const Split& sp);
  void bind_targets(uint32_t b, uint32_t e, bool weak);
  std::string chain_name(uint32_t b, uint32_t e) const;  // resolved dotted name of [b, e)

  // ---- expressions (expr.cpp; f-string fields: analyzer_fstring.cpp)
  // Scans [b, e), then the replacement fields of the f-strings met there.
  void scan_expr(uint32_t b, uint32_t e, const Region& r) {
    scan_expr_once(b, e, r);
    if (!fstrings_.empty()) scan_fstring_fields();
  }
  void scan_expr_once(uint32_t b, uint32_t e, const Region& r);
  // Queues an f-string literal whose fields hold code (analysed after the enclosing scan).
  void note_fstring(const Token& t) {
    if (has_fields(t)) queue_fstring(t);
  }
  void queue_fstring(const Token& t);
  void scan_fstring_fields();
  uint32_t on_chain(uint32_t i, uint32_t j);
  // A use of one of the module's own defs, or of a name a relative import binds, other than a
  // bare call (`partial(f)`, `{"a": Cls}`, `Cls.create()`, `@register`, `attn.flash(q)`): a
  // Reference "__local__.NAME" / "__relative__.LEVEL.MODULE.NAME..." for the program model
  // (assess/program_model.hpp). No rule matches those names.
  void note_own_name(uint32_t i, uint32_t j, bool call);
  // `getattr(MODULE, name)` with a computed name, `globals()`: a Reference "MODULE.__getattr__"
  // ("__local__.__getattr__"): any def of that module may be used.
  void dynamic_lookup(uint32_t i, uint32_t j);
  bool is_param(std::string_view name) const {
    return std::find(params_in_scope_.begin(), params_in_scope_.end(), name) !=
           params_in_scope_.end();
  }
  // Where a loaded reference [i, j) stands: Compare, DictValue (an entry of a display) or
  // Keyword (anything else); core/facts.hpp FactKind::Reference.
  StringContext reference_context(uint32_t i, uint32_t j) const;
  uint32_t on_string(uint32_t i);
  uint32_t on_lambda(uint32_t i);
  // Pushes a frame for the bracket at `open`; returns false (and sets *next past the bracket's
  // contents) when the nesting cap is reached.
  bool push_frame(Frame::Kind kind, uint32_t open, uint32_t primary_offset, uint32_t* next);
  void begin_slot(Frame& f, uint32_t s);
  void end_slot(Frame& f, uint32_t end);
  void close_frame(uint32_t close);
  void flush_args(const Frame& f);
  uint32_t skip_nested(uint32_t open);
  std::string callee_of(const Frame& f) const;
  void prepass(uint32_t b, uint32_t e);
  // The binding of a chain's head name; nullptr when it is not bound to an import (callers
  // only ask `is_import`). Most names never were: that answer is inlined.
  const Binding* resolve_head(std::string_view name) const {
    return scopes_.may_be_import(name) ? resolve_import_head(name) : nullptr;
  }
  const Binding* resolve_import_head(std::string_view name) const;
  Arg classify(uint32_t b, uint32_t e) const;
  const Arg& value_of(Region::LazyValue& v);  // as classified before the scan
  std::string_view operand_left(uint32_t op_begin) const;
  std::string_view operand_right(uint32_t start) const;
  int32_t emit_reference(std::string name, Usage u, Span sp);
  void note_call(std::string_view callee);
  void env_fact(const Arg& name, Usage u, std::string detail);
  // A program run by subprocess / os.system, from the call's command argument.
  void command_fact(const Arg& command);

  std::string_view text_;
  const Token* toks_;  // the lexer's tokens (a pointer, not the vector: one load less each)
  uint32_t n_ = 0;     // their number
  FileFacts& out_;
  std::string_view path_;
  uint32_t last_pair_ = UINT32_MAX;            // bodies without a later `](` skip the launch search
  const std::vector<uint32_t>* bracket_fors_;  // prepass is needed only around these
  ScopeStack scopes_;
  std::vector<Block> blocks_;
  Block::TryRange pending_try_;
  bool pending_else_guard_ = false;
  // After an if/elif body, for an elif or else that continues the chain (Block::chain_begin,
  // chain_npu: an else after an NPU branch is beside it).
  struct {
    uint32_t begin = 0;
    bool npu = false;
    bool valid = false;
    bool has_negated_flag = false;  // a lone `if not FLAG:` whose else runs with FLAG set
    std::string_view negated_flag;
    bool negated_flag_param = false;
    uint32_t cond_b = 0, cond_e = 0, cond_facts_b = 0, cond_facts_e = 0;
    bool lone_if = false;
    bool taken = false;  // Block::chain_taken
    std::string_view taken_by;
    std::string_view task_dest;  // Block::task_dest
    uint32_t task_chain = 0;
  } pending_chain_;
  // Calls of the project's own functions (read by the wrapper pass, assess/wrappers.cpp): the
  // module-level defs seen so far and the names relative imports bind ("1.attn.flash_attention"
  // for `from .attn import flash_attention`). A bare call of one becomes a Reference fact named
  // "__local__.NAME" or "__relative__.LEVEL.MODULE.NAME"; no rule matches those names.
  std::unordered_set<std::string_view> module_defs_;
  // A 256-bit filter over (length, first and last byte) of the names in module_defs_ and
  // relative_names_: most names of a file are neither, and are rejected without hashing.
  uint64_t own_filter_[4] = {0, 0, 0, 0};
  static uint32_t own_key(std::string_view s) {
    return (static_cast<uint32_t>(s.size()) * 31u + static_cast<unsigned char>(s.front()) * 7u +
            static_cast<unsigned char>(s.back())) &
           255u;
  }
  void note_own(std::string_view s) {
    if (!s.empty()) own_filter_[own_key(s) >> 6] |= uint64_t{1} << (own_key(s) & 63);
  }
  bool may_be_own(std::string_view s) const {
    return !s.empty() && ((own_filter_[own_key(s) >> 6] >> (own_key(s) & 63)) & 1);
  }
  std::unordered_map<std::string_view, ConstValue> module_consts_;
  // Defaults of the file's argparse options by dest ("task" -> "t2v-14B"): `args.task == ...`
  // decides a branch unless a launcher passes the option (FileFacts::FlagBlock::option).
  std::unordered_map<std::string, ConstValue, StringViewHash, std::equal_to<>> option_defaults_;
  // Parameters of the open defs (Block::params_begin): they shadow module constants.
  std::vector<std::string_view> params_in_scope_;
  std::unordered_map<std::string_view, std::string> relative_names_;
  // Names bound by imports under try / except ImportError (the probe of `if NAME is not None:`).
  std::vector<std::string> optional_imports_;
  // Parameters defaulting to False / None of the open defs (Block::off_params_begin).
  std::vector<std::string_view> off_params_;
  struct Decorator {
    std::string name;
    Span span;
  };
  std::vector<Decorator> decorators_;
  std::vector<std::string_view> params_;  // def_stmt's parameter names (reused)
  std::vector<uint8_t> target_kinds_;     // bind_targets' bracket stack (reused)
  uint32_t last_line_ = 0;
  bool depth_warned_ = false;
  static constexpr uint32_t kMaxScriptFacts = 16;
  uint32_t scripts_noted_ = 0;  // MainGuard "script" facts emitted

  // expression scanner state (scan_expr is not reentrant)
  const Region* region_ = nullptr;
  uint32_t rb_ = 0, re_ = 0;
  uint32_t primary_ = 0;  // byte offset where the current postfix expression starts
  std::vector<Frame> frames_;
  // Arguments of the open calls, innermost last; a call's are moved into its fact when it
  // closes, so each fact's args vector is allocated once, at its final size.
  std::vector<Arg> arg_stack_;
  struct Shadow {
    uint32_t depth;  // frames_.size() when added
    bool lambda;
    std::string_view name;
  };
  std::vector<Shadow> shadows_;
  std::vector<std::pair<uint32_t, std::string_view>> comp_;  // opener -> comprehension name
  std::vector<uint32_t> open_stack_;
  size_t comp_cursor_ = 0;

  // f-strings whose fields wait for analysis (analyzer_fstring.cpp): a copy of the token (it
  // may come from a field's own token list), its nesting level, and the comprehension and
  // lambda names shadowing imports where it stood.
  struct PendingFString {
    Token tok;
    uint32_t level = 0;
    bool output = false;  // queued inside an output call's arguments
    std::vector<std::string_view> shadows;
  };
  std::vector<PendingFString> fstrings_;
  uint32_t fstring_level_ = 0;                   // level of the fields being scanned
  bool fstring_output_ = false;                  // the f-string being scanned is output only
  std::vector<std::string_view> outer_shadows_;  // shadows of the f-string being scanned
  FieldLexer field_lexer_;
  std::vector<Token> fstring_toks_;  // the field being scanned
  std::vector<uint32_t> field_fors_;
};

bool is_keyword(std::string_view s);
// A Name token that is not a keyword.
inline bool is_ident(const Token& t) {
  return t.kind == TokenKind::Name && !t.keyword;
}

// Brackets are marked by the lexer (Token::role): no look at the text.
inline bool is_opener(const Token& t) {
  return t.role == kOpener;
}
inline bool is_closer(const Token& t) {
  return t.role == kCloser;
}
// Index of the bracket closing the one at `open`, or `limit`.
inline uint32_t match_close(const Token* t, uint32_t open, uint32_t limit) {
  int depth = 0;
  for (uint32_t k = open; k < limit; ++k) {
    if (is_opener(t[k])) {
      ++depth;
    } else if (is_closer(t[k]) && --depth == 0) {
      return k;
    }
  }
  return limit;
}
inline bool line_break(TokenKind k) {
  return k == TokenKind::Newline || k == TokenKind::EndMarker || k == TokenKind::Indent ||
         k == TokenKind::Dedent;
}

}  // namespace ascendify::python::detail
