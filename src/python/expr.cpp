// Expression scanning for the Python analyzer: attribute chains resolved through imports,
// calls and their arguments, method calls, string literals in their contexts. Brackets are
// tracked on the explicit frames_ stack (capped), never by recursion.
#include <algorithm>

#include "core/text.hpp"
#include "python/analyzer_impl.hpp"
#include "python/lexer.hpp"

namespace ascendify::python::detail {
namespace {

constexpr size_t kMaxFrames = 256;
const Binding kLocal{};  // a comprehension or lambda variable shadowing an import
constexpr size_t kMaxStringFact = 200;

// Calls whose first argument (or args= / cmd=) is a command to run.
bool runs_command(std::string_view callee) {
  static constexpr std::string_view kRunners[] = {"subprocess.run",
                                                  "subprocess.call",
                                                  "subprocess.check_call",
                                                  "subprocess.check_output",
                                                  "subprocess.Popen",
                                                  "subprocess.getoutput",
                                                  "subprocess.getstatusoutput",
                                                  "os.system",
                                                  "os.popen"};
  for (std::string_view r : kRunners)
    if (callee == r) return true;
  return false;
}

}  // namespace

const Binding* Analyzer::resolve_import_head(std::string_view name) const {
  for (const Shadow& s : shadows_)
    if (s.name == name) return &kLocal;
  for (std::string_view s : outer_shadows_)
    if (s == name) return &kLocal;
  return scopes_.lookup(name);
}

uint32_t Analyzer::skip_nested(uint32_t open) {
  if (!depth_warned_) {
    depth_warned_ = true;
    diag(toks_[open].span.line, "python: expression nested too deeply; inner part skipped");
  }
  int depth = 0;
  uint32_t k = open;
  for (; k < re_; ++k) {
    if (is_opener(toks_[k])) {
      ++depth;
    } else if (is_closer(toks_[k]) && --depth == 0) {
      return k + 1;
    }
  }
  return k;
}

bool Analyzer::push_frame(Frame::Kind kind, uint32_t open, uint32_t primary_offset,
                          uint32_t* next) {
  if (frames_.size() >= kMaxFrames) {
    *next = skip_nested(open);
    return false;
  }
  Frame f;
  f.kind = kind;
  f.open = open;
  f.primary_offset = primary_offset;
  if (kind == Frame::kGroup) {
    const Frame& p = frames_.back();
    f.transparent = open == p.value_begin || (open > rb_ && kw(open - 1, "else"));
  }
  f.args_begin = static_cast<uint32_t>(arg_stack_.size());
  f.output = !frames_.empty() && frames_.back().output;
  frames_.push_back(f);
  while (comp_cursor_ < comp_.size() && comp_[comp_cursor_].first < open) ++comp_cursor_;
  while (comp_cursor_ < comp_.size() && comp_[comp_cursor_].first == open)
    shadows_.push_back(
        Shadow{static_cast<uint32_t>(frames_.size()), false, comp_[comp_cursor_++].second});
  begin_slot(frames_.back(), open + 1);
  *next = frames_.back().value_begin;
  return true;
}

void Analyzer::begin_slot(Frame& f, uint32_t s) {
  f.slot_begin = f.value_begin = f.key_begin = f.key_end = s;
  f.keyword = {};
  f.in_value = false;
  if (f.kind == Frame::kCall && s + 1 < re_ && toks_[s].kind == TokenKind::Name && op(s + 1, "=")) {
    f.keyword = toks_[s].text;
    f.value_begin = s + 2;
  }
}

void Analyzer::end_slot(Frame& f, uint32_t end) {
  if (f.kind == Frame::kCall) {
    if (f.fact >= 0 && end > f.value_begin) {
      Arg& a = arg_stack_.emplace_back(classify(f.value_begin, end));
      a.keyword.assign(f.keyword);
    }
    if (f.keyword.empty() && end > f.slot_begin) ++f.positional;
  }
  uint32_t d = static_cast<uint32_t>(frames_.size());
  while (!shadows_.empty() && shadows_.back().depth == d && shadows_.back().lambda)
    shadows_.pop_back();
}

void Analyzer::flush_args(const Frame& f) {
  const auto first = arg_stack_.begin() + f.args_begin;
  out_.facts[f.fact].args.assign(std::make_move_iterator(first),
                                 std::make_move_iterator(arg_stack_.end()));
  arg_stack_.erase(first, arg_stack_.end());
}

void Analyzer::close_frame(uint32_t close) {
  Frame& f = frames_.back();
  end_slot(f, close);
  if (f.kind == Frame::kCall && f.fact >= 0) flush_args(f);
  if (f.kind == Frame::kCall && f.fact >= 0 && !f.method) {
    const Fact& c = out_.facts[f.fact];
    bool set = c.name == "os.environ.setdefault" || c.name == "os.putenv";
    bool get = c.name == "os.environ.get" || c.name == "os.getenv" || c.name == "os.environ.pop";
    if ((set || get) && !c.args.empty() && c.args[0].kind == ValueKind::String) {
      Arg name = c.args[0];
      std::string value = set && c.args.size() > 1 ? c.args[1].value : std::string();
      env_fact(name, set ? Usage::Assign : Usage::Load, std::move(value));
    } else if (runs_command(c.name)) {
      for (const Arg& a : c.args)
        if (a.keyword.empty() || a.keyword == "args" || a.keyword == "cmd") {
          Arg command = a;  // new_fact may move the facts
          command_fact(command);
          break;
        }
    }
  } else if (f.kind == Frame::kSubscript && f.env_object && close == f.value_begin + 1 &&
             toks_[f.value_begin].kind == TokenKind::String) {
    Arg name = classify(f.value_begin, close);
    bool assign = region_->mode == Region::kAssignTarget && frames_.size() == 2 && close + 1 == re_;
    std::string value = assign && region_->value ? value_of(*region_->value).value : std::string();
    env_fact(name, assign ? Usage::Assign : Usage::Load, std::move(value));
  }
  uint32_t d = static_cast<uint32_t>(frames_.size());
  while (!shadows_.empty() && shadows_.back().depth >= d) shadows_.pop_back();
  primary_ = frames_.back().primary_offset;
  frames_.pop_back();
}

void Analyzer::prepass(uint32_t b, uint32_t e) {
  comp_.clear();
  comp_cursor_ = 0;
  open_stack_.clear();
  // A comprehension `for` inside a bracket of [b, e) was lexed inside brackets.
  auto it = std::lower_bound(bracket_fors_->begin(), bracket_fors_->end(), b);
  if (it == bracket_fors_->end() || *it >= e) return;
  for (uint32_t k = b; k < e; ++k) {
    const Token& t = toks_[k];
    if (is_opener(t)) {
      open_stack_.push_back(k);
    } else if (is_closer(t)) {
      if (!open_stack_.empty()) open_stack_.pop_back();
    } else if (!open_stack_.empty() && t.kind == TokenKind::Name && t.text == "for") {
      int depth = 0;
      for (uint32_t m = k + 1; m < e; ++m) {
        const Token& u = toks_[m];
        if (is_opener(u)) {
          ++depth;
        } else if (is_closer(u)) {
          if (depth-- == 0) break;
        } else if (depth == 0 && u.kind == TokenKind::Name && u.text == "in") {
          break;
        } else if (u.kind == TokenKind::Name && !u.keyword && !op(m - 1, ".")) {
          comp_.emplace_back(open_stack_.back(), u.text);
        }
      }
    }
  }
  if (comp_.size() > 1)
    std::stable_sort(comp_.begin(), comp_.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
}

uint32_t Analyzer::on_lambda(uint32_t i) {
  uint32_t d = static_cast<uint32_t>(frames_.size());
  int depth = 0;
  uint32_t k = i + 1;
  for (; k < re_; ++k) {
    const Token& t = toks_[k];
    if (is_opener(t)) {
      ++depth;
    } else if (is_closer(t)) {
      if (depth == 0) return k;
      --depth;
    } else if (depth == 0 && t.kind == TokenKind::Op && t.text == ":") {
      return k + 1;
    } else if (depth == 0 && t.kind == TokenKind::Name && !t.keyword &&
               (k == i + 1 || op(k - 1, ",") || op(k - 1, "*") || op(k - 1, "**"))) {
      shadows_.push_back(Shadow{d, true, t.text});
    }
  }
  return k;
}

std::string Analyzer::callee_of(const Frame& f) const {
  if (f.method) {
    std::string r;
    r.reserve(f.callee.size() + 1);
    r += '.';
    r += f.callee;
    return r;
  }
  if (f.fact >= 0) return out_.facts[f.fact].name;
  return std::string(f.callee);
}

uint32_t Analyzer::on_chain(uint32_t i, uint32_t j) {
  const Token& head = toks_[i];
  const Binding* bnd = resolve_head(head.text);
  bool call = j < re_ && op(j, "(");
  bool sub = j < re_ && op(j, "[");
  primary_ = head.span.offset;
  int32_t idx = -1;
  bool method = false;
  if (bnd && bnd->is_import) {
    size_t len = bnd->qualified.size();
    for (uint32_t k = i + 2; k < j; k += 2) len += 1 + toks_[k].text.size();
    std::string qn;
    qn.reserve(len);  // one allocation for the whole resolved name
    qn += bnd->qualified;
    for (uint32_t k = i + 2; k < j; k += 2) (qn += '.') += toks_[k].text;
    Usage u = call ? Usage::Call : Usage::Load;
    bool top = frames_.size() == 1;
    bool alone = j == re_ || op(j, ",");
    if (top && i == rb_ && region_->mode == Region::kDecorator) u = Usage::Decorator;
    if (top && i == rb_ && region_->mode == Region::kWith) u = Usage::With;
    if (top && alone && region_->mode == Region::kAssignTarget) u = Usage::Assign;
    if (top && alone && region_->mode == Region::kClassBases && i == frames_[0].value_begin)
      u = Usage::ClassBase;
    if (u == Usage::Assign && j == i + 1) {
      // `tl = MagicMock()` in an `except ImportError` fallback: rebinding an imported name is
      // not a use of what it was bound to.
    } else {
      idx = emit_reference(std::move(qn), u, span(i, j));
      if (u == Usage::Load && !sub) out_.facts[idx].ctx = reference_context(i, j);
      if (u == Usage::Assign && region_->value)
        out_.facts[idx].args.push_back(value_of(*region_->value));
      if (call) note_call(out_.facts[idx].name);
    }
  } else if (call && j > i + 1) {
    note_own_name(i, j, call);
    // A method call on a receiver that is not an import: `model.layer.cuda()`.
    Fact& f = new_fact(FactKind::MethodCall, toks_[j - 1].span);
    f.name = std::string(toks_[j - 1].text);
    f.usage = Usage::Call;
    f.receiver = clip_utf8(src(i, j - 2), 120);
    idx = static_cast<int32_t>(out_.facts.size() - 1);
    method = true;
    note_call(src(i, j));
  } else if (j > i + 1 && !(j == i + 3 && (head.text == "self" || head.text == "cls"))) {
    note_own_name(i, j, call);
    // An attribute read on a receiver that is not an import: `x.is_cuda`, `t.device.type`.
    // Only the last attribute of the chain; plain `self.x` reads are too common to keep.
    Fact& f = new_fact(FactKind::MethodCall, toks_[j - 1].span);
    f.name = std::string(toks_[j - 1].text);
    f.usage = Usage::Load;
    f.receiver = clip_utf8(src(i, j - 2), 120);
  } else if (!call) {
    note_own_name(i, j, call);
  } else {
    note_call(head.text);
    // A call of the project's own function by its bare name (assess/wrappers.cpp).
    // Not `bnd`: a non-import binding of the name is its own def; a parameter shadows it.
    if (j == i + 1 && (may_be_own(head.text) || head.text == "getattr" || head.text == "globals")) {
      const std::string_view n = head.text;
      if (module_defs_.count(n)) {
        if (!is_param(n)) idx = emit_reference(concat({"__local__.", n}), Usage::Call, span(i, j));
      } else if (auto rel = relative_names_.find(n); rel != relative_names_.end()) {
        if (!is_param(n))
          idx = emit_reference(concat({"__relative__.", rel->second}), Usage::Call, span(i, j));
      } else if (n == "getattr" || n == "globals") {
        dynamic_lookup(i, j);
      }
    }
  }
  uint32_t next = j;
  if (call) {
    if (push_frame(Frame::kCall, j, primary_, &next)) {
      Frame& f = frames_.back();
      f.fact = idx;
      f.method = method;
      if (method || idx < 0) f.callee = toks_[j - 1].text;
      note_output_call(f);
    }
  } else if (sub) {
    bool env = idx >= 0 && out_.facts[idx].name == "os.environ";
    if (push_frame(Frame::kSubscript, j, primary_, &next)) {
      frames_.back().object = src(i, j);
      frames_.back().env_object = env;
    }
  }
  return next;
}

StringContext Analyzer::reference_context(uint32_t i, uint32_t j) const {
  auto compare_op = [&](uint32_t k) {
    return op(k, "==") || op(k, "!=") || kw(k, "in") || kw(k, "is") || kw(k, "not");
  };
  if ((i > rb_ && compare_op(i - 1)) || (j < re_ && compare_op(j))) return StringContext::Compare;
  const Frame& f = frames_.back();
  if (f.kind != Frame::kList && f.kind != Frame::kGroup && f.kind != Frame::kBrace)
    return StringContext::Keyword;
  // A whole entry: from the start of its slot (or of a dict value) to a comma, colon or the
  // closing bracket. A group is a tuple only with a comma beside the entry.
  const bool starts = i == f.slot_begin || i == f.value_begin;
  const bool ends = j < re_ && (op(j, ",") || op(j, ":") || is_closer(toks_[j]));
  const bool comma = op(j, ",") || (i > rb_ && op(i - 1, ","));
  if (!starts || !ends || (f.kind == Frame::kGroup && !comma)) return StringContext::Keyword;
  if (f.open > rb_ && (kw(f.open - 1, "in"))) return StringContext::Compare;  // `in (a, b)`
  return StringContext::DictValue;
}

uint32_t Analyzer::on_string(uint32_t i) {
  uint32_t j = i;
  while (j < re_ && toks_[j].kind == TokenKind::String) {
    note_fstring(toks_[j]);
    ++j;
  }
  primary_ = toks_[i].span.offset;
  bool have = false;
  StringContext ctx = StringContext::Keyword;
  std::string_view detail;  // a view into the text, or into key_text
  std::string key_text, call;
  int32_t arg_index = -1;
  // Compare: an operand of ==, !=, in, not in, is, is not.
  if (i > rb_) {
    uint32_t opb = i - 1;
    if (op(i - 1, "==") || op(i - 1, "!=") || kw(i - 1, "in") || kw(i - 1, "is")) have = true;
    if (kw(i - 1, "not") && i - 1 > rb_ && kw(i - 2, "is")) have = true, opb = i - 2;
    if (kw(i - 1, "in") && i - 1 > rb_ && kw(i - 2, "not")) opb = i - 2;
    if (have) detail = operand_left(opb);
  }
  if (!have && j < re_) {
    uint32_t rs = 0;
    if (op(j, "==") || op(j, "!=") || kw(j, "in") || kw(j, "is")) rs = j + 1;
    if ((kw(j, "not") && kw(j + 1, "in")) || (kw(j, "is") && kw(j + 1, "not"))) rs = j + 2;
    if (rs) {
      have = true;
      detail = operand_right(rs);
    }
  }
  if (have) {
    ctx = StringContext::Compare;
  } else {
    const Frame& f = frames_.back();
    bool start_ok = i == f.value_begin || (i > rb_ && kw(i - 1, "else"));
    bool end_ok = j >= re_ || op(j, ",") || is_closer(toks_[j]) || kw(j, "if") || kw(j, "else");
    if (start_ok && end_ok) {
      size_t fi = frames_.size() - 1;
      while (fi > 0 && frames_[fi].transparent) --fi;
      const Frame& g = frames_[fi];
      have = true;
      switch (g.kind) {
        case Frame::kTop:
          if (region_->mode == Region::kAssignValue) {
            ctx = StringContext::AssignValue;
          } else if (region_->mode == Region::kReturn) {
            ctx = StringContext::Return;
          } else if (region_->mode == Region::kDefaultParam) {
            ctx = StringContext::DefaultParam;
          } else {
            have = false;
          }
          detail = region_->detail;
          break;
        case Frame::kCall:
          ctx = g.keyword.empty() ? StringContext::Positional : StringContext::Keyword;
          if (g.keyword.empty()) arg_index = g.positional;
          detail = g.keyword;
          call = callee_of(g);
          break;
        case Frame::kSubscript:
          ctx = StringContext::Subscript;
          detail = g.object;
          break;
        case Frame::kBrace:
          have = g.in_value;
          ctx = StringContext::DictValue;
          if (g.key_end == g.key_begin + 1 && toks_[g.key_begin].kind == TokenKind::String) {
            key_text = decode_string(toks_[g.key_begin]);
            detail = key_text;
          } else {
            detail = src(g.key_begin, g.key_end);
          }
          break;
        default:
          have = false;
      }
    }
  }
  if (!have) return j;
  std::string value = decode_string(toks_[i]);
  for (uint32_t k = i + 1; k < j && value.size() <= kMaxStringFact; ++k)
    value += decode_string(toks_[k]);
  if (value.size() > kMaxStringFact) return j;
  Fact& f = new_fact(FactKind::String, span(i, j));
  f.name = std::move(value);
  f.ctx = ctx;
  f.detail = clip_utf8(detail, 120);
  f.call = std::move(call);
  f.arg_index = arg_index;
  return j;
}

void Analyzer::scan_expr_once(uint32_t b, uint32_t e, const Region& r) {
  e = std::min(e, n_ - 1);
  if (b >= e) return;
  region_ = &r;
  rb_ = b;
  re_ = e;
  frames_.clear();
  shadows_.clear();
  prepass(b, e);
  Frame top;
  top.slot_begin = top.value_begin = b;
  top.primary_offset = primary_ = toks_[b].span.offset;
  frames_.push_back(top);
  uint32_t i = b;
  while (i < e) {
    const Token& t = toks_[i];
    if (t.kind == TokenKind::Name) {
      if (!t.keyword) {
        uint32_t j = i + 1;
        while (j + 1 < e && op(j, ".") && toks_[j + 1].kind == TokenKind::Name &&
               !toks_[j + 1].keyword)
          j += 2;
        i = on_chain(i, j);
      } else if (t.text == "lambda") {
        i = on_lambda(i);
      } else if (t.text == "for") {  // comprehension target: already shadowed by prepass
        int depth = 0;
        ++i;
        for (; i < e; ++i) {
          if (is_opener(toks_[i])) {
            ++depth;
          } else if (is_closer(toks_[i])) {
            if (depth-- == 0) break;
          } else if (depth == 0 && kw(i, "in")) {
            ++i;
            break;
          }
        }
      } else {
        ++i;
      }
      continue;
    }
    if (t.kind == TokenKind::String) {
      i = on_string(i);
      continue;
    }
    if (t.kind != TokenKind::Op || t.text.empty()) {
      ++i;
      continue;
    }
    char c = t.text.size() == 1 ? t.text[0] : '\0';
    if (c == '(' || c == '[' || c == '{') {
      const Token& p = toks_[i > b ? i - 1 : b];
      bool trailer = i > b && ((p.kind == TokenKind::Name && !p.keyword) ||
                               p.kind == TokenKind::String || is_closer(p));
      Frame::Kind kind;
      if (trailer && c != '{') {
        kind = c == '(' ? Frame::kCall : Frame::kSubscript;
      } else {
        primary_ = t.span.offset;
        kind = c == '(' ? Frame::kGroup : c == '[' ? Frame::kList : Frame::kBrace;
      }
      uint32_t object_from = primary_;
      uint32_t next = i + 1;
      if (push_frame(kind, i, primary_, &next) && kind == Frame::kSubscript &&
          t.span.offset >= object_from)
        frames_.back().object = text_.substr(object_from, t.span.offset - object_from);
      i = next;
    } else if (c == ')' || c == ']' || c == '}') {
      if (frames_.size() > 1) close_frame(i);
      ++i;
    } else if (c == ',') {
      Frame& f = frames_.back();
      end_slot(f, i);
      begin_slot(f, i + 1);
      i = std::max(f.value_begin, i + 1);
    } else if (c == ':') {
      Frame& f = frames_.back();
      if (f.kind == Frame::kBrace && !f.in_value) {
        f.in_value = true;
        f.key_begin = f.value_begin;
        f.key_end = i;
        f.value_begin = i + 1;
      }
      ++i;
    } else if (c == '.' && i + 1 < e && toks_[i + 1].kind == TokenKind::Name) {
      // Attribute of a call result, subscript, literal: `f(x).cuda()`, `x[0].to("cuda")`.
      uint32_t m = i + 1;
      if (m + 1 < e && op(m + 1, "(")) {
        Fact& f = new_fact(FactKind::MethodCall, toks_[m].span);
        f.name = std::string(toks_[m].text);
        f.usage = Usage::Call;
        if (t.span.offset >= primary_)
          f.receiver = clip_utf8(trim(text_.substr(primary_, t.span.offset - primary_)), 120);
        int32_t idx = static_cast<int32_t>(out_.facts.size() - 1);
        uint32_t next = m + 2;
        if (push_frame(Frame::kCall, m + 1, primary_, &next)) {
          frames_.back().fact = idx;
          frames_.back().method = true;
          frames_.back().callee = toks_[m].text;
          note_output_call(frames_.back());
        }
        i = next;
      } else {
        // The last attribute read of such a chain: `next(model.parameters()).is_cuda`.
        if (!(m + 1 < e && (op(m + 1, ".") || op(m + 1, "[")))) {
          Fact& f = new_fact(FactKind::MethodCall, toks_[m].span);
          f.name = std::string(toks_[m].text);
          f.usage = Usage::Load;
          if (t.span.offset >= primary_)
            f.receiver = clip_utf8(trim(text_.substr(primary_, t.span.offset - primary_)), 120);
        }
        i = m + 1;
      }
    } else {
      ++i;
    }
  }
  while (frames_.size() > 1) close_frame(e);
  end_slot(frames_.back(), e);
  frames_.clear();
  shadows_.clear();
  region_ = nullptr;
}

}  // namespace ascendify::python::detail
