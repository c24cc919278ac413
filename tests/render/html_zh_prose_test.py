#!/usr/bin/env python3
"""ctest HtmlReport.ZhProseOfTheExample: the Chinese HTML report of the bundled example holds no
English prose (scripts/zh-prose.py: table cells, list items, paragraphs, summaries; code
excluded), and the checker does read the page (the English report has English prose cells).

Usage: html_zh_prose_test.py ASCENDIFY_BINARY SOURCE_DIR
"""
import os
import subprocess
import sys
import tempfile


def scan(binary, source, lang, out):
    subprocess.run([binary, "scan", "examples", "-o", out, "--format", "html", "--lang", lang],
                   cwd=source, check=True, stdout=subprocess.DEVNULL)
    path = os.path.join(out, "ascendify-report.html")
    with open(path, encoding="utf-8") as f:
        head = f.read(200)
    want = '<html lang="zh-CN">' if lang == "zh" else '<html lang="en">'
    if want not in head:
        sys.exit(f"{path}: expected {want} in {head!r}")
    return path


def prose_cells(source, page, *flags):
    checker = os.path.join(source, "scripts", "zh-prose.py")
    r = subprocess.run([sys.executable, checker, *flags, page], capture_output=True, text=True)
    return r


def main(binary, source):
    with tempfile.TemporaryDirectory() as d:
        zh = scan(binary, source, "zh", os.path.join(d, "zh"))
        en = scan(binary, source, "en", os.path.join(d, "en"))
        english = int(prose_cells(source, en, "--count").stdout.strip())
        if english < 20:
            sys.exit(f"the checker found only {english} English prose cells in the English page")
        r = prose_cells(source, zh)
        if r.returncode != 0:
            sys.stdout.write(r.stdout)
            sys.exit("English prose in the Chinese HTML report (above)")
    print(f"0 English prose cells in the Chinese page ({english} in the English one)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
