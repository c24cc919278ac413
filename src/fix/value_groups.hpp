#pragma once
// Device value groups of one Python file: the "cuda" literals that hold one device value and
// the comparisons that test it. nanoGPT's
//     device = 'cuda'
//     device_type = 'cuda' if 'cuda' in device else 'cpu'
//     if device_type == 'cuda': ...
// is one group: `device`, and `device_type` (whose definition tests `device`), with their
// three literals and two comparisons. Edited in part, the program changes what it does
// (`'npu' in device` with device still 'cuda' turns autocast off), so `fix` rewrites a group
// whole or not at all. File-local def-use on the lexer's tokens and the front end's String
// facts; conservative: names are matched by their text in the whole file (two variables of
// one name in two functions make one, larger group).
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/facts.hpp"
#include "python/token.hpp"

namespace ascendify::fix::detail {

struct ValueGroup {
  struct Literal {
    uint32_t offset = 0;  // of the String fact's span
    uint32_t line = 0;
    bool def = false;  // assigned / defaulted to a name of the group, else compared with one
  };
  std::vector<std::string> carriers;  // the names holding the value ("device", "device_type")
  std::vector<Literal> literals;      // the "cuda" literals, in file order
  // A parameter default is among the defs (`def f(device="cuda")`): callers decide the value.
  bool param_def = false;
  // A name of the group is also given a run-time device (`device = x.device.type`).
  bool runtime_source = false;
  bool has_defs() const;
  bool has_compares() const;
};

struct ValueGroups {
  std::vector<ValueGroup> groups;
  std::unordered_map<uint32_t, uint32_t> group_of;  // literal offset -> index in `groups`
  // Offsets of "cuda" literals compared with a run-time device type (`x.device.type`,
  // `torch.device(d).type`): "npu" on an NPU whatever the strings say; never in a group.
  std::vector<uint32_t> runtime_compares;
  // Those whose operand is not a tensor's `x.device.type` (`torch.device(d).type`, a parameter
  // `device.type`): under transfer_to_npu a torch.device built from "cuda" stays "cuda".
  std::vector<uint32_t> object_type_compares;
  // The other "cuda" literals (a dict key `{"cuda": 64}[device]`, `device.startswith("cuda")`,
  // `cfg["device"] == "cuda"`): with the names of their statement, so that a group whose name
  // one of them tests is not edited while that test stays.
  struct Other {
    uint32_t offset = 0, line = 0;
    std::vector<std::string> names;
  };
  std::vector<Other> others;
};

// "cuda", "cuda:0", f"cuda:{rank}": a literal holding a CUDA device value.
bool is_cuda_value(std::string_view literal_value);

// Groups of the String facts of `facts` whose value is a CUDA device value. `tokens` is the
// lexer's stream of the same text.
ValueGroups device_value_groups(const std::vector<Fact>& facts,
                                const std::vector<python::Token>& tokens);

}  // namespace ascendify::fix::detail
