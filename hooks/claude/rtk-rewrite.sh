#!/bin/sh
# rtk shell hook for Claude Code (PreToolUse, matcher "Bash"), for users who prefer a script to
# the native `rtk hook claude`. Same answers as the native hook:
#   rtk exit 0 (every command explicitly allowed by your Claude rules) -> updatedInput + "allow"
#   rtk exit 3 (ask rule or no rule)                                   -> updatedInput only
#   anything else (deny, no rtk form, unattestable, errors)            -> no output
# It always exits 0 and prints nothing but the answer on stdout.
# It calls `rtk rewrite --host claude` explicitly, so an inherited RTK_REWRITE_HOST can never
# relax it. Needs jq; without jq (or rtk) it does nothing and says so on stderr.
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
  ok*) mode=${check#ok } ;;
  *) exit 0 ;;
esac

cmd=$(printf '%s' "$payload" | jq -j '.tool_input.command'; printf x)
cmd=${cmd%x}
out=$(rtk rewrite --host claude -- "$cmd"; rc=$?; printf x; exit $rc)
code=$?
out=${out%x}

case $code in
  0) decision=allow ;;
  3) decision= ;;
  *) exit 0 ;;
esac
[ -n "$out" ] && [ "$out" != "$cmd" ] || exit 0
# #893: under bypassPermissions Claude drops updatedInput when a decision is present.
[ "$mode" = bypassPermissions ] && decision=

printf '%s' "$payload" | jq -c --arg cmd "$out" --arg decision "$decision" '
  {hookSpecificOutput: (
    {hookEventName: "PreToolUse"}
    + (if $decision == "allow"
       then {permissionDecision: "allow",
             permissionDecisionReason: "rtk: every command matches an allow rule in your settings"}
       else {} end)
    + {updatedInput: (.tool_input + {command: $cmd})})}'
exit 0
