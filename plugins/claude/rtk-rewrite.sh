#!/bin/sh
# rtk shell hook for Claude Code (PreToolUse, matcher "Bash"), for users who prefer a script to
# the native `rtk hook claude` entry. It validates the payload (size, BOMs, shape) and hands it
# to `rtk hook claude`, whose answer it prints unchanged, so both give the same answers: the
# rewrite with "allow" exactly where Claude would run the original without asking (your allow
# rules, or Claude's built-in read-only approval), the rewrite alone where Claude would ask for
# both forms, and no output wherever a rewrite could change Claude's verdict (issue 22). It does
# not map `rtk rewrite` exit codes itself: exit 3 cannot tell those cases apart.
# It always exits 0 and prints nothing but the answer on stdout. `rtk hook` never reads
# RTK_REWRITE_HOST. Needs jq; without jq (or rtk) it does nothing and says so on stderr.
# Install: settings.json hooks.PreToolUse[{matcher:"Bash",hooks:[{type:"command",command:"<path>/rtk-rewrite.sh"}]}]

command -v jq >/dev/null 2>&1 || { echo "rtk-rewrite.sh: jq not found; hook inactive" >&2; exit 0; }

max=1048576
payload=$(head -c $((max + 1)); printf x)
payload=${payload%x}
if [ "$(printf '%s' "$payload" | wc -c)" -gt "$max" ]; then
  echo "rtk-rewrite.sh: payload over $max bytes; ignored" >&2
  exit 0
fi
bom=$(printf '\357\273\277')
while :; do
  case $payload in
    "$bom"*) payload=${payload#"$bom"} ;;
    *) break ;;
  esac
done

# One jq pass validates the shape: prints "ok <mode>" only for a usable Bash PreToolUse payload.
check=$(printf '%s' "$payload" | jq -r '
  if type == "object"
     and .tool_name == "Bash"
     and ((.hook_event_name // "PreToolUse") == "PreToolUse")
     and (.tool_input | type) == "object"
     and (.tool_input.command | type) == "string"
     and (.tool_input.command | test("^\\s*$") | not)
     and (.tool_input.command | explode | any(. == 0) | not)
  then "ok \(.permission_mode // "")" else "skip" end' 2>/dev/null) || {
  echo "rtk-rewrite.sh: payload is not valid JSON; ignored" >&2
  exit 0
}
case $check in
  ok*) ;;
  *) exit 0 ;;
esac

command -v rtk >/dev/null 2>&1 || { echo "rtk-rewrite.sh: rtk not found; hook inactive" >&2; exit 0; }
printf '%s' "$payload" | rtk hook claude
exit 0
