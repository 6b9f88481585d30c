// rtk extension for Oh-My-Pi (omp, npm `@oh-my-pi/pi-coding-agent`): rewrites `bash` tool calls
// to their compact rtk form.
//
// Install: copy to `.omp/extensions/rtk.ts` (project: omp reads the `.omp/` of the folder it
// starts in) or `~/.omp/agent/extensions/rtk.ts` (user-wide), or run `rtk init --agent omp`.
//
// On every `tool_call` for the `bash` tool it runs `rtk rewrite --host omp -- <command>` (argv
// array, no shell, the whole command as one argv element, 2 s timeout, in the session's
// directory) and, on a rewrite, returns `{ input }` with the command replaced (omp 18's way for a
// handler to revise what a tool runs; `event.input` itself is left alone):
//   exit 0 or 3 → the command becomes rtk's stdout;
//   anything else (1 no rtk form or an omp pattern could match, 2 a deny rule, timeout, crash,
//                 non-UTF-8 output) → nothing is returned and the original command runs.
// omp resolves its approval (its `bash.patterns`, approval mode and `tools.approval`) again on the
// input a handler returns, so rtk reads omp's `bash.patterns` itself and answers 1 whenever one of
// them could match the line as written or as rewritten: omp's verdict is then the same with and
// without this extension. rtk never blocks or prompts here.
// A missing rtk gives one warning and turns the extension into a no-op. Nothing here throws into
// omp (a throw would block the call). The host is passed with `--host`, and `RTK_REWRITE_HOST` is
// removed from rtk's environment.

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";

const TIMEOUT_MS = 2000;
const TOOL = "bash";

type OmpApi = { on: (event: string, handler: (event: any, ctx: any) => unknown) => void };

export default function rtkExtension(omp: OmpApi): void {
  let missing = false;
  const utf8 = new TextDecoder("utf-8", { fatal: true });

  const ask = (command: string, cwd: string | undefined): Promise<string | undefined> =>
    new Promise((done) => {
      try {
        const env = { ...process.env };
        delete env.RTK_REWRITE_HOST;
        execFile(
          "rtk",
          ["rewrite", "--host", "omp", "--", command],
          { encoding: "buffer", timeout: TIMEOUT_MS, killSignal: "SIGKILL", maxBuffer: 1 << 20, env, cwd, windowsHide: true },
          (err, stdoutBuf) => {
            try {
              const e = err as { code?: unknown; killed?: boolean } | null;
              const exit: unknown = e?.code;
              if (exit === "ENOENT") {
                if (!missing) console.warn("rtk: omp extension inactive: `rtk` was not found on PATH; commands run unchanged");
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

  omp.on("tool_call", async (event: any, ctx: any) => {
    try {
      if (missing || event?.toolName !== TOOL) return undefined;
      const input = event.input;
      if (input === null || typeof input !== "object") return undefined;
      const command = input.command;
      if (typeof command !== "string" || command.trim() === "") return undefined;
      // A session directory that is gone would make the spawn fail like a missing rtk.
      const dir = ctx?.cwd;
      const cwd = typeof dir === "string" && dir !== "" && existsSync(dir) ? dir : undefined;
      const rewritten = await ask(command, cwd);
      if (rewritten === undefined) return undefined;
      return { input: { ...input, command: rewritten } };
    } catch {
      return undefined;
    }
  });
}
