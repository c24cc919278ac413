#!/usr/bin/env python3
"""Checks that the CMake dependencies of the src/ folders are exactly their includes.

Each folder src/NAME is one CMake target (ascendify_NAME; src/cli is the `ascendify`
executable). This script reads every #include of src/NAME/*.{cpp,hpp,h} and the link
dependencies each target declares in the CMake files (`ascendify_module(NAME DEPS ...)` and
`target_link_libraries(TARGET ...)` in CMakeLists.txt, cmake/*.cmake and any
src/**/CMakeLists.txt), and prints one line per problem:

  undeclared  a folder includes "other/..." (or a third-party header such as <fmt/...>) and its
              target does not declare that dependency itself. Only DIRECT declarations count:
              a dependency reached through another target's PUBLIC link interface does not, so
              that removing an include from one folder never breaks another folder's build.
  unused      a target declares a folder or a third-party library that none of its files
              includes (or a name this script does not know: add it to THIRD_PARTY or
              LINK_ONLY below).
  flow        an include against the one-way flow of docs/DESIGN.md: a folder may include only
              folders of EARLIER layers of FLOW below (never its own layer nor a later one),
              except the few known arrows of AGAINST_FLOW (each says what removes it; an entry
              no include needs any more is a problem); a folder missing from FLOW is a problem
              too. A cycle between folders (in the includes or in the declared dependencies)
              is always reported.

Exit status: 0 clean, 1 problems found, 2 usage error.
Usage: scripts/check-layering.py [--root DIR] [-v]
       scripts/check-layering.py --self-test     (synthetic trees in a temporary folder)
"""

import argparse
import re
import sys
import tempfile
from pathlib import Path

# The order of docs/DESIGN.md ("The one-way flow"), earliest first. A folder may include the
# folders of earlier layers only; folders of one layer never include each other.
FLOW = [
    # plain data every stage shares: Span, SourceFile, Fact, Rule, Finding, text helpers
    ("core", ["core"]),
    # the protocols alone (DESIGN "servers": thin shells; src/cli implements their backends)
    ("protocols", ["mcp", "lsp"]),
    # walk the tree; the front ends that stand alone (text -> facts); the knowledge base
    ("walk, base front ends, rules", ["discover", "python", "native", "config", "rules"]),
    # front ends that hand code to the python front end (setup.py, `python -c`)
    ("front ends on python", ["manifest", "shell"]),
    # .ipynb: code cells to the python front end, shell lines and cells to the shell's
    ("notebook", ["notebook"]),
    # facts x rules -> findings; the cache of facts and findings the pipeline consults
    ("match", ["match", "cache"]),
    # per-file findings -> the project's findings (per-file filters, findings across files)
    ("project", ["project"]),
    # discover -> read -> front ends -> match, with the cache and the project's per-file filters
    ("pipeline", ["pipeline"]),
    # findings + facts -> Assessment
    ("assess", ["assess"]),
    # Assessment -> reports; findings -> edits
    ("render, fix", ["render", "fix"]),
    # many JSON reports -> fleet summary, rendered
    ("portfolio", ["portfolio"]),
    # the command line over everything
    ("cli", ["cli"]),
]

# Known includes against FLOW, each with what removes it. Nothing else may go against the
# flow, and an entry that no include needs any more is reported (delete it then).
AGAINST_FLOW = {
    ("project", "assess"): "the analyses the project stage calls (import_graph, model, "
                           "kernel_model, wrappers, table_findings, entry_points, cross_file) "
                           "live in src/assess",
    ("pipeline", "assess"): "ScanStats is declared in assess/assessment.hpp",
}

# The target of each folder: ascendify_NAME unless listed here.
FOLDER_TARGET = {"cli": "ascendify"}

# Third-party headers: include (a path prefix ending in "/", or an exact header name) ->
# (library, the CMake spellings that declare it).
THIRD_PARTY = {
    "nlohmann/": ("nlohmann_json", {"nlohmann_json::nlohmann_json"}),
    "fmt/": ("fmt", {"${ASCENDIFY_FMT}", "fmt::fmt", "fmt::fmt-header-only"}),
    "yaml-cpp/": ("yaml-cpp", {"${ASCENDIFY_YAML}", "yaml-cpp", "yaml-cpp::yaml-cpp"}),
    "toml++/": ("toml++", {"ascendify_tomlplusplus"}),
    "CLI/": ("CLI11", {"CLI11::CLI11"}),
    # std::thread and std::async need the thread library (-pthread)
    "thread": ("Threads", {"Threads::Threads"}),
    "future": ("Threads", {"Threads::Threads"}),
}

# Declared link dependencies that no header stands for.
LINK_ONLY = {
    "ascendify_snapshot": "the generated rule snapshot, found through weak symbols",
    "${MIMALLOC_LIBRARY}": "replaces malloc at link time",
}

INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^">\n]+)[">]', re.M)
BLOCK_COMMENT_RE = re.compile(r"/\*.*?\*/", re.S)
CMAKE_CALL_RE = re.compile(r"^[ \t]*(ascendify_module|target_link_libraries)[ \t]*\(([^)]*)\)",
                           re.M | re.I)
CMAKE_KEYWORDS = {"PUBLIC", "PRIVATE", "INTERFACE", "LINK_PUBLIC", "LINK_PRIVATE",
                  "LINK_INTERFACE_LIBRARIES"}
SOURCE_SUFFIXES = (".cpp", ".hpp", ".h")


def layer_of(flow):
    return {folder: i for i, (_, folders) in enumerate(flow) for folder in folders}


def blank_block_comments(text):
    """Replaces /* ... */ by as many newlines, so line numbers stay right."""
    return BLOCK_COMMENT_RE.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def read_includes(src, folders):
    """folder -> {used name: first "path:line"}; used names are folders and THIRD_PARTY keys."""
    uses = {f: {} for f in folders}
    for folder in folders:
        for path in sorted((src / folder).iterdir()):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            text = blank_block_comments(path.read_text(encoding="utf-8", errors="replace"))
            for m in INCLUDE_RE.finditer(text):
                kind, name = m.group(1), m.group(2).strip()
                where = "%s:%d" % (path.relative_to(src.parent), text.count("\n", 0, m.start()) + 1)
                used = None
                if kind == '"' and "/" in name and name.split("/", 1)[0] in folders:
                    used = name.split("/", 1)[0]
                elif kind == "<":
                    for key in THIRD_PARTY:
                        if name.startswith(key) if key.endswith("/") else name == key:
                            used = key
                            break
                if used is not None and used != folder:
                    uses[folder].setdefault(used, where)
    return uses


def cmake_files(root):
    files = [root / "CMakeLists.txt"]
    files += sorted((root / "cmake").glob("*.cmake")) if (root / "cmake").is_dir() else []
    files += sorted((root / "src").glob("**/CMakeLists.txt"))
    return [f for f in files if f.is_file()]


def strip_cmake_comments(text):
    out = []
    for line in text.splitlines():
        # a '#' outside a quoted string starts a comment (bracket comments are not used here)
        quoted = False
        for i, c in enumerate(line):
            if c == '"':
                quoted = not quoted
            elif c == "#" and not quoted:
                line = line[:i]
                break
        out.append(line)
    return "\n".join(out)


def read_declared(root):
    """target -> {dependency token: "file:line"} from ascendify_module and target_link_libraries."""
    declared = {}
    for path in cmake_files(root):
        text = strip_cmake_comments(path.read_text(encoding="utf-8"))
        for m in CMAKE_CALL_RE.finditer(text):
            where = "%s:%d" % (path.relative_to(root), text.count("\n", 0, m.start()) + 1)
            words = m.group(2).split()
            if not words:
                continue
            if m.group(1).lower() == "ascendify_module":
                target, deps, section = "ascendify_" + words[0], [], None
                for w in words[1:]:
                    if w in ("DEPS", "EXTRA"):
                        section = w
                    elif section == "DEPS":
                        deps.append(w)
            else:
                target, deps = words[0], [w for w in words[1:] if w not in CMAKE_KEYWORDS]
            entry = declared.setdefault(target, {})
            for d in deps:
                entry.setdefault(d, where)
    return declared


def find_cycles(graph):
    """The strongly connected components with more than one node, each as a sorted list."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):  # the graph has ~20 nodes: recursion depth is bounded by it
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def cycle_path(graph, comp):
    """One cycle through the first node of comp, as "a -> b -> a"."""
    start = comp[0]
    members = set(comp)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph.get(v, ())):
            if w == start:
                return " -> ".join(paths[v] + [start])
            if w in members and w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return " -> ".join(comp)


def check(root, flow=FLOW, against_flow=None):
    """The problems of the tree at root, one string each, folder by folder, cycles last."""
    against_flow = AGAINST_FLOW if against_flow is None else against_flow
    src = root / "src"
    folders = sorted(p.name for p in src.iterdir() if p.is_dir() and not p.name.startswith("."))
    uses = read_includes(src, folders)
    declared = read_declared(root)
    layers = layer_of(flow)
    target = {f: FOLDER_TARGET.get(f, "ascendify_" + f) for f in folders}
    folder_of_target = {t: f for f, t in target.items()}
    problems = []

    for f in folders:
        t = target[f]
        if t not in declared:
            problems.append("src/%s: no CMake target %s declares its dependencies" % (f, t))
        decl = declared.get(t, {})
        # (a) included but not declared (a third-party library once, at its first header)
        reported_libs = set()
        for used, where in sorted(uses[f].items(), key=lambda u: (u[1], u[0])):
            if used in folders:
                if target[used] not in decl:
                    problems.append("undeclared: %s includes %s (%s) but %s does not link %s"
                                    % (f, used, where, t, target[used]))
                continue
            lib, spellings = THIRD_PARTY[used]
            if not spellings & decl.keys() and lib not in reported_libs:
                reported_libs.add(lib)
                problems.append("undeclared: %s includes <%s> (%s) but %s does not link %s (%s)"
                                % (f, used + ("..." if used.endswith("/") else ""), where, t,
                                   lib, " or ".join(sorted(spellings))))
        # (b) declared but never included
        used_libs = {THIRD_PARTY[u][0] for u in uses[f] if u in THIRD_PARTY}
        for dep, where in sorted(decl.items()):
            if dep in folder_of_target:
                if folder_of_target[dep] not in uses[f]:
                    problems.append("unused: %s links %s (%s) but no file of src/%s includes %s/"
                                    % (t, dep, where, f, folder_of_target[dep]))
                continue
            libs = {lib for lib, spellings in THIRD_PARTY.values() if dep in spellings}
            if libs:
                if not libs & used_libs:
                    problems.append("unused: %s links %s (%s) but no file of src/%s includes its "
                                    "headers" % (t, dep, where, f))
            elif dep not in LINK_ONLY:
                problems.append("unused: %s links %s (%s), unknown to check-layering.py (a folder "
                                "target, THIRD_PARTY or LINK_ONLY)" % (t, dep, where))
        # (c) against the order of the flow
        if f not in layers:
            problems.append("flow: src/%s is in no layer of FLOW (scripts/check-layering.py)" % f)
            continue
        for used, where in sorted(uses[f].items()):
            if (f, used) in against_flow:
                continue
            if used in folders and used in layers and layers[used] >= layers[f]:
                problems.append("flow: %s (layer '%s') includes %s (%s, layer '%s'): a folder "
                                "includes only earlier layers" % (f, flow[layers[f]][0], used,
                                                                  where, flow[layers[used]][0]))
    for (f, used), why in sorted(against_flow.items()):
        if used not in uses.get(f, {}) or layers.get(used, -1) < layers.get(f, -1):
            problems.append("flow: AGAINST_FLOW lists %s -> %s (%s), which no include needs: "
                            "delete the entry" % (f, used, why))
    # (c) cycles, in the includes and in the declared dependencies (never excepted)
    include_graph = {f: {u for u in uses[f] if u in folders} for f in folders}
    for comp in find_cycles(include_graph):
        problems.append("flow: include cycle %s" % cycle_path(include_graph, comp))
    link_graph = {t: {d for d in deps if d in declared} for t, deps in declared.items()}
    for comp in find_cycles(link_graph):
        problems.append("flow: link cycle %s" % cycle_path(link_graph, comp))
    return problems


# --- self-test --------------------------------------------------------------------------------

def write(root, rel, text):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def synthetic_tree(root, cmake, sources):
    write(root, "CMakeLists.txt", cmake)
    for rel, text in sources.items():
        write(root, "src/" + rel, text)


CLEAN_CMAKE = """\
function(ascendify_module name)  # the definition is not a call
endfunction()
ascendify_module(core DEPS Threads::Threads)
ascendify_module(python DEPS ascendify_core)
ascendify_module(notebook DEPS ascendify_python ascendify_core
                 nlohmann_json::nlohmann_json)  # a comment ascendify_shell
ascendify_module(assess DEPS ascendify_core)
add_executable(ascendify src/cli/main.cpp)
target_link_libraries(ascendify PRIVATE ascendify_assess ascendify_snapshot)
"""
CLEAN_SOURCES = {
    "core/span.hpp": "#pragma once\n#include <thread>\n",
    "python/lexer.hpp": '#pragma once\n#include "core/span.hpp"\n',
    "notebook/notebook.cpp": ('#include "notebook/notebook.hpp"\n#include <nlohmann/json.hpp>\n'
                              '#  include "python/lexer.hpp"\n#include "core/span.hpp"\n'
                              '/* #include "shell/x.hpp" */\n// #include "assess/x.hpp"\n'),
    "notebook/notebook.hpp": "#pragma once\n",
    "assess/assess.cpp": '#include "core/span.hpp"\n',
    "cli/main.cpp": '#include "assess/assess.hpp"\n',
}


def self_test():
    cases = [
        ("clean tree", CLEAN_CMAKE, {}, []),
        ("undeclared folder", CLEAN_CMAKE, {"assess/x.cpp": '#include "python/lexer.hpp"\n'},
         ["undeclared: assess includes python (src/assess/x.cpp:1) but ascendify_assess does "
          "not link ascendify_python"]),
        ("undeclared third-party", CLEAN_CMAKE, {"python/y.cpp": "#include <fmt/format.h>\n"},
         ["undeclared: python includes <fmt/...> (src/python/y.cpp:1) but ascendify_python "
          "does not link fmt"]),
        ("undeclared, only transitive",
         CLEAN_CMAKE, {"cli/x.cpp": '#include "core/span.hpp"\n'},
         ["undeclared: cli includes core (src/cli/x.cpp:1) but ascendify does not link "
          "ascendify_core"]),
        ("unused folder", CLEAN_CMAKE.replace("DEPS ascendify_core)\nadd",
                                              "DEPS ascendify_core ascendify_python)\nadd"),
         {}, ["unused: ascendify_assess links ascendify_python (CMakeLists.txt:7) but no file "
              "of src/assess includes python/"]),
        ("unused third-party",
         CLEAN_CMAKE.replace("ascendify_module(python DEPS ascendify_core)",
                             "ascendify_module(python DEPS ascendify_core ${ASCENDIFY_YAML})"),
         {}, ["unused: ascendify_python links ${ASCENDIFY_YAML} (CMakeLists.txt:4) but no "
              "file of src/python includes its headers"]),
        ("unknown dependency", CLEAN_CMAKE + "target_link_libraries(ascendify_core PUBLIC m)\n",
         {}, ["unused: ascendify_core links m (CMakeLists.txt:10), unknown"]),
        ("against the order",
         CLEAN_CMAKE.replace("ascendify_module(python DEPS ascendify_core)",
                             "ascendify_module(python DEPS ascendify_core ascendify_assess)"),
         {"python/z.cpp": '#include "assess/assess.hpp"\n'},
         ["flow: python (layer 'walk, base front ends, rules') includes assess "
          "(src/python/z.cpp:1, layer 'assess')"]),
        ("same layer", CLEAN_CMAKE + "ascendify_module(discover DEPS ascendify_python)\n",
         {"discover/w.cpp": '#include "python/lexer.hpp"\n'},
         ["flow: discover (layer 'walk, base front ends, rules') includes python"]),
        ("cycle",
         CLEAN_CMAKE.replace("ascendify_module(core DEPS Threads::Threads)",
                             "ascendify_module(core DEPS Threads::Threads ascendify_python)"),
         {"core/c.cpp": '#include "python/lexer.hpp"\n'},
         ["flow: include cycle core -> python -> core", "flow: link cycle ascendify_core -> "
          "ascendify_python -> ascendify_core", "flow: core (layer 'core') includes python"]),
        ("known exception",
         CLEAN_CMAKE.replace("ascendify_module(python DEPS ascendify_core)",
                             "ascendify_module(python DEPS ascendify_core ascendify_assess)"),
         {"python/z.cpp": '#include "assess/assess.hpp"\n'}, [], {("python", "assess"): "why"}),
        ("stale exception", CLEAN_CMAKE, {},
         ["flow: AGAINST_FLOW lists python -> assess (why), which no include needs"],
         {("python", "assess"): "why"}),
        ("folder outside the flow", CLEAN_CMAKE + "ascendify_module(extra DEPS ascendify_core)\n",
         {"extra/e.cpp": '#include "core/span.hpp"\n'},
         ["flow: src/extra is in no layer of FLOW"]),
        ("folder without a target", CLEAN_CMAKE, {"render/r.cpp": "\n"},
         ["src/render: no CMake target ascendify_render"]),
    ]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="check-layering-") as tmp:
        for i, (name, cmake, extra, expected, *rest) in enumerate(cases):
            against = rest[0] if rest else {}
            root = Path(tmp) / str(i)
            synthetic_tree(root, cmake, {**CLEAN_SOURCES, **extra})
            problems = check(root, against_flow=against)
            missing = [e for e in expected if not any(p.startswith(e) for p in problems)]
            extra_found = [p for p in problems if not any(p.startswith(e) for e in expected)]
            if missing or extra_found:
                failures += 1
                print("self-test FAILED: %s" % name)
                for e in missing:
                    print("  expected: %s" % e)
                for p in extra_found:
                    print("  unexpected: %s" % p)
        # the command line: exit status 1 and one line per problem on a broken tree
        root = Path(tmp) / "cli"
        synthetic_tree(root, CLEAN_CMAKE, {**CLEAN_SOURCES, "assess/x.cpp": '#include "python/a.hpp"\n'})
        status = main(["--root", str(root), "--quiet"])  # the real AGAINST_FLOW: stale here
        if status != 1:
            failures += 1
            print("self-test FAILED: exit status %d on a broken tree, not 1" % status)
    print("check-layering self-test: %d cases, %d failed" % (len(cases) + 1, failures))
    return 1 if failures else 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=Path(__file__).resolve().parent.parent, type=Path)
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--quiet", action="store_true", help="print nothing, only the status")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the include graph")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    if not (args.root / "src").is_dir():
        print("check-layering: no src/ under %s" % args.root, file=sys.stderr)
        return 2
    problems = check(args.root)
    if args.verbose:
        src = args.root / "src"
        folders = sorted(p.name for p in src.iterdir() if p.is_dir())
        for f, used in read_includes(src, folders).items():
            print("%s -> %s" % (f, " ".join(sorted(used))))
    if not args.quiet:
        for p in problems:
            print(p)
        if not problems:
            print("check-layering: the dependencies of src/ match their includes and the flow")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
