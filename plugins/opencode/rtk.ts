// rtk plugin for OpenCode: rewrites `bash` tool calls to their compact rtk form.
//
// Install: copy to `~/.config/opencode/plugins/rtk.ts` or `.opencode/plugins/rtk.ts`
// (or `rtk init --agent opencode`). OpenCode calls every export of a plugin file as a plugin, so
// this file exports exactly one function.
//
// In `tool.execute.before` for the `bash` (or `shell`) tool it runs
// `rtk rewrite --host opencode -- <command>` (argv array, no shell, the whole command as one argv
// element, 2 s timeout, in the session's directory) and mutates `output.args.command` in place:
//   exit 0 or 3 → the command becomes rtk's stdout;
//   anything else (1 no rtk form or an OpenCode rule matches, 2 a deny rule, timeout, crash,
//                 non-UTF-8 output) → the original command runs unchanged; rtk never blocks.
// OpenCode checks its own `permission` rules AFTER this hook, on the command as rewritten, and a
// rule written for `git status` does not match `rtk git status`. So rtk reads OpenCode's
// `permission` config itself (global, project, OPENCODE_CONFIG[_CONTENT], every agent's) and
// answers exit 1 — run the original — whenever any `bash` pattern other than `*` could match the
// line in its original or rewritten form: OpenCode's verdict is then the same with and without
// this plugin.
// A missing rtk gives one warning and turns the plugin into a no-op. Nothing here throws into
// OpenCode. The host is passed with `--host`, so a stray `RTK_REWRITE_HOST` cannot change it.

import { execFile } from "node:child_process";

const TIMEOUT_MS = 2000;
const SHELL_TOOLS = new Set(["bash", "shell"]);

export const RtkOpenCodePlugin = async (input?: unknown) => {
  let missing = false;
  const dir = (input as { directory?: unknown } | undefined)?.directory;
  const cwd = typeof dir === "string" && dir !== "" ? dir : undefined;
  const utf8 = new TextDecoder("utf-8", { fatal: true });

  const ask = (command: string): Promise<string | undefined> =>
    new Promise((done) => {
      try {
        const env = { ...process.env };
        delete env.RTK_REWRITE_HOST;
        execFile(
          "rtk",
          ["rewrite", "--host", "opencode", "--", command],
          { encoding: "buffer", timeout: TIMEOUT_MS, killSignal: "SIGKILL", maxBuffer: 1 << 20, env, cwd, windowsHide: true },
          (err, stdoutBuf) => {
            try {
              const e = err as { code?: unknown; killed?: boolean } | null;
              const exit: unknown = e?.code;
              if (exit === "ENOENT") {
                if (!missing) console.warn("rtk: OpenCode plugin inactive: `rtk` was not found on PATH; commands run unchanged");
                missing = true;
                return done(undefined);
              }
              if (e && (e.killed || typeof exit !== "number")) return done(undefined);
              const code = typeof exit === "number" ? exit : 0;
              if (code !== 0 && code !== 3) return done(undefined);
              const stdout = utf8.decode(stdoutBuf as Buffer);
              const rewritten = command.endsWith("\n") ? stdout : stdout.replace(/\r?\n$/, "");
              if (rewritten.trim() === "" || rewritten === command || rewritten.includes("\0")) return done(undefined);
              done(rewritten);
            } catch {
              done(undefined);
            }
          },
        );
      } catch {
        done(undefined);
      }
    });

  return {
    "tool.execute.before": async (input: any, output: any) => {
      try {
        if (missing) return;
        const tool = typeof input?.tool === "string" ? input.tool.toLowerCase() : "";
        if (!SHELL_TOOLS.has(tool)) return;
        const args = output?.args;
        if (args === null || typeof args !== "object") return;
        const command = args.command;
        if (typeof command !== "string" || command.trim() === "") return;
        const rewritten = await ask(command);
        if (rewritten !== undefined) args.command = rewritten;
      } catch {
        /* never throw into OpenCode: a throw would block the tool call */
      }
    },
  };
};
