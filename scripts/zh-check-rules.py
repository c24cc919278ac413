#!/usr/bin/env python3
"""Check the Chinese text of rule files: every prose field has a *_zh sibling that keeps the
placeholders and code spans of the English and holds no English prose.

Usage: zh-check-rules.py FILE...   (rules/*.yaml; exit 1 on any problem, one line each)
Fields: message -> message_zh (always); replacement -> replacement_zh (unless the replacement
is code only, which the Chinese report shows as it is). The same for hardware overrides.
"""
import importlib.util
import os
import re
import sys

import yaml  # python3-yaml, a test helper only

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("zh_prose", os.path.join(HERE, "zh-prose.py"))
zh_prose = importlib.util.module_from_spec(spec)
spec.loader.exec_module(zh_prose)

CJK = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"\{\w*\}")
CODE = re.compile(r"`[^`]*`")


def needs_zh(text):
    """Prose needs a translation; a code-only replacement (`torch.npu.x`, "npu") does not."""
    return bool(zh_prose.prose_runs(text)) or bool(re.search(r"\b[a-z]{3,} [a-z]{2,}\b", CODE.sub(" ", text)))


def check_pair(where, en, zh, required, problems):
    if zh is None:
        if required or needs_zh(en):
            problems.append(f"{where}: missing Chinese text for {en[:70]!r}")
        return
    if not CJK.search(zh) and needs_zh(en):
        problems.append(f"{where}: Chinese text has no Chinese: {zh[:70]!r}")
    if sorted(PLACEHOLDER.findall(en)) != sorted(PLACEHOLDER.findall(zh)):
        problems.append(f"{where}: placeholders differ: {PLACEHOLDER.findall(en)} vs {PLACEHOLDER.findall(zh)}")
    missing = [c for c in CODE.findall(en) if c not in zh]
    if missing:
        problems.append(f"{where}: code spans dropped: {missing[:3]}")
    runs = zh_prose.prose_runs(zh)
    if runs:
        problems.append(f"{where}: English prose left: {runs[0]!r}")


def check_entry(where, entry, problems):
    if "message" in entry:
        check_pair(where + " message", entry["message"], entry.get("message_zh"), True, problems)
    if "replacement" in entry:
        check_pair(where + " replacement", entry["replacement"], entry.get("replacement_zh"), False, problems)


def main(files):
    problems = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            rules = yaml.safe_load(f) or []
        for rule in rules:
            rid = rule.get("id", "?")
            check_entry(f"{path} {rid}", rule, problems)
            for profile, override in (rule.get("hardware") or {}).items():
                check_entry(f"{path} {rid} hardware.{profile}", override, problems)
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
