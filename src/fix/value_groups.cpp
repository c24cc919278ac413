#include "fix/value_groups.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <string_view>

#include "python/lexer.hpp"

namespace ascendify::fix::detail {

namespace {

using python::Token;
using python::TokenKind;

bool ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool ident_char(char c) {
  return ident_start(c) || (c >= '0' && c <= '9');
}

// "a", "self.device", "args.device": a dotted name and nothing else.
bool dotted_name(std::string_view s) {
  if (s.empty()) return false;
  bool start = true;
  for (char c : s) {
    if (c == '.') {
      if (start) return false;
      start = true;
    } else if (start ? ident_start(c) : ident_char(c)) {
      start = false;
    } else {
      return false;
    }
  }
  return !start;
}

std::string without_spaces(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\\') out += c;
  return out;
}

std::string_view last_component(std::string_view s) {
  const size_t dot = s.rfind('.');
  return dot == std::string_view::npos ? s : s.substr(dot + 1);
}

// `get_device()`, `self.pick_device(args)`: the value a project function returns, keyed by the
// function's simple name ("()get_device"); "" when `s` is not one whole call of a dotted name.
std::string call_carrier(std::string_view s) {
  const size_t open = s.find('(');
  if (open == std::string_view::npos || open == 0 || s.back() != ')') return {};
  const std::string_view callee = s.substr(0, open);
  if (!dotted_name(callee)) return {};
  int depth = 0;
  for (size_t k = open; k < s.size(); ++k) {
    if (s[k] == '(') ++depth;
    if (s[k] == ')' && --depth == 0 && k + 1 != s.size()) return {};  // `f(a)(b)`, `f(a).x`
  }
  const std::string_view name = last_component(callee);
  if (name == "str" || name == "repr" || name == "format" || name == "device") return {};
  return "()" + std::string(name);
}

class UnionFind {
 public:
  uint32_t id(const std::string& name) {
    auto [it, added] = ids_.emplace(name, static_cast<uint32_t>(parent_.size()));
    if (added) {
      parent_.push_back(it->second);
      names_.push_back(name);
    }
    return it->second;
  }
  uint32_t find(uint32_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void unite(uint32_t a, uint32_t b) {
    a = find(a), b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }
  // Joins the sets of two names, numbering a new `b` before a new `a`. Carriers are listed in
  // number order, so the order must not be left to the evaluation order of `unite(id(a),
  // id(b))`'s arguments (right to left with gcc on x86-64, left to right on aarch64).
  void unite(const std::string& a, const std::string& b) {
    const uint32_t ib = id(b);
    unite(id(a), ib);
  }
  const std::string& name(uint32_t x) const { return names_[x]; }
  size_t size() const { return parent_.size(); }

 private:
  std::map<std::string, uint32_t> ids_;
  std::vector<uint32_t> parent_;
  std::vector<std::string> names_;
};

// The token stream with statement boundaries and the argparse dests of the file.
class Statements {
 public:
  explicit Statements(const std::vector<Token>& toks) : toks_(toks) {
    for (size_t i = 0; i + 2 < toks.size(); ++i)
      if (toks[i].kind == TokenKind::Name && toks[i].text == "add_argument" &&
          toks[i + 1].role == python::kOpener && toks[i + 1].text == "(")
        dest_of_call_[static_cast<uint32_t>(i + 1)] = argparse_dest(i + 1);
  }

  // Index of the token starting at `offset`, or SIZE_MAX.
  size_t at(uint32_t offset) const {
    auto it = std::lower_bound(toks_.begin(), toks_.end(), offset,
                               [](const Token& t, uint32_t o) { return t.span.offset < o; });
    if (it == toks_.end() || it->span.offset != offset) return SIZE_MAX;
    return static_cast<size_t>(it - toks_.begin());
  }

  // First token of the statement holding token i.
  size_t statement_start(size_t i) const {
    while (i > 0) {
      const Token& p = toks_[i - 1];
      if (p.role == python::kLineBreak || p.role == python::kSemicolon) break;
      --i;
    }
    return i;
  }

  // The target of the statement starting at s when it is `T = ...` (or `T: ann = ...`) with a
  // dotted name T and the `=` before token `before`; else "".
  std::string assigned_name(size_t s, size_t before, size_t* eq_out = nullptr) const {
    int depth = 0;
    size_t colon = SIZE_MAX;
    for (size_t k = s; k < before && k < toks_.size(); ++k) {
      const Token& t = toks_[k];
      if (t.role == python::kOpener) ++depth;
      if (t.role == python::kCloser) --depth;
      if (depth != 0) continue;
      if (t.role == python::kColon && colon == SIZE_MAX) colon = k;
      if (t.role == python::kAssign) {
        const size_t end = colon == SIZE_MAX ? k : colon;
        std::string name;
        for (size_t m = s; m < end; ++m) name += toks_[m].text;
        if (eq_out) *eq_out = k;
        return dotted_name(name) ? name : std::string();
      }
      if (t.role == python::kLineBreak || t.role == python::kSemicolon) break;
    }
    return {};
  }

  // The whole value of the assignment whose `=` is token eq, when it is a dotted name or the
  // call of one (as call_carrier keys it).
  std::string value_name(size_t eq) const {
    std::string name;
    for (size_t k = eq + 1; k < toks_.size() && name.size() < 400; ++k) {
      const Token& t = toks_[k];
      if (t.role == python::kLineBreak || t.role == python::kSemicolon) break;
      if (t.kind == TokenKind::Comment) continue;
      name += t.text;
    }
    if (dotted_name(name)) return name;
    // `device = torch.device(args.device)`: a device object of that string; its `.type` is the
    // string's device (under transfer_to_npu too: a device built from "cuda" stays CUDA).
    constexpr std::string_view kDevice = "torch.device(";
    if (name.starts_with(kDevice) && name.ends_with(")")) {
      const std::string inner = name.substr(kDevice.size(), name.size() - kDevice.size() - 1);
      if (dotted_name(inner)) return inner;
    }
    return call_carrier(name);
  }

  // The dest of the add_argument call whose '(' encloses token i, or "".
  std::string dest_around(size_t i) const {
    int depth = 0;
    for (size_t k = i; k-- > 0;) {
      const Token& t = toks_[k];
      if (t.role == python::kLineBreak) return {};
      if (t.role == python::kCloser) ++depth;
      if (t.role == python::kOpener) {
        if (depth == 0) {
          auto it = dest_of_call_.find(static_cast<uint32_t>(k));
          return it == dest_of_call_.end() ? std::string() : it->second;
        }
        --depth;
      }
    }
    return {};
  }

  std::vector<std::string> dests() const {
    std::vector<std::string> out;
    for (const auto& [k, d] : dest_of_call_)
      if (!d.empty()) out.push_back(d);
    return out;
  }

  // Every `T = U` statement with dotted names T and U.
  std::vector<std::pair<std::string, std::string>> aliases() const {
    std::vector<std::pair<std::string, std::string>> out;
    size_t s = 0;
    for (size_t k = 0; k <= toks_.size(); ++k) {
      const bool end = k == toks_.size() || toks_[k].role == python::kLineBreak ||
                       toks_[k].role == python::kSemicolon;
      if (!end) continue;
      if (k > s) {
        size_t eq = SIZE_MAX;
        std::string t = assigned_name(s, k, &eq);
        if (!t.empty() && eq != SIZE_MAX) {
          std::string u = value_name(eq);
          if (!u.empty() && u != "None" && u != "True" && u != "False") out.emplace_back(t, u);
        }
      }
      s = k + 1;
    }
    return out;
  }

 private:
  // `add_argument("--device", ...)` -> "device"; `dest="dev"` wins.
  std::string argparse_dest(size_t open) const {
    int depth = 0;
    std::string first, dest;
    for (size_t k = open; k < toks_.size(); ++k) {
      const Token& t = toks_[k];
      if (t.role == python::kOpener) ++depth;
      if (t.role == python::kCloser && --depth == 0) break;
      if (t.role == python::kLineBreak) break;
      if (depth != 1 || t.kind != TokenKind::String) continue;
      const std::string_view body =
          t.text.size() > 2u * t.quote_len + t.prefix_len
              ? t.text.substr(t.prefix_len + t.quote_len,
                              t.text.size() - t.prefix_len - 2u * t.quote_len)
              : std::string_view();
      if (k >= 2 && toks_[k - 1].role == python::kAssign && toks_[k - 2].text == "dest")
        dest = std::string(body);
      else if (first.empty() && body.starts_with("--"))
        first = std::string(body.substr(2));
    }
    if (dest.empty()) dest = first;
    std::replace(dest.begin(), dest.end(), '-', '_');
    return dotted_name(dest) ? dest : std::string();
  }

  const std::vector<Token>& toks_;
  std::map<uint32_t, std::string> dest_of_call_;  // index of add_argument's '(' -> dest
};

}  // namespace

bool ValueGroup::has_defs() const {
  return std::any_of(literals.begin(), literals.end(), [](const Literal& l) { return l.def; });
}

bool ValueGroup::has_compares() const {
  return std::any_of(literals.begin(), literals.end(), [](const Literal& l) { return !l.def; });
}

bool is_cuda_value(std::string_view v) {
  return v == "cuda" || v.starts_with("cuda:");
}

ValueGroups device_value_groups(const std::vector<Fact>& facts, const std::vector<Token>& toks) {
  ValueGroups out;
  const Statements st(toks);
  std::set<std::string> dests;
  for (auto& d : st.dests()) dests.insert(std::move(d));
  // `args.device` / `opt.device` with an argparse option --device: one value, the option's.
  auto carrier = [&](const std::string& name) -> std::string {
    if (!dotted_name(name)) return {};
    const size_t dot = name.rfind('.');
    if (dot != std::string::npos && name.compare(0, dot, "self") != 0) {
      const std::string last(last_component(name));
      if (dests.count(last)) return "@" + last;
    }
    return name;
  };

  UnionFind uf;
  struct Literal {
    uint32_t offset, line;
    bool def;
    uint32_t node;
    bool param = false;
  };
  std::vector<Literal> literals;
  std::set<std::string> defined;  // carriers given a "cuda" literal in this file
  // `T = torch.device("cuda" if ... else "cpu")`: the literal defines T, a device object whose
  // `.type` is the literal's value (transfer_to_npu leaves device objects as they are).
  auto device_object = [&](const Fact& f) -> std::string {
    if (f.call != "torch.device") return {};
    const size_t i = st.at(f.span.offset);
    if (i == SIZE_MAX) return {};
    return carrier(st.assigned_name(st.statement_start(i), i));
  };
  std::vector<const Fact*> compares;
  for (const Fact& f : facts) {
    if (f.kind != FactKind::String || !is_cuda_value(f.name)) continue;
    std::string c;
    switch (f.ctx) {
      case StringContext::AssignValue:
      case StringContext::DefaultParam:
        c = carrier(f.detail);
        if (c.empty() && f.detail.find(',') != std::string::npos) {
          // `device, dtype = "cuda", torch.float16`: the names of the target, one value.
          std::string_view rest = f.detail;
          while (!rest.empty()) {
            const size_t comma = rest.find(',');
            const std::string name = carrier(without_spaces(rest.substr(0, comma)));
            if (!name.empty()) {
              if (c.empty()) c = name;
              uf.unite(c, name);
            }
            if (comma == std::string_view::npos) break;
            rest = rest.substr(comma + 1);
          }
        }
        break;
      case StringContext::Return:
        if (!f.scope.empty()) c = "()" + std::string(last_component(f.scope));
        break;
      case StringContext::Keyword:
        if (f.detail == "default" && f.call.ends_with("add_argument")) {
          const size_t i = st.at(f.span.offset);
          if (i != SIZE_MAX) {
            const std::string d = st.dest_around(i);
            if (!d.empty()) c = "@" + d;
          }
          break;
        }
        [[fallthrough]];
      case StringContext::Positional:
        c = device_object(f);
        break;
      case StringContext::Compare:
        compares.push_back(&f);
        break;
      default:
        break;
    }
    if (c.empty() && (f.ctx == StringContext::Positional || f.ctx == StringContext::Keyword ||
                      f.ctx == StringContext::DictValue)) {
      // A literal in a value position of a statement `T = ...` is part of T's value:
      // `device = os.environ.get("DEVICE", "cuda")`, `cfg = {"device": "cuda"}`.
      const size_t i = st.at(f.span.offset);
      if (i != SIZE_MAX) c = carrier(st.assigned_name(st.statement_start(i), i));
    }
    if (c.empty()) continue;
    defined.insert(c);
    literals.push_back(
        {f.span.offset, f.span.line, true, uf.id(c), f.ctx == StringContext::DefaultParam});
  }
  if (literals.empty() && compares.empty()) return out;
  auto names_from = [&](size_t start, std::vector<std::string>& names) {
    for (size_t k = start; k < toks.size(); ++k) {
      const Token& t = toks[k];
      if (t.role == python::kLineBreak || t.role == python::kSemicolon) break;
      if (t.kind == TokenKind::Name && !t.keyword && names.size() < 64) names.emplace_back(t.text);
    }
  };
  auto names_of_statement = [&](uint32_t offset) {
    std::vector<std::string> names;
    const size_t i = st.at(offset);
    if (i == SIZE_MAX) return names;
    const size_t start = st.statement_start(i);
    names_from(start, names);
    // `case "cuda":` tests the subject of the `match` above it.
    if (toks[start].kind == TokenKind::Name && toks[start].text == "case")
      for (size_t k = start; k-- > 0;)
        if (toks[k].kind == TokenKind::Name && toks[k].text == "match" &&
            (k == 0 || toks[k - 1].role == python::kLineBreak)) {
          names_from(k, names);
          break;
        }
    return names;
  };

  for (const auto& [t, u] : st.aliases()) {
    const std::string a = carrier(t), b = u.starts_with("()") ? u : carrier(u);
    if (!a.empty() && !b.empty()) uf.unite(a, b);
  }
  std::set<uint32_t> defined_roots;
  for (const auto& c : defined) defined_roots.insert(uf.find(uf.id(c)));
  for (const Fact* fp : compares) {
    const Fact& f = *fp;
    std::string operand = without_spaces(f.detail);
    if (operand.starts_with("str(") && operand.ends_with(")"))
      operand = operand.substr(4, operand.size() - 5);
    std::string c;
    if (last_component(operand) == "type" && operand.find('.') != std::string::npos) {
      // `device.type` of a device object defined here from a literal holds that literal;
      // any other `.type` (a tensor's `x.device.type`) is the device the code runs on.
      const std::string object = carrier(operand.substr(0, operand.rfind('.')));
      if (object.empty() || !defined_roots.count(uf.find(uf.id(object)))) {
        out.runtime_compares.push_back(f.span.offset);
        // A tensor's device: `x.device.type` (not `self.device.type`, an attribute the object
        // may have set from a string).
        const std::string_view before = std::string_view(operand).substr(0, operand.rfind('.'));
        const bool tensor = before.ends_with(".device") && !before.starts_with("self.") &&
                            !before.starts_with("cls.") &&
                            before.find('(') == std::string_view::npos;
        if (!tensor) out.object_type_compares.push_back(f.span.offset);
        continue;
      }
      c = object;
    } else {
      c = carrier(operand);
      if (c.empty()) c = call_carrier(operand);
    }
    if (c.empty()) continue;  // `cfg["device"] == "cuda"`: one of the others below
    // The comparison inside a definition links the defined name to the compared one.
    const size_t i = st.at(f.span.offset);
    // `device == "cuda" == other`: a chain compares the literal with both sides.
    if (i != SIZE_MAX && i + 2 < toks.size() && toks[i + 1].kind == TokenKind::Op &&
        (toks[i + 1].text == "==" || toks[i + 1].text == "!=") &&
        toks[i + 2].kind == TokenKind::Name && !toks[i + 2].keyword && i > 0 &&
        toks[i - 1].kind == TokenKind::Op &&
        (toks[i - 1].text == "==" || toks[i - 1].text == "!=")) {
      std::string right(toks[i + 2].text);
      for (size_t k = i + 3;
           k + 1 < toks.size() && toks[k].text == "." && toks[k + 1].kind == TokenKind::Name;
           k += 2)
        right += "." + std::string(toks[k + 1].text);
      const std::string rc = carrier(right);
      if (!rc.empty()) uf.unite(rc, c);
    }
    if (i != SIZE_MAX) {
      const std::string t = carrier(st.assigned_name(st.statement_start(i), i));
      if (!t.empty()) uf.unite(t, c);
    }
    literals.push_back({f.span.offset, f.span.line, false, uf.id(c)});
  }
  std::sort(literals.begin(), literals.end(),
            [](const Literal& a, const Literal& b) { return a.offset < b.offset; });
  if (literals.empty()) return out;

  std::map<uint32_t, uint32_t> index;  // union-find root -> group
  for (const Literal& l : literals) {
    const uint32_t root = uf.find(l.node);
    auto [it, added] = index.emplace(root, static_cast<uint32_t>(out.groups.size()));
    if (added) out.groups.emplace_back();
    out.groups[it->second].literals.push_back({l.offset, l.line, l.def});
    out.groups[it->second].param_def |= l.param;
    out.group_of[l.offset] = it->second;
  }
  for (uint32_t x = 0; x < uf.size(); ++x) {
    auto it = index.find(uf.find(x));
    if (it == index.end()) continue;
    ValueGroup& g = out.groups[it->second];
    g.carriers.push_back(uf.name(x));
    const std::string& n = uf.name(x);
    if (n.ends_with(".type") || n.ends_with(".device")) g.runtime_source = true;
  }
  // Every other "cuda" literal of the file, found on the tokens (a dict key, a `case "cuda":`,
  // an argument of `.startswith`, an operand no name stands for): with its statement's names.
  const std::set<uint32_t> runtime(out.runtime_compares.begin(), out.runtime_compares.end());
  for (const Token& t : toks) {
    if (t.kind != TokenKind::String || t.text.find("cuda") == std::string_view::npos) continue;
    if (out.group_of.count(t.span.offset) || runtime.count(t.span.offset)) continue;
    if (!is_cuda_value(python::decode_string(t))) continue;
    out.others.push_back({t.span.offset, t.span.line, names_of_statement(t.span.offset)});
  }
  return out;
}

}  // namespace ascendify::fix::detail
