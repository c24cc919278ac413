#pragma once
// The kinds of facts (core/facts.hpp) and how a Reference is used: apart, for the types that
// store them without the facts (core/site_list.hpp).
#include <cstdint>

namespace ascendify {

enum class FactKind : uint8_t {
  Import,       // name: module ("flash_attn.flash_attn_interface"); for `from m import x`:
                //   name = "m.x" (qualified symbol), detail = "m"; alias: bound local name;
                //   arg_index = relative level (0 absolute); star import: name="m.*"
  Reference,    // name: resolved qualified name ("torch.cuda.synchronize"); usage says how used;
                //   a plain Load has ctx Compare when it is only compared (`== torch.float64`,
                //   `in (torch.float32, torch.float64)`), DictValue when it is an entry of a
                //   dict / list / tuple display (a table), Keyword otherwise
  MethodCall,   // name: method ("cuda", "to", "float"); receiver: source text of the receiver;
                //   usage Call for `.m(...)`, Load for an attribute read `x.is_cuda` (the last
                //   attribute of a chain whose head is not an import)
  String,       // name: literal value (f-string holes replaced by "{}"); ctx + detail + call
  ClassDef,     // name: class name; args: bases as Name args (resolved qualified names)
  FunctionDef,  // name: function name; args: decorators as Name args; scope: enclosing scope
  MainGuard,    // `if __name__ == "__main__":` at this span (name "__main__"), or a bare
                // call at the module's top level (name "script", detail: the resolved callee)
  Dependency,   // name: normalized distribution ("flash-attn"); detail: version spec;
                //   receiver: raw requirement text; guarded for optional extras
  EnvVar,     // name: variable ("CUDA_VISIBLE_DEVICES"); detail: value; usage Assign=set, Load=read
  Command,    // name: command ("nvidia-smi", "nvcc", "torchrun", "pip-install");
              //   detail: the rest; call: python script it starts, when known
  BaseImage,  // name: image ("nvidia/cuda:12.1.0-devel-ubuntu22.04")
  Native,     // name: the symbol (kernel name, intrinsic "__shfl_xor_sync", runtime API
              //   "cudaMalloc", ATen API "at::cuda::getCurrentCUDAStream", header "cub/cub.cuh",
              //   bound op name); detail: category, one of kernel | launch | include |
              //   intrinsic | runtime-api | aten-api | binding | inline-asm | type | macro |
              //   triton-launch (Python `kernel[grid](...)`, from the Python front end)
};

// How a Reference is used.
enum class Usage : uint8_t {
  Load,       // plain use in an expression (an argument, a comparison, ...)
  Call,       // callee of a call
  Decorator,  // decorator (with or without call)
  With,       // item of a `with` statement
  Assign,     // assignment target (`torch.backends.cudnn.benchmark = True`); args[0] = value
  ClassBase,  // base class of a class definition
};

}  // namespace ascendify
