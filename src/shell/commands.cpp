#include "shell/commands.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>

#include "core/text.hpp"
#include "python/analyzer.hpp"
#include "shell/lexer.hpp"

namespace ascendify::shell {

namespace {

constexpr size_t kNpos = static_cast<size_t>(-1);

bool one_of(std::string_view s, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}
bool ends_with(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}
bool starts_with(std::string_view s, std::string_view pre) {
  return s.substr(0, pre.size()) == pre;
}

std::string_view basename(std::string_view v) {
  size_t slash = v.rfind('/');
  return slash == std::string_view::npos ? v : v.substr(slash + 1);
}

// "python", "python3", "python3.11", "python2"
bool is_python(std::string_view b) {
  if (!starts_with(b, "python")) return false;
  return b.substr(6).find_first_not_of("0123456789.") == std::string_view::npos;
}
bool is_pip(std::string_view b) {
  if (!starts_with(b, "pip")) return false;
  return b.substr(3).find_first_not_of("0123456789.") == std::string_view::npos;
}

// The `--name` / `--name=value` words from `from` on, as argparse dests ("i2v_mode").
void note_passed_options(const std::vector<Word>& w, size_t from, FileFacts& out) {
  for (size_t i = from; i < w.size(); ++i) {
    std::string_view v = w[i].value;
    if (v.size() <= 2 || !starts_with(v, "--")) continue;
    v = v.substr(2, v.find('=') == std::string_view::npos ? v.npos : v.find('=') - 2);
    std::string name(v);
    std::replace(name.begin(), name.end(), '-', '_');
    if (std::find(out.passed_options.begin(), out.passed_options.end(), name) ==
        out.passed_options.end())
      out.passed_options.push_back(std::move(name));
  }
}

std::string join(const std::vector<Word>& w, size_t from) {
  std::string s;
  for (size_t i = from; i < w.size(); ++i) {
    if (!s.empty()) s.push_back(' ');
    s += w[i].value;
    if (s.size() > 400) break;
  }
  return clip_utf8(s, 200);
}

// Boolean options of torchrun / deepspeed / accelerate launch (everything else takes a value).
bool launcher_flag(std::string_view key) {
  return one_of(key, {"standalone",
                      "no_python",
                      "no-python",
                      "use_env",
                      "use-env",
                      "run_path",
                      "run-path",
                      "no_local_rank",
                      "no-local-rank",
                      "force_multi",
                      "elastic_training",
                      "bind_cores_to_rank",
                      "no_ssh_check",
                      "save_pid",
                      "multi_gpu",
                      "cpu",
                      "use_cpu",
                      "use_deepspeed",
                      "use_fsdp",
                      "use_megatron_lm",
                      "use_xpu",
                      "tpu",
                      "debug",
                      "quiet",
                      "q",
                      "same_network",
                      "enable_cpu_affinity",
                      "fp16",
                      "bf16",
                      "autotuning_run"});
}

// Index of the script a launcher starts, scanning options from i. `module` set by -m.
size_t find_script(const std::vector<Word>& w, size_t i, bool& module) {
  for (; i < w.size(); ++i) {
    const std::string& v = w[i].value;
    if (v == "--") return i + 1 < w.size() ? i + 1 : kNpos;
    if (v.size() > 1 && v[0] == '-') {
      std::string_view key(v);
      key = key.substr(0, key.find('='));
      while (!key.empty() && key.front() == '-') key.remove_prefix(1);
      if (key == "m" || key == "module") {
        module = true;
        continue;
      }
      if (v.find('=') != std::string::npos || launcher_flag(key)) continue;
      if (i + 1 < w.size() && !ends_with(w[i + 1].value, ".py") &&
          !starts_with(w[i + 1].value, "-"))
        ++i;  // the option's value
      continue;
    }
    return i;
  }
  return kNpos;
}

std::string launcher_call(const std::vector<Word>& w, size_t from) {
  bool module = false;
  size_t s = find_script(w, from, module);
  if (s == kNpos) return "";
  return module ? "-m " + w[s].value : w[s].value;
}

bool assignment(const Word& w, size_t& name_len, size_t& value_at) {
  const std::string& v = w.value;
  if (v.empty() || !is_name_start(v[0])) return false;
  size_t k = 1;
  while (k < v.size() && is_name_char(v[k])) ++k;
  size_t eq = k;
  if (k < v.size() && v[k] == '+') ++eq;
  if (eq >= v.size() || v[eq] != '=' || w.lit_prefix < eq + 1) return false;
  name_len = k;
  value_at = eq + 1;
  return true;
}

// The distribution a URL requirement installs: `...#egg=name`, or the repository of
// `git+https://host/org/name.git@ref`; "" when the URL names none (a wheel, a local path).
std::string url_dist(std::string_view v) {
  std::string_view n;
  if (size_t egg = v.find("#egg="); egg != std::string_view::npos) {
    n = v.substr(egg + 5);
  } else if (starts_with(v, "git+")) {
    n = v.substr(0, v.find_first_of("#?"));
    size_t scheme = n.find("://");
    size_t at = n.find('@', scheme == std::string_view::npos ? 0 : scheme + 3);
    size_t slash = n.find_last_of('/');
    if (at != std::string_view::npos && slash != std::string_view::npos && at > slash)
      n = n.substr(0, at);
    n = basename(n);
    if (ends_with(n, ".git")) n.remove_suffix(4);
  }
  size_t end = 0;
  while (end < n.size() && (is_name_char(n[end]) || n[end] == '-' || n[end] == '.')) ++end;
  return end == 0 ? "" : normalize_dist(n.substr(0, end));
}

// A URL requirement (`git+https://github.com/NVIDIA/apex.git`) -> Dependency of what it names.
void url_requirement(const Word& w, Emitter& em) {
  std::string name = url_dist(w.value);
  if (name.empty()) return;
  em.add(FactKind::Dependency, std::move(name), w.begin, w.end).receiver = w.value;
}

// The options of `pip install` that take a value (the next word, or `--opt=value`).
bool pip_option_value(std::string_view o) {
  return one_of(o, {"-r",
                    "--requirement",
                    "-c",
                    "--constraint",
                    "-e",
                    "--editable",
                    "-i",
                    "--index-url",
                    "--extra-index-url",
                    "-f",
                    "--find-links",
                    "-t",
                    "--target",
                    "--prefix",
                    "--root",
                    "--platform",
                    "--python-version",
                    "--implementation",
                    "--abi",
                    "--no-binary",
                    "--only-binary",
                    "-C",
                    "--config-settings",
                    "--global-option",
                    "--install-option",
                    "--trusted-host",
                    "--progress-bar",
                    "--cache-dir",
                    "--src",
                    "--upgrade-strategy",
                    "--log",
                    "--timeout",
                    "--retries",
                    "--proxy",
                    "--exists-action",
                    "--report",
                    "--python",
                    "--keyring-provider",
                    "--cert",
                    "--client-cert"});
}

// `pip install` arguments from index i: a Dependency per requirement (a URL one by the name it
// gives), Command "requirements-include" per `-r`/`-c` file, "pip-index" per index or
// find-links URL (`--extra-index-url https://download.pytorch.org/whl/cu121`).
void pip_install(const std::vector<Word>& w, size_t i, Emitter& em) {
  for (; i < w.size(); ++i) {
    const std::string& v = w[i].value;
    if (v.size() > 1 && v[0] == '-') {
      const size_t eq = starts_with(v, "--") ? v.find('=') : std::string::npos;
      const std::string_view opt = std::string_view(v).substr(0, eq);
      if (!pip_option_value(opt)) continue;
      const Word* value = &w[i];  // `--opt=value`: the value is part of the word
      std::string text = eq == std::string::npos ? "" : v.substr(eq + 1);
      if (eq == std::string::npos) {
        if (i + 1 >= w.size()) break;
        value = &w[++i];
        text = value->value;
      }
      const char* what =
          one_of(opt, {"-r", "--requirement", "-c", "--constraint"}) ? "requirements-include"
          : one_of(opt, {"-i", "--index-url", "--extra-index-url", "-f", "--find-links"})
              ? "pip-index"
              : nullptr;
      if (what) em.add(FactKind::Command, what, value->begin, value->end).detail = text;
      if (one_of(opt, {"-e", "--editable"}) && text.find("://") != std::string::npos) {
        std::string name = url_dist(text);
        if (!name.empty())
          em.add(FactKind::Dependency, std::move(name), value->begin, value->end).receiver = text;
      }
      continue;
    }
    if (v.find('/') != std::string::npos) {
      url_requirement(w[i], em);
      continue;
    }
    if (v.empty() || v[0] == '.' || v[0] == '$' || ends_with(v, ".whl") || ends_with(v, ".zip") ||
        ends_with(v, ".tar.gz"))
      continue;
    size_t k = 0;
    while (k < v.size() && (is_name_char(v[k]) || v[k] == '-' || v[k] == '.')) ++k;
    if (k == 0) continue;
    std::string_view rest = std::string_view(v).substr(k);
    if (!rest.empty() && !one_of(rest.substr(0, 1), {"<", ">", "=", "!", "~", "[", ";", "@", " "}))
      continue;
    if (!rest.empty() && rest[0] == '[') {
      size_t close = rest.find(']');
      rest = close == std::string_view::npos ? std::string_view() : rest.substr(close + 1);
    }
    rest = rest.substr(0, rest.find(';'));
    Fact& f = em.add(FactKind::Dependency, normalize_dist(std::string_view(v).substr(0, k)),
                     w[i].begin, w[i].end);
    f.detail = std::string(trim(rest));
    f.receiver = v;
  }
}

// `conda|mamba|micromamba install ARGS` (p: the program): Command "conda-install", Command
// "conda-channel" per `-c`/`--channel`, a Dependency per package spec
// (`pytorch::pytorch-cuda=12.1` -> pytorch-cuda, detail "=12.1").
void conda_command(const std::vector<Word>& w, size_t p, Emitter& em) {
  if (p + 1 >= w.size() || w[p + 1].value != "install") return;
  Fact& f = em.add(FactKind::Command, "conda-install", w[p].begin, w[p].end);
  f.detail = join(w, p + 2);
  for (size_t i = p + 2; i < w.size(); ++i) {
    const std::string& v = w[i].value;
    if (v.size() > 1 && v[0] == '-') {
      const size_t eq = starts_with(v, "--") ? v.find('=') : std::string::npos;
      const std::string_view opt = std::string_view(v).substr(0, eq);
      if (!one_of(opt, {"-c", "--channel", "-n", "--name", "-p", "--prefix", "--file",
                        "--repodata-fn", "--subdir"}))
        continue;
      const Word* value = &w[i];
      std::string text = eq == std::string::npos ? "" : v.substr(eq + 1);
      if (eq == std::string::npos) {
        if (i + 1 >= w.size()) break;
        value = &w[++i];
        text = value->value;
      }
      if (one_of(opt, {"-c", "--channel"}))
        em.add(FactKind::Command, "conda-channel", value->begin, value->end).detail = text;
      continue;
    }
    std::string_view spec(v);
    if (size_t cc = spec.rfind("::"); cc != std::string_view::npos) spec = spec.substr(cc + 2);
    size_t k = 0;
    while (k < spec.size() && (is_name_char(spec[k]) || spec[k] == '-' || spec[k] == '.')) ++k;
    while (k > 0 && !std::isalnum(static_cast<unsigned char>(spec[k - 1]))) --k;
    if (k == 0 || !std::isalnum(static_cast<unsigned char>(spec[0]))) continue;
    std::string_view rest = spec.substr(k);
    Fact& d = em.add(FactKind::Dependency, normalize_dist(spec.substr(0, k)), w[i].begin, w[i].end);
    d.detail = std::string(trim(rest.substr(0, rest.find(';'))));
    d.receiver = v;
  }
}

// pip words from index p ("pip"); emits pip-install + deps when the subcommand is install.
void pip_command(const std::vector<Word>& w, size_t p, Emitter& em) {
  size_t i = p + 1;
  while (i < w.size() && starts_with(w[i].value, "-")) ++i;
  if (i >= w.size() || w[i].value != "install") return;
  Fact& f = em.add(FactKind::Command, "pip-install", w[p].begin, w[p].end);
  f.detail = join(w, i + 1);
  pip_install(w, i + 1, em);
}

// `python -c CODE`: the code's uses of the CUDA world (`torch.cuda.is_available()` in a
// Dockerfile sanity check) are facts of the CODE word. Imports and script marks are left out:
// the command imports nothing of the project and starts no phase.
void inline_python(const Word& code, Emitter& em) {
  for (Fact& f : python::inline_python_facts(code.value, em.pos().span(code.begin, code.end)))
    em.out().facts.push_back(std::move(f));
}

// Python interpreter at index p: returns the call and handles `-m pip` / launchers.
std::string python_call(const std::vector<Word>& w, size_t p, Emitter& em) {
  for (size_t i = p + 1; i < w.size(); ++i) {
    const std::string& v = w[i].value;
    if (v == "-m" && i + 1 < w.size()) {
      const std::string& mod = w[i + 1].value;
      if (mod == "torch.distributed.run" || mod == "torch.distributed.launch" ||
          mod == "accelerate.commands.launch" || mod == "deepspeed.launcher.runner")
        return launcher_call(w, i + 2);
      if (mod == "pip") pip_command(w, i + 1, em);
      return "-m " + mod;
    }
    if (v == "-c") {
      if (i + 1 < w.size()) inline_python(w[i + 1], em);
      return "";
    }
    if (v == "-W" || v == "-X") {
      ++i;
      continue;
    }
    if (v.size() > 1 && v[0] == '-') continue;
    return v;
  }
  return "";
}

// Options of wrapper commands that take a value.
bool wrapper_option_value(std::string_view cmd, std::string_view opt) {
  if (cmd == "sudo")
    return one_of(opt, {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T"});
  if (cmd == "nice") return opt == "-n";
  if (cmd == "timeout") return one_of(opt, {"-s", "-k", "--signal", "--kill-after"});
  if (cmd == "env") return one_of(opt, {"-u", "--unset", "-C", "--chdir"});
  if (cmd == "numactl") return one_of(opt, {"-N", "-m", "-C", "-p", "-i"});
  if (cmd == "xargs") return one_of(opt, {"-n", "-P", "-I", "-L", "-d", "-s", "-E", "-a"});
  return false;
}

bool is_wrapper(std::string_view b) {
  return one_of(b, {"sudo", "nohup", "exec", "time", "command", "nice", "stdbuf", "timeout", "env",
                    "numactl", "taskset", "xargs"});
}

bool is_inner_start(std::string_view b) {
  return is_python(b) ||
         one_of(b, {"torchrun", "deepspeed", "accelerate", "bash", "sh", "nvidia-smi", "nsys",
                    "ncu"}) ||
         ends_with(b, ".sh") || ends_with(b, ".py");
}

}  // namespace

bool emit_assign(const Word& w, Emitter& em) {
  size_t n = 0, at = 0;
  if (!assignment(w, n, at)) return false;
  Fact& f =
      em.add(FactKind::EnvVar, w.value.substr(0, n), w.begin, w.begin + static_cast<uint32_t>(n));
  f.usage = Usage::Assign;
  f.detail = w.value.substr(at);
  return true;
}

Fact& Emitter::add(FactKind kind, std::string name, uint32_t begin, uint32_t end) {
  Fact f;
  f.kind = kind;
  f.name = std::move(name);
  f.span = pos_.span(begin, end);
  out_.facts.push_back(std::move(f));
  return out_.facts.back();
}

std::string normalize_dist(std::string_view name) {
  return ascendify::normalize_dist_name(name);
}

void analyze_command(const std::vector<Word>& w, Emitter& em) {
  size_t i = 0;
  while (i < w.size() && emit_assign(w[i], em)) ++i;
  size_t outer = kNpos;  // srun/mpirun fact waiting for its inner command's call
  size_t guard = 0;
  while (i < w.size() && guard++ < w.size() + 1) {
    std::string_view b = basename(w[i].value);
    if (b.empty() || one_of(b, {"[[", "[", "test", "!", "{", "}", "(", ")"})) return;
    if (one_of(b, {"export", "declare", "typeset", "local", "readonly"})) {
      for (size_t k = i + 1; k < w.size(); ++k) emit_assign(w[k], em);
      return;
    }
    size_t fact_index = em.out().facts.size();
    if (b != "time") {
      Fact& f = em.add(FactKind::Command, std::string(b), w[i].begin, w[i].end);
      f.detail = join(w, i + 1);
      note_passed_options(w, i + 1, em.out());
    }
    std::string call;
    size_t next = kNpos;
    if (is_wrapper(b)) {
      size_t k = i + 1;
      int positional = one_of(b, {"timeout", "taskset"}) ? 1 : 0;
      while (k < w.size()) {
        const std::string& v = w[k].value;
        if (b == "env" && emit_assign(w[k], em)) {
          ++k;
        } else if (b == "command" && (v == "-v" || v == "-V")) {
          return;  // `command -v nvidia-smi`: a lookup (is it installed?), not a run
        } else if (v.size() > 1 && v[0] == '-') {
          k += wrapper_option_value(b, v) ? 2 : 1;
        } else if (positional > 0) {
          --positional;
          ++k;
        } else {
          break;
        }
      }
      next = k;
    } else if (one_of(b, {"srun", "mpirun", "mpiexec", "salloc"})) {
      for (size_t k = i + 1; k < w.size(); ++k) {
        if (w[k].value.empty() || w[k].value[0] == '-') continue;
        if (is_inner_start(basename(w[k].value))) {
          next = k;
          break;
        }
      }
      outer = fact_index;
    } else if (is_python(b)) {
      call = python_call(w, i, em);
    } else if (b == "torchrun" || b == "deepspeed") {
      call = launcher_call(w, i + 1);
    } else if (b == "accelerate") {
      if (i + 1 < w.size() && w[i + 1].value == "launch") call = launcher_call(w, i + 2);
    } else if (is_pip(b)) {
      pip_command(w, i, em);
    } else if (b == "uv" && i + 1 < w.size() && w[i + 1].value == "pip") {
      pip_command(w, i + 1, em);
    } else if (one_of(b, {"conda", "mamba", "micromamba"})) {
      conda_command(w, i, em);
    } else if (ends_with(b, ".py")) {
      call = w[i].value;
    }
    if (!call.empty()) {
      if (b != "time") em.out().facts[fact_index].call = call;
      if (outer != kNpos && outer != fact_index) em.out().facts[outer].call = call;
    }
    if (next == kNpos || next <= i) return;
    i = next;
  }
}

}  // namespace ascendify::shell
