#!/usr/bin/env bash
# Builds the seed corpus of one fuzz target from tests/fixtures, examples/ and rules/.
# Usage: fuzz/make_corpus.sh TARGET OUT_DIR
# TARGET: python requirements pyproject manifest_misc notebook shell native rules fix
#         program_model mcp cache lsp
set -euo pipefail
target=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
cd "$root"

# copy FILE [PREFIX_BYTE_OCTAL]: adds FILE (optionally behind a selector byte) to the corpus.
copy() {
  local f=$1 prefix=${2:-}
  local name
  name=$(printf '%s' "$f" | tr '/ ' '__')
  if [[ -n $prefix ]]; then
    { printf "\\$prefix"; cat "$f"; } >"$out/$name"
  else
    cp "$f" "$out/$name"
  fi
}
# seed NAME TEXT [PREFIX]: a hand-written seed.
seed() {
  local f
  f=$(mktemp)
  printf '%s' "$2" >"$f"
  if [[ -n ${3:-} ]]; then { printf "\\$3"; cat "$f"; } >"$out/$1"; else cp "$f" "$out/$1"; fi
  rm -f "$f"
}
files() { find tests/fixtures examples rules "$@" -type f 2>/dev/null | sort; }

case $target in
  program_model)
    # Whole example projects as one input each, files split at "#%% path" lines.
    for d in examples tests/fixtures/mamba_like; do
      f=$(mktemp)
      first=1
      for p in $(find "$d" -name '*.py' | sort); do
        if [[ $first == 1 ]]; then first=0; else printf '#%%%% %s\n' "${p%.py}" >>"$f"; fi
        cat "$p" >>"$f"
      done
      cp "$f" "$out/$(printf '%s' "$d" | tr '/' '_')"
      rm -f "$f"
    done
    seed cycle $'from b import f\ndef g():\n    return f()\n#%% b\nfrom main import g\ndef f():\n    return g()\n'
    seed reexport $'from pkg import h\nh()\n#%% pkg/__init__\nfrom .x import *\n#%% pkg/x\nfrom flash_attn import flash_attn_func\ndef h():\n    return flash_attn_func(1)\n'
    ;;
  mcp)
    # A session of the scripted client's kind, and frames that go wrong in each way.
    seed session $'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"scan","arguments":{"path":"p","class":"stops-run","limit":5,"offset":5}}}\n{"jsonrpc":"2.0","id":"4","method":"tools/call","params":{"name":"fix_preview","arguments":{"only":["device"],"files":["a.py"],"transfer_to_npu":true}}}\n'
    seed bad $'{\n[1]\n{"jsonrpc":"2.0","id":{},"method":"ping"}\n{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"scan","arguments":{"limit":"x"}}}\n{"jsonrpc":"2.0","id":1,"result":1}\n'
    ;;
  lsp)
    # Framed sessions (byte 0: chunk size and whether to start initialised): open, change by
    # text and by range, hover, code actions, shutdown; and frames that go wrong in each way.
    python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
def f(m):
    b = json.dumps(m).encode() if not isinstance(m, bytes) else m
    return b"Content-Length: %d\r\n\r\n" % len(b) + b
def msg(i, method, params):
    m = {"jsonrpc": "2.0", "method": method, "params": params}
    if i is not None:
        m["id"] = i
    return m
u = "file:///w/a.py"
td = {"uri": u}
pos = {"line": 1, "character": 2}
rng = {"start": {"line": 0, "character": 1}, "end": {"line": 1, "character": 3}}
session = b"".join(f(m) for m in [
    msg(1, "initialize", {"rootUri": "file:///w", "capabilities": {"general": {"positionEncodings": ["utf-8"]}}}),
    msg(None, "initialized", {}),
    msg(None, "textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "python", "version": 1, "text": "import torch\nx.cuda()\n"}}),
    msg(None, "textDocument/didChange", {"textDocument": {"uri": u, "version": 2}, "contentChanges": [{"range": rng, "text": "\u00e9\U0001F600"}, {"text": "y = 1\n"}]}),
    msg(2, "textDocument/hover", {"textDocument": td, "position": pos}),
    msg(3, "textDocument/codeAction", {"textDocument": td, "range": rng, "context": {"diagnostics": []}}),
    msg(4, "workspace/executeCommand", {"command": "ascendify.writeReport", "arguments": [{}]}),
    msg(None, "textDocument/didSave", {"textDocument": td}),
    msg(None, "textDocument/didClose", {"textDocument": td}),
    msg(5, "shutdown", None), msg(None, "exit", None)])
bad = (b"garbage\r\n\r\n" + b"Content-Length: 5\r\nContent-Length: 7\r\n\r\n" +
       b"Content-Length: x\r\n\r\n{}" + b"Content-Length: 99999999\r\n\r\nabc" +
       f(b"{nope") + f(b"[1]") + f(msg(7, "textDocument/definition", {})) +
       f(msg(None, "textDocument/didChange", {"textDocument": {"uri": "file:///w/b.py"}, "contentChanges": [{"text": "x"}]})))
for name, data in [("session", session), ("bad", bad)]:
    for prefix in (b"\x87", b"\x01"):
        with open(os.path.join(out, name + prefix.hex()), "wb") as fh:
            fh.write(prefix + data)
PY
    ;;
  python | fix)
    for f in $(files -name '*.py'); do copy "$f"; done
    seed deep '((((((((((((((((((((((((((((((((x))))))))))))))))))))))))))))))))'
    seed fstr $'f"{x!r:>{w}} {y=}" f\'\'\'\n{a}\n\'\'\' rb"\\x00" u"\\N{DASH}"\n'
    seed tabs $'if x:\n\tif y:\n        z = 1\n  \tw\n'
    ;;
  requirements)
    for f in $(files -name 'requirements*.txt'); do copy "$f"; done
    seed req1 $'-r other.txt\n-c constraints.txt\n--index-url https://x/simple\nflash-attn[cuda]>=2.5; python_version>"3.8" # c\ntorch==2.1.0+cu121 \\\n  --hash=sha256:00\ngit+https://github.com/a/b@v1#egg=b\n-e .\n./local.whl\n'
    ;;
  pyproject)
    for f in $(files -name '*.toml'); do copy "$f"; done
    seed pp1 $'[project]\nname="x"\ndependencies=["torch>=2", "flash-attn"]\n[project.optional-dependencies]\ncuda=["triton"]\n[tool.poetry.dependencies]\npython="^3.10"\ntorch={version="2.1", source="cu"}\n[[tool.poetry.source]]\nname="cu"\nurl="https://x"\n[dependency-groups]\ndev=["pytest", {include-group="x"}]\n[build-system]\nrequires=["setuptools"]\n'
    ;;
  manifest_misc)
    seed env1 $'name: x\nchannels:\n  - nvidia\n  - pytorch\ndependencies:\n  - pytorch-cuda=12.1\n  - cudatoolkit\n  - pip:\n    - flash-attn>=2\n' 000
    seed env2 $'dependencies: [a, {pip: [b]}, &x c, *x]\n' 000
    seed cfg1 $'[options]\ninstall_requires =\n    torch>=2\n    apex\n[options.extras_require]\ncuda = triton\n[options.entry_points]\nconsole_scripts =\n    x = a.b:c\n' 001
    for f in $(files -name 'setup.py'); do copy "$f" 002; done
    seed yml1 $'model:\n  _target_: a.b.C\n  sub:\n    - target: \'x.y\'  # c\n  class_path: "t.o.A"\r\n' 003
    ;;
  notebook)
    for f in $(files -name '*.ipynb'); do copy "$f"; done
    seed nb1 '{"cells":[{"cell_type":"code","source":["!nvidia-smi\n","%pip install flash-attn\n","import torch\n","x.cuda()"]},{"cell_type":"markdown","source":"# t"}],"nbformat":4}'
    seed nb3 '{"worksheets":[{"cells":[{"cell_type":"code","input":["import torch\n","torch.cuda.synchronize()"]}]}],"nbformat":3}'
    ;;
  shell)
    for f in $(files -name '*.sh'); do copy "$f" 000; done
    for f in $(files -name 'Dockerfile*'); do copy "$f" 001; done
    seed sh1 $'export CUDA_VISIBLE_DEVICES=0,1\nNCCL_DEBUG=INFO torchrun --nproc_per_node=8 train.py "$@"\necho ${CUDA_HOME:-/usr/local/cuda} $(nvidia-smi -L)\ncat <<EOF\n$X\nEOF\n' 000
    seed df1 $'ARG CUDA=12.1\nFROM nvidia/cuda:${CUDA}-devel AS b\nENV A=1 B="2"\nRUN pip install flash-attn \\\n && nvcc --version\nCMD ["python","train.py"]\n' 001
    ;;
  native)
    for f in $(files \( -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' -o -name '*.h' \)); do copy "$f"; done
    seed n1 $'#include <cub/cub.cuh>\ntemplate <int N> __global__ void k(float* x) { __shared__ float s[N]; x[0] = __shfl_xor_sync(~0u, s[0], 1); asm volatile("nop"); }\nvoid f() { k<1><<<1, 2, 0, at::cuda::getCurrentCUDAStream()>>>(p); }\nPYBIND11_MODULE(m, m) { m.def("k", &f); }\nauto s = R"x(")x";\n'
    ;;
  cache)
    # The entries of a pack the built tool writes for the example (src/cache/file_cache.cpp:
    # a 40-byte frame header, a u32 count, then per entry a u32-sized path, five u64, a u8 and
    # a u32-sized blob), one seed per file. No built tool: no seeds.
    bin=${ASCENDIFY_BIN:-$root/build/ascendify}
    if [[ -x $bin ]]; then
      tmp=$(mktemp -d)
      "$bin" scan examples --format json -o "$tmp/out" --cache-dir "$tmp/cache" >/dev/null 2>&1 || true
      python3 - "$tmp/cache" "$out" <<'PY'
import glob, os, struct, sys
for pack in glob.glob(os.path.join(sys.argv[1], "*.pack")):
    data = open(pack, "rb").read()[40:]
    (count,), pos = struct.unpack_from("<I", data), 4
    for i in range(count):
        (n,) = struct.unpack_from("<I", data, pos); pos += 4 + n + 41
        (n,) = struct.unpack_from("<I", data, pos); pos += 4
        open(os.path.join(sys.argv[2], "entry%03d" % i), "wb").write(data[pos:pos + n]); pos += n
PY
      rm -rf "$tmp"
    fi
    ;;
  rules)
    for f in $(find rules -name '*.yaml' | sort); do copy "$f"; done
    for f in $(files -name '*.yaml' -path '*fixtures*'); do copy "$f"; done
    ;;
  *)
    echo "unknown target: $target" >&2
    exit 2
    ;;
esac
echo "$(ls "$out" | wc -l) seeds in $out"
