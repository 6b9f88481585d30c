#!/bin/sh
# rtk shell hook for Cursor (preToolUse, matcher "Shell"), for users who prefer a script to the
# native `rtk hook cursor`. Same answers as the native hook; Cursor always gets a JSON object:
#   rtk exit 0 (every command explicitly allowed by ~/.cursor/cli-config.json) -> permission allow + updated_input
#   rtk exit 3 (no allow rule)                                                  -> updated_input only
#   anything else (deny, no rtk form, unattestable, errors, other events)       -> {}
# It always exits 0. It calls `rtk rewrite --host cursor` explicitly, so an inherited
# RTK_REWRITE_HOST can never relax it. Needs jq; without jq it answers {} and says so on stderr.
# Install: ~/.cursor/hooks.json {"version":1,"hooks":{"preToolUse":[{"command":"<path>/rtk-rewrite.sh","matcher":"Shell"}]}}

nothing() { printf '{}\n'; exit 0; }

command -v jq >/dev/null 2>&1 || { echo "rtk-rewrite.sh: jq not found; hook inactive" >&2; nothing; }

max=1048576
payload=$(head -c $((max + 1)); printf x)
payload=${payload%x}
if [ "$(printf '%s' "$payload" | wc -c)" -gt "$max" ]; then
  echo "rtk-rewrite.sh: payload over $max bytes; ignored" >&2
  nothing
fi
bom=$(printf '\357\273\277')
while :; do
  case $payload in
    "$bom"*) payload=${payload#"$bom"} ;;
    *) break ;;
  esac
done

check=$(printf '%s' "$payload" | jq -r '
  if type == "object"
     and ((.hook_event_name // "preToolUse") == "preToolUse")
     and (.tool_name == "Shell" or .tool_name == "run_terminal_cmd")
     and (.tool_input | type) == "object"
     and (.tool_input.command | type) == "string"
     and (.tool_input.command | test("^\\s*$") | not)
     and (.tool_input.command | explode | any(. == 0) | not)
  then "ok" else "skip" end' 2>/dev/null) || {
  echo "rtk-rewrite.sh: payload is not valid JSON; ignored" >&2
  nothing
}
[ "$check" = ok ] || nothing

cmd=$(printf '%s' "$payload" | jq -j '.tool_input.command'; printf x)
cmd=${cmd%x}
out=$(rtk rewrite --host cursor -- "$cmd"; rc=$?; printf x; exit $rc)
code=$?
out=${out%x}

case $code in
  0) decision=allow ;;
  3) decision= ;;
  *) nothing ;;
esac
[ -n "$out" ] && [ "$out" != "$cmd" ] || nothing

printf '%s' "$payload" | jq -c --arg cmd "$out" --arg decision "$decision" '
  {continue: true}
  + (if $decision == "allow" then {permission: "allow"} else {} end)
  + {updated_input: (.tool_input + {command: $cmd})}' || nothing
exit 0
