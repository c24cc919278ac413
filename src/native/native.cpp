#include "native/native.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "native/kernels.hpp"
#include "native/lexer.hpp"
#include "native/pos_map.hpp"

namespace ascendify::native {

namespace {

constexpr size_t kBudget = 4'000'000;  // token visits for kernel feature scans

bool starts(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
bool upper(char c) {
  return c >= 'A' && c <= 'Z';
}

bool is_type(std::string_view s) {
  if (s.empty() || (s[0] != '_' && s[0] != 'h' && s[0] != 'n' && s[0] != 'c')) return false;
  return s == "__half" || s == "__half2" || s == "half2" || s == "__nv_bfloat16" ||
         s == "__nv_bfloat162" || s == "nv_bfloat16" || s == "nv_bfloat162" ||
         s == "cudaStream_t" || s == "cudaEvent_t" || s == "cudaError_t" || s == "cublasHandle_t" ||
         s == "cudnnHandle_t" || s == "cudaDeviceProp";
}

bool is_intrinsic(std::string_view s) {
  if (starts(s, "atomic") && s.size() > 6 && upper(s[6])) return true;
  if (s.size() < 4 || !starts(s, "__") || ends(s, "__") || starts(s, "__builtin")) return false;
  char c = s[2];
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool is_runtime_api(std::string_view s) {
  if (s.empty() || (s[0] != 'c' && s[0] != 'n')) return false;  // every prefix below
  for (std::string_view p : {"cublasLt", "cublas", "cudnn", "cusparse", "curand", "cufft",
                             "cusolver", "nccl", "nvrtc", "cuda", "cu"}) {
    if (starts(s, p) && s.size() > p.size() && upper(s[p.size()])) return true;
  }
  return false;
}

bool all_caps(std::string_view s) {
  for (char c : s)
    if (!(upper(c) || (c >= '0' && c <= '9') || c == '_')) return false;
  return !s.empty();
}

bool is_macro(std::string_view s, bool call) {
  if (s.empty() || !(upper(s[0]) || s[0] == '_')) return false;  // all-caps names only
  if (starts(s, "AT_DISPATCH_") || s == "__CUDA_ARCH__" || s == "__CUDACC__") return true;
  if (!call || !all_caps(s)) return false;
  return s.find("CUDA") != std::string_view::npos || s.find("CUBLAS") != std::string_view::npos ||
         s.find("CUDNN") != std::string_view::npos || s.find("NCCL") != std::string_view::npos;
}

class Analyzer {
 public:
  Analyzer(std::string_view text, std::string_view path)
      : text_(text),
        path_(path),
        pos_(text),
        lx_(lex_c(text)),
        match_(match_brackets(lx_.tokens)) {}

  FileFacts run() {
    for (const auto& [line, msg] : lx_.errors) diag(line, msg);
    for (const Include& inc : lx_.includes) add(inc.path, "include", inc.begin, inc.end);
    const auto& t = lx_.tokens;
    for (size_t i = 0; i < t.size(); ++i) scan(i);
    finish_kernels();
    std::stable_sort(out_.facts.begin(), out_.facts.end(),
                     [](const Fact& a, const Fact& b) { return a.span.offset < b.span.offset; });
    return std::move(out_);
  }

 private:
  struct PendingKernel {
    size_t kernel_index;
    FunctionUnit unit;
  };

  std::string_view text_, path_;
  PosMap pos_;
  CLex lx_;
  std::vector<size_t> match_;
  FileFacts out_;
  size_t boundary_ = kNone, template_ = kNone;  // last `;`/`{`/`}` and last `template`
  std::vector<PendingKernel> kernels_;
  std::map<std::string, std::set<std::string>> device_features_, device_calls_;
  std::set<std::pair<uint32_t, std::string>> types_seen_;
  size_t budget_ = kBudget;
  size_t binding_end_ = kNone;  // last token of the active binding block
  std::string binding_var_, binding_alias_, binding_key_;
  bool torch_library_ = false;

  void diag(uint32_t line, std::string msg) {
    out_.diagnostics.push_back({std::string(path_), line, std::move(msg)});
  }
  Fact& add(std::string name, const char* category, uint32_t b, uint32_t e) {
    Fact f;
    f.kind = FactKind::Native;
    f.name = std::move(name);
    f.detail = category;
    f.span = pos_.span(b, e);
    out_.facts.push_back(std::move(f));
    return out_.facts.back();
  }
  const CToken& tok(size_t i) const { return lx_.tokens[i]; }
  bool punct(size_t i, std::string_view s) const {
    return i < lx_.tokens.size() && tok(i).kind == CKind::Punct && tok(i).text == s;
  }
  bool ident(size_t i) const { return i < lx_.tokens.size() && tok(i).kind == CKind::Ident; }

  void scan(size_t i) {
    const CToken& t = tok(i);
    if (t.kind == CKind::Punct) {
      const std::string_view p = t.text;
      if (p.size() == 1 && (p[0] == ';' || p[0] == '{' || p[0] == '}')) boundary_ = i;
      if (p == "<<<") launch(i);
      return;
    }
    if (t.kind == CKind::String && i <= binding_end_ && binding_end_ != kNone) binding(i);
    if (t.kind != CKind::Ident) return;
    std::string_view s = t.text;
    bool call = punct(i + 1, "(");
    // The keywords below start with '_', 'a', 't', 'P' or 'T': most identifiers skip them all.
    const char c0 = s[0];
    if (c0 == '_' || c0 == 'a' || c0 == 't' || c0 == 'P' || c0 == 'T') {
      if (s == "template") template_ = i;
      if (s == "__global__") kernel(i);
      if (s == "__device__") device_function(i);
      if (s == "asm" || s == "__asm__" || s == "__asm") add("asm", "inline-asm", t.begin, t.end);
      if (s == "PYBIND11_MODULE" || s == "TORCH_LIBRARY" || s == "TORCH_LIBRARY_FRAGMENT" ||
          s == "TORCH_LIBRARY_IMPL")
        binding_block(i);
    }
    if (t.after_define) return;
    if (is_type(s)) {
      if (types_seen_.insert({t.line, std::string(s)}).second)
        add(std::string(s), "type", t.begin, t.end);
    } else if (call && is_intrinsic(s)) {
      add(std::string(s), "intrinsic", t.begin, t.end);
    } else if (call && is_runtime_api(s)) {
      add(std::string(s), "runtime-api", t.begin, t.end);
    } else if (is_macro(s, call)) {
      add(std::string(s), "macro", t.begin, t.end);
    } else if (punct(i + 1, "::") && !punct(i - 1, "::")) {
      qualified(i);
    }
  }

  // `a::b::c` starting at i: at::cuda / c10::cuda / kCUDA chains are ATen APIs.
  void qualified(size_t i) {
    std::string name(tok(i).text);
    size_t k = i;
    while (punct(k + 1, "::") && ident(k + 2) && name.size() < 200) {
      name += "::";
      name += tok(k + 2).text;
      k += 2;
    }
    bool aten = starts(name, "at::cuda::") || starts(name, "c10::cuda::") ||
                starts(name, "torch::cuda::") || ends(name, "::kCUDA");
    if (aten) add(name, "aten-api", tok(i).begin, tok(k).end);
  }

  void launch(size_t i) {
    if (i == 0) return;
    size_t p = i - 1;
    if (tok(p).kind == CKind::Punct && (tok(p).text == ">" || tok(p).text == ">>")) {
      int depth = 0;
      for (size_t steps = 0; steps < 512; ++steps) {
        std::string_view s = tok(p).text;
        if (tok(p).kind == CKind::Punct) {
          if (s == ">")
            depth += 1;
          else if (s == ">>")
            depth += 2;
          else if (s == "<")
            depth -= 1;
          else if (s == "<<")
            depth -= 2;
        }
        if (depth <= 0 || p == 0) break;
        --p;
      }
      if (depth != 0 || p == 0) return;
      --p;
    }
    if (tok(p).kind == CKind::Ident)
      add(std::string(tok(p).text), "launch", tok(p).begin, tok(p).end);
  }

  void kernel(size_t i) {
    FunctionUnit u = parse_function(lx_.tokens, match_, i);
    if (u.body_open == kNone) return;
    const CToken& name = tok(u.name);
    add(std::string(name.text), "kernel", name.begin, name.end);
    KernelFact k;
    k.kind = KernelKind::Cuda;
    k.name = std::string(name.text);
    k.span = pos_.span(tok(i).begin, tok(u.params_close).end);
    k.templated =
        template_ != kNone && template_ < i && (boundary_ == kNone || template_ > boundary_);
    if (u.body_close == kNone) {
      diag(tok(u.body_open).line, "unbalanced braces: body of kernel " + k.name + " not closed");
    }
    out_.kernels.push_back(std::move(k));
    kernels_.push_back({out_.kernels.size() - 1, u});
  }

  void device_function(size_t i) {
    FunctionUnit u = parse_function(lx_.tokens, match_, i);
    if (u.body_open == kNone || u.body_close == kNone) return;
    std::string name(tok(u.name).text);
    body_features(lx_.tokens, match_, u.body_open, u.body_close, text_, device_features_[name],
                  device_calls_[name], budget_);
  }

  void finish_kernels() {
    // Close device-function features over their calls (bounded rounds, no recursion).
    for (int round = 0; round < 8; ++round) {
      bool changed = false;
      for (auto& [name, calls] : device_calls_) {
        auto& mine = device_features_[name];
        for (const std::string& c : calls) {
          auto it = device_features_.find(c);
          if (it == device_features_.end() || c == name) continue;
          for (const std::string& f : it->second) changed |= mine.insert(f).second;
        }
      }
      if (!changed) break;
    }
    for (size_t j = 0; j < kernels_.size(); ++j) {
      const PendingKernel& pk = kernels_[j];
      // An unclosed body ends before the next kernel (or at the end of the file).
      size_t close = pk.unit.body_close;
      if (close == kNone) {
        close =
            j + 1 < kernels_.size() ? kernels_[j + 1].unit.sig_begin - 1 : lx_.tokens.size() - 1;
      }
      KernelFact& kf = out_.kernels[pk.kernel_index];
      kf.loc = code_lines(lx_.tokens, pk.unit.body_open, close);
      std::set<std::string> features, calls;
      body_features(lx_.tokens, match_, pk.unit.name, close, text_, features, calls, budget_);
      for (const std::string& c : calls) {
        auto it = device_features_.find(c);
        if (it != device_features_.end()) features.insert(it->second.begin(), it->second.end());
      }
      kf.features.assign(features.begin(), features.end());
    }
    if (budget_ == 0) diag(0, "kernel feature scan truncated (input too large)");
  }

  // PYBIND11_MODULE(mod, m) { ... } / TORCH_LIBRARY(ns, m) / TORCH_LIBRARY_IMPL(ns, KEY, m)
  void binding_block(size_t i) {
    if (!punct(i + 1, "(") || match_[i + 1] == kNone) return;
    size_t close = match_[i + 1];
    std::vector<std::string_view> args;
    for (size_t k = i + 2; k < close; ++k)
      if (tok(k).kind == CKind::Ident || tok(k).kind == CKind::Number) args.push_back(tok(k).text);
    bool impl = tok(i).text == "TORCH_LIBRARY_IMPL";
    if (args.size() < (impl ? 3u : 2u) || !punct(close + 1, "{")) return;
    binding_alias_ = std::string(args[0]);
    binding_key_ = impl ? std::string(args[1]) : "";
    binding_var_ = std::string(args.back());
    torch_library_ = tok(i).text != "PYBIND11_MODULE";
    size_t end = match_[close + 1];
    binding_end_ = end == kNone ? lx_.tokens.size() - 1 : end;
  }

  // A string literal inside a binding block: is it the first argument of `m.def(`/`m.impl(`?
  void binding(size_t i) {
    if (i < 4) return;
    size_t open = i - 1;
    if (punct(open, "(") && ident(open - 1) && punct(open - 2, "(") &&
        starts(tok(open - 1).text, "TORCH_SELECTIVE"))
      open -= 2;  // m.def(TORCH_SELECTIVE_SCHEMA("..."))
    if (!punct(open, "(") || open < 3 || !ident(open - 1) || !punct(open - 2, ".") ||
        !ident(open - 3) || tok(open - 3).text != binding_var_)
      return;
    std::string_view method = tok(open - 1).text;
    if (method != "def" && method != "impl") return;
    std::string_view body = text_.substr(tok(i).body_begin, tok(i).body_end - tok(i).body_begin);
    std::string_view name = body.substr(0, body.find('('));
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
    size_t colon = name.rfind("::");
    if (colon != std::string_view::npos) name = name.substr(colon + 2);
    if (name.empty()) return;
    Fact& f = add(std::string(name), "binding", tok(i).begin, tok(i).end);
    f.alias = binding_alias_;
    f.receiver = binding_key_;
  }
};

}  // namespace

FileFacts analyze(std::string_view text, std::string_view path) {
  if (text.size() >= std::numeric_limits<uint32_t>::max()) {
    FileFacts out;
    out.diagnostics.push_back({std::string(path), 0, "file too large for the native front end"});
    return out;
  }
  return Analyzer(text, path).run();
}

}  // namespace ascendify::native
