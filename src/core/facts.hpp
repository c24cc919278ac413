#pragma once
// Facts: what the front ends extract from a file. Plain data, no behaviour. Every front end
// (python, notebook, manifest, shell/docker, native) produces a FileFacts; the matcher turns
// facts into findings using the rules; assess reads facts for imports, entry points, kernels.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/fact_kind.hpp"
#include "core/kernel_kind.hpp"
#include "core/site_list.hpp"
#include "core/span.hpp"
#include "core/string_pool.hpp"
#include "core/thin_vector.hpp"

namespace ascendify {

// Where a string literal sits. Only strings in one of these contexts become facts.
enum class StringContext : uint8_t {
  Keyword,       // keyword argument: detail = keyword name, call = resolved callee
  Positional,    // positional argument: arg_index, call = resolved callee (or ".method")
  AssignValue,   // right side of an assignment: detail = target text ("self.device")
  Compare,       // operand of ==, !=, is, in, not in: detail = other operand text
  DefaultParam,  // default value of a parameter: detail = parameter name
  DictValue,     // value in a dict display: detail = key text
  Subscript,     // index of a subscript: `os.environ["CUDA_VISIBLE_DEVICES"]`; detail = object
  Return,        // returned value of a function
};

enum class ValueKind : uint8_t {
  None,     // no value / not a literal
  String,   // value = decoded literal
  FString,  // value = literal parts with each {...} replaced by "{}"
  Number,   // value = source text
  Bool,     // "True" / "False"
  Null,     // "None"
  Name,     // dotted name, value = resolved qualified name ("torch.float64")
  Other,    // any other expression; value = source text (truncated to 120 bytes)
};

struct Arg {
  std::string keyword;  // empty for positional
  ValueKind kind = ValueKind::None;
  std::string value;
  Span span;
};

// Scope of the facts of `python -c CODE` in a shell script, Dockerfile or notebook `!` line:
// no `fix` edit reaches them and transfer_to_npu (imported by the project's processes, not by
// a one-liner) does not cover them.
inline constexpr std::string_view kInlinePythonScope = "python -c";

struct Fact {
  FactKind kind = FactKind::Reference;
  Usage usage = Usage::Load;
  StringContext ctx = StringContext::Keyword;
  // Bit-fields: a tree has hundreds of thousands of facts and both fit in the byte before
  // arg_index (a separate bool grew the struct from 248 to 256 bytes).
  bool guarded : 1 = false;  // import/use under try/except ImportError or an availability check
  // In a branch beside an NPU branch (`if cuda: <here> elif is_npu_available(): ...`): the
  // project already has its NPU path; `fix` leaves this code as it is. Implies `guarded`.
  bool beside_npu : 1 = false;
  // A check in the condition of an `assert`, or of an `if` whose branch taken where CUDA is
  // missing raises (`if not torch.cuda.is_available(): raise ...`, `if x.is_cuda: ... else:
  // raise`): false on an NPU, it stops the run (rules say which facts are CUDA checks).
  bool stops_run : 1 = false;
  // Inside the arguments of an output call (`print(...)`, `logger.info(...)`, an f-string
  // field of one): the value is only shown, the run does not depend on it.
  bool output_only : 1 = false;
  int32_t arg_index = -1;
  Span span;  // the matched token(s): the dotted name, the method name, the literal
  std::string name;
  std::string detail;
  std::string call;
  std::string receiver;
  std::string alias;
  std::string scope;      // enclosing "Class.method" / "func" / "" for module level
  std::vector<Arg> args;  // call arguments (Reference Usage::Call, MethodCall), bases, decorators
};

// A kernel-like unit for the inventory (CUDA __global__, @triton.jit, autograd.Function).
struct KernelFact {
  KernelKind kind = KernelKind::Cuda;
  std::string name;
  Span span;
  uint32_t loc = 0;
  std::vector<std::string> features;  // "warp-shuffle", "shared-memory", "inline-asm", ...
  std::vector<std::string> calls;     // kernels / ops it calls (autograd forward/backward)
  std::string scope;
  bool templated = false;
  bool backward_only = false;
  bool has_fallback = false;
};

// The uses of names in one file as assess reads them: every Reference fact, every MethodCall
// fact that is a call (attribute reads, Usage::Load, only matter to the matcher and are not
// kept) and every kernel launch (Native "launch" / "triton-launch") as a Site of about 4 bytes
// (core/site_list.hpp), every Import fact as a 24-byte ImportSite, in file order, with the
// strings interned per file. A big tree has hundreds of thousands of references; kept as whole
// Facts (248 bytes plus strings) they were most of a scan's memory. Built by
// core/use_digest.hpp.
struct UseDigest {
  using Site = SiteList::Site;
  SiteList sites;
  // The launch sites' Native facts (their launch options), by index into FileFacts::facts: the
  // k-th launch site (kind Native) in `sites` has launch_facts[k].
  std::vector<uint32_t> launch_facts;
  // The Import facts as assess reads them (import graph, dependency rows, kernel linking), in
  // file order: 24 bytes each instead of a 248-byte Fact with its strings.
  struct ImportSite {
    uint32_t line = 0;
    uint32_t name = 0;    // Fact::name ("m.x" for `from m import x`), id into `strings`
    uint32_t detail = 0;  // Fact::detail ("m")
    uint32_t alias = 0;   // Fact::alias (the bound local name)
    uint32_t scope = 0;   // Fact::scope: an import inside a def belongs to its unit
    int16_t level = 0;    // Fact::arg_index: 0 absolute, > 0 relative (dots), clamped
    bool guarded = false;
  };
  std::vector<ImportSite> imports;
  // The module-level FunctionDef and ClassDef facts (the program model's units, the names other
  // files may call), in file order: 16 bytes each instead of a 248-byte Fact with its
  // decorators. A def's decorators are Fact::args' values, a class's are Fact::detail split at
  // ','; `decorators` holds their string ids, def after def.
  struct DefSite {
    uint32_t line = 0;
    uint32_t name = 0;  // id into the strings
    uint32_t first_decorator = 0;
    uint32_t decorator_count : 31 = 0;
    uint32_t is_class : 1 = 0;
  };
  static_assert(sizeof(DefSite) == 16);
  std::vector<DefSite> defs;
  std::vector<uint32_t> decorators;
  // The interned strings, id 0 is "". Own: back to back, string `id` is text[starts[id],
  // starts[id + 1]). Shared (share_strings, core/use_digest.hpp): `text` and `starts` empty,
  // string `id` is pool->str(pool_ids[id]), the text kept once for all the digests of a worker.
  // Ids are per file either way: assess sizes per-file tables by count().
  std::string text;
  std::vector<uint32_t> starts{0, 0};
  std::shared_ptr<const StringPool> pool;
  std::vector<uint32_t> pool_ids;

  std::string_view str(uint32_t id) const {
    if (pool) return pool->str(pool_ids[id]);
    return std::string_view(text).substr(starts[id], starts[id + 1] - starts[id]);
  }
  uint32_t count() const {
    return static_cast<uint32_t>(pool ? pool_ids.size() : starts.size() - 1);
  }
};

// Everything one front end learned from one file. The lists most files leave empty are
// ThinVectors (core/thin_vector.hpp): a scan keeps one FileFacts per file it found.
struct FileFacts {
  std::vector<Fact> facts;
  ThinVector<KernelFact> kernels;
  ThinVector<Diagnostic> diagnostics;
  // Notebook: for each fact line in the concatenated code, which cell and line in the cell.
  // Empty for other kinds.
  struct CellLine {
    uint32_t cell = 0;       // 1-based cell index
    uint32_t line = 0;       // 1-based line within the cell
    uint32_t json_line = 0;  // 1-based line inside the .ipynb file
  };
  ThinVector<CellLine> cell_lines;  // indexed by (line - 1) of the concatenated code
  // Python: bodies that run only when a flag is set (`if use_fp8:`, `if args.use_fp8:`, the
  // else of `if not trt:`), lines first..last. `flag`: the name tested. `param`: a parameter of
  // the enclosing function that defaults to False / None (off unless a caller asks); else an
  // attribute (`args.use_fp8`), off by default only if an argparse option says so
  // (flag_options). Either is on after all when a launcher of the project passes `--flag`.
  // `constant`: a branch module constants rule out (`gemm_impl = "bf16"` then `if gemm_impl ==
  // "fp8":`, or the else of a branch they select); `flag` is the constant. Off by default.
  // `option`: a branch an argparse default rules out (`default="t2v-14B"`, `if "i2v" in
  // args.task:`); `flag` is the dest. Off unless a launcher of the project passes the option.
  struct FlagBlock {
    uint32_t first_line = 0, last_line = 0;
    std::string flag;
    bool param = false;
    bool constant = false;
    bool option = false;
  };
  ThinVector<FlagBlock> flag_blocks;
  // Python: the branches of an if/elif/else chain that tests one argparse option against
  // literals (`if "t2v" in args.task:`, `elif args.task == "i2v":`, `else:`), lines
  // first..last. Per task sub-phase, each value of the option takes the first branch whose
  // test holds, else the chain's `else` (assess/tasks.hpp).
  struct TaskBranch {
    uint32_t first_line = 0, last_line = 0;
    uint32_t chain = 0;  // the line of the chain's `if`
    std::string dest;    // the option's dest: "task"
    // The test holds when any atom does: '=' the value equals the text, '~' contains it.
    std::vector<std::pair<char, std::string>> atoms;
    bool is_else = false;
  };
  ThinVector<TaskBranch> task_branches;
  // Python: argparse options declared with `choices=`: the dest, its default (a string
  // literal, else ""), and the choices, either literal values or the name of what lists them
  // (`choices=list(WAN_CONFIGS.keys())`: "wan.configs.WAN_CONFIGS" as the import binds it,
  // "__local__.TASKS" for a module-level name of the file).
  struct OptionChoices {
    std::string dest, default_value, source;
    std::vector<std::string> values;
  };
  ThinVector<OptionChoices> option_choices;
  // Python: module-level names bound once to a dict display with string keys or a list/tuple
  // of strings: the keys / strings (a `choices=` source another file names).
  ThinVector<std::pair<std::string, std::vector<std::string>>> module_string_lists;
  // Python: the bodies of module-level `if __name__ == "__main__":` blocks, lines first..last:
  // they run only when the file is the program, not when another module imports it.
  ThinVector<std::pair<uint32_t, uint32_t>> main_blocks;
  // Python: dests of argparse options that are off by default (`action="store_true"`,
  // `default=False`): "use_fp8" for `add_argument("--use-fp8", action="store_true")`.
  ThinVector<std::string> flag_options;
  // Shell scripts, Dockerfiles: the long options their commands pass, as argparse names the
  // dests ("i2v_mode" for `python sample.py --i2v-mode`; "steps" for `--steps=4`).
  ThinVector<std::string> passed_options;
  // Suppressions `# ascendify: ignore[rule-id]`: line -> rule ids ("" = all rules).
  ThinVector<std::pair<uint32_t, std::string>> suppressions;
  // Set only by `ascendify scan` after matching (pipeline slim mode): the Reference,
  // MethodCall and Import facts then live only here, not in `facts`.
  UseDigest uses;
  // Slim mode: the ".py" paths this file runs by name (script_run_by_name), kept when the
  // String facts are dropped.
  ThinVector<std::string> scripts_run;
  bool uses_digested = false;
};

}  // namespace ascendify
