// Talking to the `rtk` binary: one `rtk rewrite` call, and the once-per-process probe that finds
// out how to name the host.
//
// Invariants: rtk runs as an argv array (no shell) with the whole command as ONE argv element
// after `--`; every call has a timeout; nothing here throws — every failure is a value.
//
// The probe. `rtk rewrite --host <h>` exists only in a host-aware rtk; an older rtk declares the
// command words as a trailing positional that swallows `--host openclaw git status` as command
// text and answers exit 1 with empty output, which is indistinguishable from "no rtk form". So
// the probe asks for a host that cannot exist:
//     rtk rewrite --host rtk-openclaw-probe -- true
// A host-aware rtk answers exit 1 with `rtk: unknown host 'rtk-openclaw-probe' (… expected one
// of: …, openclaw)` on stderr (docs/contract.md §1). If that list names `openclaw`, the flag is used. An old
// rtk answers exit 1 with an empty stderr: it gets `RTK_REWRITE_HOST=openclaw` in its environment
// instead (upstream rtk ≥ 1.1 reads it; older ones ignore it and answer exit 3, which the plugin
// leaves unchanged). Anything else — exit 2 from an rtk without `rewrite`, a crash, a missing
// binary — disables the plugin for the process. Version numbers are not compared: this rtk and
// upstream rtk number their releases independently, so only behavior tells.

import { execFile } from "node:child_process";

export const PROBE_HOST = "rtk-openclaw-probe";

export type RunResult =
  | { kind: "exit"; code: number; stdout: string; stderr: string }
  | { kind: "missing" }
  | { kind: "timeout" }
  | { kind: "error"; message: string };

export type Runner = (
  file: string,
  args: string[],
  opts: { timeoutMs: number; env: NodeJS.ProcessEnv },
) => Promise<RunResult>;

const fatalUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Runs a program without a shell; resolves (never rejects) with what happened. */
export const runProcess: Runner = (file, args, opts) =>
  new Promise((resolveResult) => {
    try {
      execFile(
        file,
        args,
        { encoding: "buffer", timeout: opts.timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 20, env: opts.env, windowsHide: true },
        (err, stdoutBuf, stderrBuf) => {
          const e = err as { code?: unknown; killed?: boolean; message: string } | null;
          const code: unknown = e?.code;
          if (code === "ENOENT") return resolveResult({ kind: "missing" });
          if (e?.killed) return resolveResult({ kind: "timeout" });
          if (e && typeof code !== "number") return resolveResult({ kind: "error", message: e.message });
          let stdout: string;
          let stderr: string;
          try {
            stdout = fatalUtf8.decode(stdoutBuf as Buffer);
            stderr = fatalUtf8.decode(stderrBuf as Buffer);
          } catch {
            return resolveResult({ kind: "error", message: "rtk printed output that is not valid UTF-8" });
          }
          resolveResult({ kind: "exit", code: typeof code === "number" ? code : 0, stdout, stderr });
        },
      );
    } catch (err) {
      resolveResult({ kind: "error", message: err instanceof Error ? err.message : String(err) });
    }
  });

/** How this plugin names its host to the installed rtk. */
export type HostMode =
  | { kind: "flag" }
  | { kind: "env"; detail: string }
  | { kind: "unusable"; detail: string };

/** Interprets the probe's answer (pure, for tests). `retry` means "do not cache this". */
export function interpretProbe(r: RunResult): HostMode | "retry" {
  switch (r.kind) {
    case "missing":
      return { kind: "unusable", detail: "rtk was not found on PATH" };
    case "timeout":
      return "retry";
    case "error":
      return { kind: "unusable", detail: `rtk could not be run: ${r.message}` };
    case "exit":
      if (r.code === 1 && r.stdout === "" && /unknown host/.test(r.stderr)) {
        if (/\bopenclaw\b/.test(r.stderr)) return { kind: "flag" };
        return { kind: "unusable", detail: "this rtk knows --host but not the openclaw host" };
      }
      if (r.code === 1 && r.stdout === "") {
        return { kind: "env", detail: "this rtk does not understand `rtk rewrite --host`" };
      }
      return {
        kind: "unusable",
        detail: `\`rtk rewrite\` answered the probe with exit ${r.code}${r.stderr.trim() ? `: ${r.stderr.trim().split("\n")[0]}` : ""}`,
      };
  }
}

export function probeArgs(): string[] {
  return ["rewrite", "--host", PROBE_HOST, "--", "true"];
}

/** argv and environment for one rewrite call. */
export function rewriteInvocation(
  command: string,
  mode: HostMode,
  baseEnv: NodeJS.ProcessEnv,
): { args: string[]; env: NodeJS.ProcessEnv } {
  if (mode.kind === "flag") {
    return { args: ["rewrite", "--host", "openclaw", "--", command], env: baseEnv };
  }
  // Old rtk: no `--host`; `--` still keeps a command like `--help` from reaching clap's parser.
  return { args: ["rewrite", "--", command], env: { ...baseEnv, RTK_REWRITE_HOST: "openclaw" } };
}
