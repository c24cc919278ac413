#include "python/kernel_scan.hpp"

#include <algorithm>

#include "python/analyzer_impl.hpp"

namespace ascendify::python::detail {
namespace {

bool is_op(std::span<const Token> t, uint32_t k, std::string_view s) {
  return k < t.size() && t[k].kind == TokenKind::Op && t[k].text == s;
}

bool is_name(std::span<const Token> t, uint32_t k) {
  return k < t.size() && t[k].kind == TokenKind::Name && !t[k].keyword;
}

bool stmt_start(std::span<const Token> t, uint32_t k, uint32_t body) {
  if (k == body) return true;
  TokenKind p = t[k - 1].kind;
  return p == TokenKind::Newline || p == TokenKind::Indent || p == TokenKind::Dedent ||
         is_op(t, k - 1, ";");
}

// Index just past the statement starting at `k` and, when it opens an indented block, past the
// block's closing Dedent.
uint32_t skip_compound(std::span<const Token> t, uint32_t k) {
  const uint32_t n = static_cast<uint32_t>(t.size());
  while (k < n && t[k].kind != TokenKind::Newline && t[k].kind != TokenKind::EndMarker) ++k;
  if (k + 1 >= n || t[k + 1].kind != TokenKind::Indent) return k;
  int depth = 0;
  for (k = k + 1; k < n; ++k) {
    if (t[k].kind == TokenKind::Indent) ++depth;
    if (t[k].kind == TokenKind::Dedent && --depth == 0) return k + 1;
    if (t[k].kind == TokenKind::EndMarker) return k;
  }
  return n;
}

// For each bracket token in [b, e) the index of its closer on the same logical line (or the
// opener itself when unclosed). One pass with an explicit stack.
std::vector<uint32_t> closers(std::span<const Token> t, uint32_t b, uint32_t e) {
  std::vector<uint32_t> close(e - b);
  std::vector<uint32_t> stack;
  for (uint32_t k = b; k < e; ++k) {
    close[k - b] = k;
    if (line_break(t[k].kind)) {
      stack.clear();
    } else if (is_opener(t[k])) {
      stack.push_back(k);
    } else if (is_closer(t[k]) && !stack.empty()) {
      close[stack.back() - b] = k;
      stack.pop_back();
    }
  }
  return close;
}

// End of the body starting at `body` (block: past the matching Dedent; inline: its Newline).
// *launch_like counts `](` token pairs inside it: a launch site needs one.
uint32_t body_end(std::span<const Token> t, uint32_t body, bool block, size_t* launch_like) {
  const uint32_t n = static_cast<uint32_t>(t.size());
  int depth = 1;
  size_t pairs = 0;
  uint32_t k = body;
  for (; k < n; ++k) {
    const Token& tk = t[k];
    if (tk.kind == TokenKind::Op) {
      if (tk.text.size() == 1 && tk.text[0] == ']' && k + 1 < n && t[k + 1].kind == TokenKind::Op &&
          t[k + 1].text == "(")
        ++pairs;
      continue;
    }
    if (tk.kind == TokenKind::EndMarker) break;
    if (!block && tk.kind == TokenKind::Newline) break;
    if (block && tk.kind == TokenKind::Indent) ++depth;
    if (block && tk.kind == TokenKind::Dedent && --depth == 0) break;
  }
  *launch_like = pairs;
  return k;
}

bool is_option(std::string_view s) {
  return s == "num_warps" || s == "num_stages" || s == "num_ctas" || s == "maxnreg";
}

}  // namespace

std::vector<LaunchSite> find_launches(std::span<const Token> t, uint32_t colon, size_t limit) {
  std::vector<LaunchSite> out;
  const uint32_t n = static_cast<uint32_t>(t.size());
  uint32_t k = colon + 1;
  if (k >= n || !is_op(t, colon, ":")) return out;
  const bool block =
      t[k].kind == TokenKind::Newline && k + 1 < n && t[k + 1].kind == TokenKind::Indent;
  const uint32_t body = block ? k + 2 : k;
  size_t launch_like = 0;
  const uint32_t end = body_end(t, body, block, &launch_like);
  if (body >= end || launch_like == 0) return out;
  const std::vector<uint32_t> close = closers(t, body, end);
  auto close_of = [&](uint32_t open) { return open < end ? close[open - body] : open; };
  for (k = body; k < end && out.size() < limit;) {
    const Token& tok = t[k];
    if (tok.kind == TokenKind::Name && stmt_start(t, k, body) &&
        (tok.text == "def" || tok.text == "class" ||
         (tok.text == "async" && k + 1 < n && t[k + 1].text == "def"))) {
      k = std::max(skip_compound(t, k), k + 1);
      continue;
    }
    if (!is_name(t, k) || (k > 0 && is_op(t, k - 1, "."))) {
      ++k;
      continue;
    }
    uint32_t j = k + 1;
    while (is_op(t, j, ".") && is_name(t, j + 1)) j += 2;
    // `torch.library.wrap_triton(kernel)[grid](...)`: the wrapped name is the kernel.
    uint32_t nb = k, ne = j, sub = j;
    if (is_op(t, j, "(")) {
      const uint32_t c = close_of(j);
      uint32_t q = j + 1;
      if (is_name(t, q)) ++q;
      while (q > j + 1 && is_op(t, q, ".") && is_name(t, q + 1)) q += 2;
      if (c != j && q > j + 1 && q == c && is_op(t, c + 1, "[")) nb = j + 1, ne = c, sub = c + 1;
    }
    if (!is_op(t, sub, "[")) {
      k = j;
      continue;
    }
    const uint32_t sub_close = close_of(sub);
    if (sub_close == sub || !is_op(t, sub_close + 1, "(")) {
      k = j;
      continue;
    }
    // `handlers[0](x)`, `table["key"](x)`: indexing a container, not a launch grid (grids
    // are names, tuples or lambdas).
    if (sub_close == sub + 2 &&
        (t[sub + 1].kind == TokenKind::Number || t[sub + 1].kind == TokenKind::String)) {
      k = sub_close + 1;
      continue;
    }
    LaunchSite site;
    site.name_begin = nb;
    site.name_end = ne;
    for (uint32_t m = nb; m < ne; ++m) site.name += t[m].text;
    const uint32_t call_close = close_of(sub_close + 1);
    int d = 0;
    for (uint32_t m = sub_close + 1; m < call_close && m < sub_close + 4096; ++m) {
      if (is_opener(t[m])) ++d;
      if (is_closer(t[m])) --d;
      if (d == 1 && t[m].kind == TokenKind::Name && is_option(t[m].text) && is_op(t, m + 1, "=") &&
          m + 2 < n && t[m + 2].kind == TokenKind::Number)
        site.options.emplace_back(std::string(t[m].text), std::string(t[m + 2].text));
    }
    out.push_back(std::move(site));
    k = j;
  }
  return out;
}

void add_option_features(const std::vector<std::pair<std::string, std::string>>& options,
                         std::vector<std::string>& features) {
  for (const auto& [key, value] : options) {
    const std::string prefix = key + ":";
    auto it = std::find_if(features.begin(), features.end(),
                           [&](const std::string& f) { return f.rfind(prefix, 0) == 0; });
    std::vector<std::string> values;
    if (it != features.end()) {
      std::string_view rest = std::string_view(*it).substr(prefix.size());
      while (!rest.empty()) {
        size_t c = rest.find(',');
        values.emplace_back(rest.substr(0, c));
        if (c == std::string_view::npos) break;
        rest.remove_prefix(c + 1);
      }
    }
    if (std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
    std::sort(values.begin(), values.end(), [](const std::string& a, const std::string& b) {
      return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    std::string joined = prefix;
    for (size_t v = 0; v < values.size(); ++v) joined += (v ? "," : "") + values[v];
    if (it != features.end()) {
      *it = std::move(joined);
    } else {
      features.push_back(std::move(joined));
    }
  }
}

void triton_config_features(const std::vector<std::string>& decorators,
                            const std::vector<Fact>& facts, uint32_t first_line, uint32_t def_line,
                            KernelFact& kf) {
  auto add = [&](const std::string& f) {
    if (std::find(kf.features.begin(), kf.features.end(), f) == kf.features.end())
      kf.features.push_back(f);
  };
  for (const std::string& d : decorators) {
    if (d.size() >= 9 && d.ends_with(".autotune")) add("autotune");
    if (d.size() >= 11 && d.ends_with(".heuristics")) add("heuristics");
  }
  std::vector<std::pair<std::string, std::string>> options;
  for (size_t i = facts.size(); i-- > 0;) {
    const Fact& f = facts[i];
    if (f.span.line < first_line) break;
    if (f.span.line >= def_line || f.kind != FactKind::Reference || f.usage != Usage::Call)
      continue;
    if (f.name != "triton.Config" && f.name != "triton.runtime.Config") continue;
    for (const Arg& a : f.args)
      if (is_option(a.keyword) && a.kind == ValueKind::Number)
        options.emplace_back(a.keyword, a.value);
  }
  add_option_features(options, kf.features);
}

}  // namespace ascendify::python::detail
