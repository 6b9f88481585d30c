#!/usr/bin/env bash
# rtk for Cline (`rtk init --agent cline`): Cline 3.x runs every file named after a hook event in
# its hooks folders (~/.cline/hooks, <project>/.cline/hooks, …) with the hook's JSON payload on
# stdin. For a `run_commands` call, `rtk hook cline` prints {"overrideInput": {...}} with the
# compact rtk form of each command it rewrites, and nothing otherwise; Cline then judges the
# call by its own tool approval (per tool, not per command) and plan-mode guard.
# Without rtk on PATH this prints nothing and Cline runs the commands unchanged.
command -v rtk >/dev/null 2>&1 || exit 0
exec rtk hook cline
