#include "native/kernels.hpp"

namespace ascendify::native {

namespace {

bool is(const CToken& t, std::string_view s) {
  return t.text == s;
}
bool starts(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool upper(char c) {
  return c >= 'A' && c <= 'Z';
}

bool attribute_like(std::string_view s) {
  return s == "__launch_bounds__" || s == "__attribute__" || s == "__align__" ||
         s == "__declspec" || s == "alignas" || s == "decltype" || s == "__maxnreg__" ||
         s == "__cluster_dims__";
}

}  // namespace

std::vector<size_t> match_brackets(const std::vector<CToken>& toks) {
  std::vector<size_t> match(toks.size(), kNone);
  std::vector<size_t> stack;
  for (size_t i = 0; i < toks.size(); ++i) {
    const CToken& t = toks[i];
    if (t.kind != CKind::Punct || t.text.size() != 1) continue;
    char c = t.text[0];
    if (c == '(' || c == '[' || c == '{') {
      stack.push_back(i);
    } else if (c == ')' || c == ']' || c == '}') {
      char open = c == ')' ? '(' : c == ']' ? '[' : '{';
      // Pop to the nearest matching opener; a stray closer with none is ignored.
      size_t k = stack.size();
      while (k > 0 && toks[stack[k - 1]].text[0] != open) {
        if (open != '{' && toks[stack[k - 1]].text[0] == '{') {
          k = 0;  // never let `)` close across a brace
          break;
        }
        --k;
      }
      if (k == 0) continue;
      match[stack[k - 1]] = i;
      stack.resize(k - 1);
    }
  }
  return match;
}

FunctionUnit parse_function(const std::vector<CToken>& toks, const std::vector<size_t>& match,
                            size_t at) {
  FunctionUnit u;
  u.sig_begin = at;
  size_t j = at + 1;
  for (size_t steps = 0; j < toks.size() && steps < 256; ++steps) {
    const CToken& t = toks[j];
    if (t.kind == CKind::Punct && (is(t, ";") || is(t, "{") || is(t, "}") || is(t, "="))) return u;
    if (t.kind == CKind::Punct && is(t, "(")) {
      const CToken& prev = toks[j - 1];
      if (prev.kind == CKind::Ident && !attribute_like(prev.text)) {
        u.name = j - 1;
        break;
      }
      if (match[j] == kNone) return u;
      j = match[j] + 1;
      continue;
    }
    ++j;
  }
  if (u.name == kNone) return u;
  size_t open = u.name + 1;
  if (match[open] == kNone) return u;
  u.params_close = match[open];
  for (size_t k = u.params_close + 1, steps = 0; k < toks.size() && steps < 64; ++k, ++steps) {
    const CToken& t = toks[k];
    if (t.kind != CKind::Punct) continue;
    if (is(t, ";") || is(t, "}") || is(t, "=")) return u;
    if (is(t, "(") && match[k] != kNone) {  // noexcept(...), __attribute__((...))
      k = match[k];
      continue;
    }
    if (is(t, "{")) {
      u.body_open = k;
      u.body_close = match[k];
      return u;
    }
  }
  return u;
}

void body_features(const std::vector<CToken>& toks, const std::vector<size_t>& match, size_t b,
                   size_t e, std::string_view text, std::set<std::string>& f,
                   std::set<std::string>& calls, size_t& budget) {
  for (size_t i = b; i <= e && i < toks.size() && budget > 0; ++i, --budget) {
    const CToken& t = toks[i];
    if (t.kind != CKind::Ident) continue;
    std::string_view s = t.text;
    bool next_scope = i + 1 < toks.size() && is(toks[i + 1], "::");
    bool next_call = i + 1 < toks.size() && is(toks[i + 1], "(");
    if (starts(s, "__shfl")) f.insert("warp-shuffle");
    if (starts(s, "atomic") && s.size() > 6 && upper(s[6])) f.insert("atomics");
    if (starts(s, "__syncthreads")) f.insert("syncthreads");
    if (s == "__shared__") f.insert("shared-memory");
    if (s == "wmma" && next_scope) {
      f.insert("wmma");
      f.insert("tensor-core");
    }
    if (s == "__half" || s == "__half2" || s == "half2" || starts(s, "__half2float") ||
        starts(s, "__float2half"))
      f.insert("half");
    if (starts(s, "__nv_bfloat16") || starts(s, "nv_bfloat16") || starts(s, "__bfloat162float") ||
        starts(s, "__float2bfloat16"))
      f.insert("bfloat16");
    if (s == "cooperative_groups" || (s == "cg" && next_scope)) f.insert("cooperative-groups");
    if (s == "cub" && next_scope) f.insert("cub");
    if ((s == "cutlass" || s == "cute") && next_scope) f.insert("cutlass");
    if (starts(s, "__pipeline_memcpy_async") || s == "memcpy_async" || starts(s, "cp_async"))
      f.insert("cp-async");
    if (s == "asm" || s == "__asm__" || s == "__asm") {
      f.insert("inline-ptx");
      size_t k = i + 1;
      while (k < toks.size() && toks[k].kind == CKind::Ident) ++k;  // volatile
      if (k < toks.size() && is(toks[k], "(") && match[k] != kNone) {
        for (size_t q = k; q <= match[k] && q < toks.size() && budget > 0; ++q, --budget) {
          if (toks[q].kind != CKind::String) continue;
          std::string_view body =
              text.substr(toks[q].body_begin, toks[q].body_end - toks[q].body_begin);
          if (body.find("mma") != std::string_view::npos) {
            f.insert("mma");
            f.insert("tensor-core");
          }
          if (body.find("ldmatrix") != std::string_view::npos) f.insert("tensor-core");
          if (body.find("cp.async") != std::string_view::npos) f.insert("cp-async");
        }
      }
    }
    if (next_call) calls.insert(std::string(s));
  }
}

uint32_t code_lines(const std::vector<CToken>& toks, size_t b, size_t e) {
  uint32_t n = 0, last = 0;
  for (size_t i = b; i <= e && i < toks.size(); ++i) {
    if (toks[i].line != last) {
      ++n;
      last = toks[i].line;
    }
  }
  return n;
}

}  // namespace ascendify::native
