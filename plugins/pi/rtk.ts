// rtk extension for Pi (pi-coding-agent): rewrites `bash` tool calls to their compact rtk form.
//
// Install: copy to `.pi/extensions/rtk.ts` or `~/.pi/agent/extensions/rtk.ts` (or `rtk init --agent pi`).
//
// On every `tool_call` for the `bash` tool it runs `rtk rewrite -- <command>` (argv array, no
// shell, the whole command as one argv element, 2 s timeout) and changes `event.input.command`
// in place (the only change Pi applies). Pi is not an rtk host: rtk answers
// with its default (Claude) rules, and this extension reads the answer as a rewrite decision only:
//   exit 0 or 3 → the command is replaced by rtk's stdout (Pi has no permission rules of its own
//                 for rtk to defer to, so "approval stays with the host" changes nothing here);
//   anything else (1 no rtk form, 2 a deny rule, timeout, crash, non-UTF-8 output) → the original
//                 command runs unchanged. rtk never blocks or prompts in Pi.
// A missing rtk gives one warning and turns the extension into a no-op. Nothing here throws into Pi.
// `RTK_REWRITE_HOST` is removed from rtk's environment so a stray value cannot change the answer.

import { execFile } from "node:child_process";

const TIMEOUT_MS = 2000;
const TOOL = "bash";

type Answer = { kind: "exit"; code: number; stdout: string } | { kind: "missing" } | { kind: "failed"; why: string };

const utf8 = new TextDecoder("utf-8", { fatal: true });

function askRtk(command: string): Promise<Answer> {
  return new Promise((done) => {
    try {
      const env = { ...process.env };
      delete env.RTK_REWRITE_HOST;
      execFile(
        "rtk",
        ["rewrite", "--", command],
        { encoding: "buffer", timeout: TIMEOUT_MS, killSignal: "SIGKILL", maxBuffer: 1 << 20, env, windowsHide: true },
        (err, stdout) => {
          const e = err as { code?: unknown; killed?: boolean; message: string } | null;
          const code: unknown = e?.code;
          if (code === "ENOENT") return done({ kind: "missing" });
          if (e?.killed) return done({ kind: "failed", why: "timed out" });
          if (e && typeof code !== "number") return done({ kind: "failed", why: e.message });
          try {
            done({ kind: "exit", code: typeof code === "number" ? code : 0, stdout: utf8.decode(stdout as Buffer) });
          } catch {
            done({ kind: "failed", why: "output is not UTF-8" });
          }
        },
      );
    } catch (err) {
      done({ kind: "failed", why: String(err) });
    }
  });
}

/** The command rtk wants to run instead, or undefined to run the original. */
async function rewriteFor(command: string, state: { missing: boolean; warn: (m: string) => void }): Promise<string | undefined> {
  if (state.missing) return undefined;
  const answer = await askRtk(command);
  if (answer.kind === "missing") {
    state.missing = true;
    state.warn("rtk: Pi extension inactive: `rtk` was not found on PATH; commands run unchanged");
    return undefined;
  }
  if (answer.kind !== "exit" || (answer.code !== 0 && answer.code !== 3)) return undefined;
  const rewritten = command.endsWith("\n") ? answer.stdout : answer.stdout.replace(/\r?\n$/, "");
  if (rewritten.trim() === "" || rewritten === command || rewritten.includes("\0")) return undefined;
  return rewritten;
}

type PiApi = { on: (event: string, handler: (event: any, ctx: any) => unknown) => void };

export default function rtkExtension(pi: PiApi): void {
  const state = {
    missing: false,
    warn: (m: string) => {
      try {
        console.warn(m);
      } catch {
        /* nowhere else to say it */
      }
    },
  };
  pi.on("tool_call", async (event: any) => {
    try {
      if (event?.toolName !== TOOL) return undefined;
      const input = event.input;
      if (input === null || typeof input !== "object") return undefined;
      const command = input.command;
      if (typeof command !== "string" || command.trim() === "") return undefined;
      const rewritten = await rewriteFor(command, state);
      if (rewritten === undefined) return undefined;
      // Pi (0.73.1) applies only in-place changes to event.input; a returned value is read for
      // `.block` alone, so nothing is returned.
      input.command = rewritten;
      return undefined;
    } catch {
      return undefined;
    }
  });
}
