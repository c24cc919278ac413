#!/usr/bin/env python3
"""Writes docs/hardware-and-versions.md from rules/model/{hardware,versions,operators}.yaml, the
rules' `hardware:` entries and docs/facts/op-products.yaml. Run after changing any of them
(needs python3-yaml): python3 scripts/hardware-doc.py"""
import os
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return yaml.safe_load(f)


hw = load("rules/model/hardware.yaml")
ver = load("rules/model/versions.yaml")
ops = load("rules/model/operators.yaml")
products = load("docs/facts/op-products.yaml")
out = ["""# Target hardware and versions

What ascendify knows about the Ascend hardware a port targets and about the torch ↔ torch_npu ↔
CANN pairing, with the sources. The data lives in `rules/model/hardware.yaml`,
`rules/model/versions.yaml` and `rules/model/operators.yaml`; rules read per profile through
their `hardware:` entries (rules/README.md). Written by `scripts/hardware-doc.py` from those files,
`docs/facts/op-products.yaml` and the notes in `docs/facts/operator-notes.md`.

## Hardware profiles (`--hardware NAME`, `[tool.ascendify] hardware = "NAME"`)

The default is `atlas-a2`. The report names the profile it was read for (JSON `hardware`, the
Markdown and HTML headers, the terminal summary). `ascendify rules --hardware NAME` lists the
rules as they read there; `ascendify rules` shows every per-profile entry in its last column and
`ascendify explain RULE` under "On other hardware".

| id | name | aliases | what differs for a port | sources |
|---|---|---|---|---|"""]
for p in hw["profiles"]:
    aliases = ", ".join("`" + str(a) + "`" for a in p["aliases"])
    out.append(f"| `{p['id']}` | {p['name']} | {aliases} | {p['summary']} | {'; '.join(p['refs'])} |")
out.append("""
Ascend 950PR and 950DT are one profile: torch_npu maps both to one SoC version; the op-plugin
documents list some ops for 950DT only (npu_fusion_attention, fp8 outputs of npu_rms_norm_quant).

### Rules that read differently per profile

| rule | profile | change |
|---|---|---|""")
for f in sorted(os.listdir(os.path.join(ROOT, "rules"))):
    if not f.endswith(".yaml"):
        continue
    for r in load("rules/" + f) or []:
        for prof, o in (r.get("hardware") or {}).items():
            parts = []
            if o.get("applies") is False:
                parts.append("no finding")
            if "severity" in o:
                parts.append("severity " + o["severity"])
            if "class" in o:
                parts.append("class " + o["class"])
            if "effort" in o:
                parts.append(f"effort {o['effort']['first']} h first")
            if "replacement" in o:
                parts.append("replacement: " + o["replacement"])
            out.append(f"| `{r['id']}` | `{prof}` | {'; '.join(parts) or 'message'} |")
out.append("""
### Fused operators per product (op-plugin product tables)

From the "产品支持情况" table of each document; a product absent from a table is *not listed*, not
proven unsupported (npu_fusion_attention's table omits Atlas A3, where MindSpeed and sglang train
with it). Source: """ + products["source"] + """.

| op | products listed |
|---|---|""")
for o in products["ops"]:
    out.append(f"| `{o['op']}` | {', '.join(o['products'])} |")
out.append("""
### Facts behind the profiles
- fp8: A2 and A3 have no fp8 compute; float8_e4m3fn / e5m2 exist as storage dtypes in torch_npu
  and dtype-changing copies cast on the CPU (Ascend/pytorch `CopyKernelOpApi.cpp` @9e73e70);
  op-plugin documents list fp8 / hifloat8 / MXFP8 inputs for Ascend 950 only (e.g.
  `grouped_matmul_swiglu_quant`); vllm-ascend loads fp8 checkpoints as bf16 on A3.
- bf16 on the 310P: torch_npu's `IsBF16Supported()` is false below Ascend 910B (Ascend/pytorch
  @9e73e70).
- triton-ascend: Atlas A2/A3 (triton-lang/triton-ascend README); no 310P
  (vllm-project/vllm-ascend#7421).
- `foreach` optimizers: enabled by torch_npu only on A2, A3 and 950 (`torch_npu/utils/_optim.py`
  @9e73e70), the for-loop implementation elsewhere.
- FSDP2 (`fully_shard`) is marked ✘ on 950DT in the torch_npu native API list (2.12).

## torch ↔ torch_npu ↔ CANN

Every torch pin in the project's manifests (requirements, pyproject, setup.py, conda) is read
against this table. torch_npu `X.Y.Z[.postN]` is built for torch `X.Y.Z` exactly: a pin the
table allows gets the newest release it allows in the dependency matrix ("torch 2.4.0 +
torch_npu 2.4.0.post4 (CANN 8.1.RC1)"); a pin no release allows (`torch==2.4.1`,
`torch>=2.13`) is a must-adapt finding `dependency.torch-npu-release` naming the nearest
release. Status per torch line from `SUPPORT.en.md`: development (0–6 months after the first
release), maintenance (6–12), eol.

Sources: """ + "; ".join(ver["refs"]) + """.

| torch | torch_npu | CANN | status |
|---|---|---|---|""")
for r in ver["releases"]:
    out.append(f"| {r['torch']} | {r['torch_npu']} | {r['cann']} | {r.get('status') or ''} |")
out.append("""
torch versions with no torch_npu release (a pin on one is a finding): 1.12.x, 1.13.x, 2.0.0,
2.1.1, 2.1.2, 2.2.1, 2.2.2, 2.3.0, 2.4.1, 2.5.0, 2.7.0, 2.9.1, and any torch newer than the
newest row.

## torch API support per version

`rules/model/operators.yaml` holds Huawei's PyTorch API support lists as the public analysis
tool (msFmkTransplt "PyTorch Analyse", `Ascend/mstt`; GitHub mirror
`xiaobingling93-pixel/Ascend-mstt` @99c2e0f, `msfmktransplt/src/ms_fmk_transplt/resource/`)
ships them: the unsupported APIs (`op_list_<v>.json`) and the supported ones with their verified
dtypes and notes (`supported_op_<v>.json`).

| torch list | unsupported | supported | of which with dtypes / notes |
|---|---|---|---|""")
for v in ops["versions"]:
    notes = sum(1 for x in v["supported"] if not isinstance(x, str))
    out.append(f"| {v['torch']} | {len(v['unsupported'])} | {len(v['supported'])} | {notes} |")
out.append("""
Every `torch.*` call the Python front end resolves (aliases and imports followed) is checked
against the list nearest the project's torch pin (the newer on a tie; the newest when torch is
not pinned), except `torch.cuda.*`, `torch.backends.*` and names a rule reports (those have
their own answers):
- unsupported on that list and on the newest one: `device.torch-api-unsupported` (must adapt);
- unsupported on that list, supported on the newest: `device.torch-api-supported-later` (info:
  moving to the newer torch / torch_npu pair removes it);
- in neither list: counted as unknown (JSON `operators.unknown_ops`, the 25 most called), not a
  finding.

Method calls on tensors (`x.pdist()`) are not checked: their receiver's type is not known.""")
with open(os.path.join(ROOT, "docs", "hardware-and-versions.md"), "w", encoding="utf-8") as f:
    f.write("\n".join(out) + "\n")
