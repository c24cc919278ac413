#!/usr/bin/env python3
"""Prints what to verify in an ascendify JSON report: the verdict, then the run-stoppers and
the must-adapt findings of the target phase, grouped by file, as file:line lines.

    python3 checklist.py OUT/ascendify-report.json [--all-phases]
"""
import json
import sys


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        report = json.load(f)
    if report.get("schema") != "ascendify.report/1":
        print(f"{argv[1]}: not an ascendify.report/1 report", file=sys.stderr)
        return 2
    summary = report["summary"]
    target = report.get("target_phase", "")
    all_phases = "--all-phases" in argv
    weeks = summary["effort_weeks"]
    print(f"{report['project']}: {summary['feasibility']} ({summary['feasibility_zh']}), "
          f"{weeks['low']}-{weeks['high']} person-weeks, target phase {target or '(all code)'}")
    for counterpart in summary.get("counterparts", []):
        if counterpart.get("relation") == "is":
            print(f"  the project is {counterpart['framework']}: adopt {counterpart['counterpart']}")
    for cls in ("stops-run", "must-adapt"):
        by_file = {}
        for f in report["findings"]:
            if f["class"] != cls:
                continue
            if not all_phases and target and target not in f.get("phases", []):
                continue
            by_file.setdefault(f["path"], []).append(f)
        count = sum(len(v) for v in by_file.values())
        print(f"\n{cls}: {count} site(s) to verify")
        for path in sorted(by_file):
            for f in sorted(by_file[path], key=lambda x: x["line"]):
                flags = [k for k in ("guarded", "optional") if f.get(k)]
                extra = f" [{', '.join(flags)}]" if flags else ""
                print(f"  {path}:{f['line']}: {f['rule']}{extra}: {f['snippet'].strip()[:100]}")
                print(f"      -> {f['replacement']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
