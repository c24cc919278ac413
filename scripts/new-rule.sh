#!/usr/bin/env bash
# Scaffolds a rule: appends a skeleton to rules/FILE.yaml and writes its fixture under
# tests/fixtures/rules/<domain>/ with a `ruleid:` and an `ok:` line. The skeleton loads, and its
# test (Rules/RuleFixture.<id>) fails until the TODOs are filled in: the placeholder names match
# nothing, so the `ruleid:` line does not fire.
#
#   scripts/new-rule.sh FILE RULE-ID [KIND]
#
# FILE     a rules file without .yaml: attention compile custom_op dependency device
#          distributed precision (the rule's domain), or environment (env vars, commands and
#          images of any domain)
# RULE-ID  <domain>.<slug>, slug of [a-z0-9][a-z0-9.-]*, e.g. device.cuda-foo
# KIND     the match kind (rules/README.md): reference (default) import method string
#          dependency env command image native
set -euo pipefail
cd "$(dirname "$0")/.."

die() {
  echo "new-rule.sh: $*" >&2
  exit 2
}

[ $# -ge 2 ] && [ $# -le 3 ] || die "usage: scripts/new-rule.sh FILE RULE-ID [KIND]"
file=$1
id=$2
kind=${3:-reference}
yaml=rules/$file.yaml
[ -f "$yaml" ] || die "$yaml does not exist (FILE is one of: $(cd rules && ls ./*.yaml | sed 's|^\./||; s|\.yaml$||' | tr '\n' ' '))"

domains="dependency device attention custom_op distributed precision compile"
domain=${id%%.*}
slug=${id#*.}
case " $domains " in *" $domain "*) ;; *) die "'$id': the id must start with a domain: $domains" ;; esac
[[ $id == *.* && $slug =~ ^[a-z0-9][a-z0-9.-]*$ ]] ||
  die "'$id': the id must be <domain>.<slug>, slug of [a-z0-9][a-z0-9.-]*"
[ "$file" = environment ] || [ "$file" = "$domain" ] ||
  die "'$id' is a $domain rule: it goes into rules/$domain.yaml (or rules/environment.yaml)"
if grep -qE "^- id: $(printf '%s' "$id" | sed 's/\./\\./g')\$" rules/*.yaml; then
  die "$id already exists: $(grep -lE "^- id: $(printf '%s' "$id" | sed 's/\./\\./g')\$" rules/*.yaml)"
fi

# The match block, the fixture's file name and its lines, per kind.
stem=${slug//[.-]/_}
dir=tests/fixtures/rules/$domain
status=""
case $kind in
  reference | import | method | string)
    fixture=$dir/$stem.py
    case $kind in
      reference) names="[TODO.qualified.name]" ;;
      import) names="[TODO_module]" ;;
      method) names="[TODO_method]" ;;
      string) names="[TODO-value]" ;;
    esac
    hit="TODO_real_code_the_rule_must_fire_on()"
    ok="TODO_a_look_alike_it_must_not_fire_on()"
    comment="#"
    ;;
  env | command)
    fixture=$dir/$stem.sh
    if [ "$kind" = env ]; then names="[TODO_ENV_VAR]"; else names="[TODO-command]"; fi
    hit="TODO-real-command-the-rule-must-fire-on"
    ok="TODO-a-look-alike-it-must-not-fire-on"
    comment="#"
    ;;
  dependency)
    fixture=$dir/requirements-$stem.txt
    names="[TODO-distribution]"
    status="  status: replace"
    hit="TODO-distribution-the-rule-must-fire-on==1.0"
    ok="TODO-a-look-alike-distribution==1.0"
    comment="#"
    ;;
  image)
    fixture=$dir/$stem.Dockerfile
    names="[TODO/image]"
    hit="FROM TODO/image-the-rule-must-fire-on:1.0"
    ok="FROM TODO/a-look-alike-image:1.0"
    comment="#"
    ;;
  native)
    fixture=$dir/$stem.cu
    names="[TODO_symbol]"
    hit="TODO_real_code_the_rule_must_fire_on();"
    ok="TODO_a_look_alike_it_must_not_fire_on();"
    comment="//"
    ;;
  *) die "'$kind': KIND is one of reference import method string dependency env command image native" ;;
esac
[ -e "$fixture" ] && die "$fixture exists already"

line=$(($(wc -l <"$yaml") + 3))
{
  echo
  echo "# TODO(new-rule.sh): fill in every TODO (keys: rules/README.md), then drop this line."
  echo "- id: $id"
  echo "  domain: $domain"
  echo "  match:"
  echo "    kind: $kind"
  echo "    names: $names"
  echo "  message: \"TODO: what is wrong on an NPU, and why (one or two sentences).\""
  echo "  message_zh: \"TODO：NPU 上的问题及原因（一两句话）。\""
  echo "  replacement: \"TODO: the Ascend replacement\""
  echo "  replacement_zh: \"TODO：昇腾上的替代方案\""
  echo "  confidence: medium"
  echo "  transfer_to_npu: not-covered"
  [ -n "$status" ] && echo "$status"
  echo "  effort: {first: 1, each: 0.25}"
  echo "  refs: [\"TODO: where to read it (a docs/knowledge file and section, owner/repo#N, a doc URL)\"]"
} >>"$yaml"

mkdir -p "$dir"
{
  echo "$comment Fixture of $id (rules/README.md, \"Fixtures\"): replace the TODO lines with real code."
  echo "$comment ruleid: $id"
  echo "$hit"
  echo "$comment ok: $id"
  echo "$ok"
} >"$fixture"

name=${id//[.-]/_}
cat <<EOF
Added $id to $yaml (line $line) and its fixture $fixture.
Next:
  1. Fill in the TODOs of the rule (the keys are in rules/README.md) and of the fixture: real
     code on the line below \`ruleid:\`, a look-alike below \`ok:\` (add more of both).
  2. Build and run its test; it fails until the rule fires exactly on its \`ruleid:\` lines:
       cmake --build build -j2 && build/test_e2e --gtest_filter='Rules/RuleFixture.$name'
  3. Snapshot its findings and review them (line, column, message, replacement):
       scripts/update-golden.sh rules && git diff tests/golden/rules/$domain.txt
  4. Regenerate the rule reference: build/ascendify rules --format md > docs/rules.md
  5. An autofix needs tests/fixtures/fix/$id/before.* and after.* (rules/README.md).
EOF
