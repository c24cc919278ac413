#!/usr/bin/env python3
"""List English prose left in a Chinese report (Markdown or HTML) or in zh rule text.

A "prose cell" is a table cell, list item or paragraph of a report, or one zh string of a
rule file. It holds English prose when, after code spans, URLs, paths, identifiers, package
names and product names are removed, three or more plain English words still follow one
another ("remove the check", "a call with"). Exit 1 when any is found; --count prints the
number only.

Usage: zh-prose.py [--count] [--yaml] FILE...
  --yaml  FILE is a rules/*.yaml or rules/model/*.yaml file: check every *_zh / zh string.
"""
import html
import re
import sys

CODE_SPAN = re.compile(r"(`+).+?\1|<code>.*?</code>|<pre>.*?</pre>", re.S)
TAG = re.compile(r"<[^>]+>")
URL = re.compile(r"https?://\S+")
# identifiers, dotted names, paths, flags, versions, package names with - or _, placeholders
TOKEN_CODE = re.compile(
    r"^(?:[-\w.]*[._/=:()\[\]{}<>#@*\\][-\w.:/=()\[\]{}<>#@*\\]*|--?[\w-]+|[\w]+-[\w-]+|\{\w*\}|"
    r".*\d.*|[A-Z0-9_]{2,}s?|[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*)$")
WORD = re.compile(r"^[A-Za-z][a-z]*$")
# Proper names that may stand in Chinese text (products, companies, frameworks)
NAMES = {
    "Ascend", "Atlas", "Huawei", "NVIDIA", "Nvidia", "PyTorch", "Triton", "Lightning",
    "Fabric", "DeepSpeed", "Megatron", "MindSpeed", "MindIE", "Apex", "Transformer",
    "Engine", "Docker", "Python", "Kunpeng", "Linux", "Hopper", "Ampere", "Blackwell",
    "Hugging", "Face", "Colossal", "ColossalAI", "Accelerate", "Diffusers", "Transformers",
    "Kylin", "openEuler", "Debian", "Ubuntu", "Conda", "Jupyter", "Intel", "AMD", "Google",
    "Meta", "Microsoft", "Mamba", "FlashAttention", "Flash", "Attention", "Liger", "Kernel",
    "CuTe", "DSL", "ThunderKittens", "TileLang", "CUTLASS", "Numba", "CuPy", "ONNX", "Runtime",
    "TensorRT", "vLLM", "Ring", "Ulysses", "Tensor", "Core", "Cores", "Vector", "Cube", "C",
    "Inductor", "Dynamo", "Graph", "Mode", "Ops", "Adam", "AdamW", "Lion", "Sophia",
}


def prose_runs(text):
    text = URL.sub(" ", CODE_SPAN.sub(" ", text))
    text = html.unescape(TAG.sub(" ", text))
    runs, run = [], []
    for raw in re.split(r"\s+", text):
        tok = raw.strip(",;.!?\"'“”‘’（）()：:、，。；")
        plain = tok and WORD.match(tok) and not TOKEN_CODE.match(tok) and tok not in NAMES
        if plain and raw == raw.strip("（）()：、，。；“”"):
            run.append(tok)
            if raw.endswith((".", ";", ":", "?", "!")) and len(run) < 3:
                run = []  # a sentence boundary breaks a run of short names
            continue
        if plain:  # a word glued to Chinese punctuation ends the run with it
            run.append(tok)
        if len(run) >= 3:
            runs.append(" ".join(run))
        run = []
    if len(run) >= 3:
        runs.append(" ".join(run))
    return runs


def md_cells(text):
    in_fence = False
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if line.startswith("|"):
            if re.match(r"^\|[-|: ]+\|$", line):
                continue
            for cell in re.split(r"(?<!\\)\|", line.strip("|")):
                yield n, cell
        else:
            yield n, line


def html_cells(text):
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<pre\b.*?</pre>", " ", text, flags=re.S)
    for m in re.finditer(r"<(td|th|li|p|h[1-6]|summary|div|span|dd|dt)\b[^>]*>(.*?)</\1>", text, re.S):
        line = text.count("\n", 0, m.start()) + 1
        inner = m.group(2)
        if re.search(r"<(td|th|li|p|div|table|ul)\b", inner):
            continue  # a container: its children are checked on their own
        yield line, inner


def yaml_cells(path):
    import yaml  # python3-yaml, a test helper only

    def walk(node, key=None):
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(v, k)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v, key)
        elif isinstance(node, str) and key and (key == "zh" or str(key).endswith("_zh")):
            yield 0, node

    with open(path, encoding="utf-8") as f:
        yield from walk(yaml.safe_load(f))


def main(argv):
    count_only = "--count" in argv
    as_yaml = "--yaml" in argv
    files = [a for a in argv if not a.startswith("--")]
    total = 0
    for path in files:
        if as_yaml:
            cells = yaml_cells(path)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            cells = html_cells(text) if path.endswith(".html") else md_cells(text)
        for line, cell in cells:
            runs = prose_runs(cell)
            if runs:
                total += 1
                if not count_only:
                    print(f"{path}:{line}: {runs[0]!r} in {cell.strip()[:160]!r}")
    if count_only:
        print(total)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
