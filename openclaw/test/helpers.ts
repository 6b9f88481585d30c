// Test fixtures for the OpenClaw plugin: a stub rtk on a private PATH, a fake plugin api that
// records what the plugin registers and logs, and an isolated OpenClaw state dir.

import { mkdtempSync, writeFileSync, readFileSync, existsSync, symlinkSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const STUB_RTK = join(dirname(fileURLToPath(import.meta.url)), "stub-rtk");

export type Fixture = {
  dir: string;
  env: NodeJS.ProcessEnv;
  table: (rows: [exit: number | "sleep" | "garbage" | "crash", stdout: string, command: string][]) => void;
  calls: () => string[];
  approvals: (file: unknown) => void;
};

/** A temp dir with `bin/rtk` → stub, an answer table, a call log and an OpenClaw state dir. */
export function fixture(opts: { kind?: "current" | "old" | "ancient"; noRtk?: boolean } = {}): Fixture {
  const dir = mkdtempSync(join(tmpdir(), "rtk-openclaw-test-"));
  const bin = join(dir, "bin");
  mkdirSync(bin);
  if (!opts.noRtk) symlinkSync(STUB_RTK, join(bin, "rtk"));
  const tablePath = join(dir, "table.tsv");
  const logPath = join(dir, "calls.log");
  const stateDir = join(dir, "state");
  mkdirSync(stateDir);
  const env: NodeJS.ProcessEnv = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: join(dir, "home"),
    OPENCLAW_STATE_DIR: stateDir,
    STUB_RTK_TABLE: tablePath,
    STUB_RTK_LOG: logPath,
    STUB_RTK_KIND: opts.kind ?? "current",
  };
  writeFileSync(tablePath, "");
  return {
    dir,
    env,
    table: (rows) => writeFileSync(tablePath, rows.map(([c, o, m]) => `${c}\t${o === "" ? "-" : o}\t${m}\n`).join("")),
    calls: () => (existsSync(logPath) ? readFileSync(logPath, "utf8").split("\n").filter(Boolean) : []),
    approvals: (file) => writeFileSync(join(stateDir, "exec-approvals.json"), JSON.stringify(file)),
  };
}

export type FakeApi = {
  config: unknown;
  pluginConfig?: Record<string, unknown>;
  logger: { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void };
  on: (hook: string, handler: (e: any, c: any) => unknown, opts?: { priority?: number }) => void;
  hooks: { hook: string; handler: (e: any, c: any) => unknown; opts?: { priority?: number } }[];
  logs: { level: string; msg: string }[];
};

export const FULL_ACCESS = { tools: { exec: { mode: "full" } } };

export function fakeApi(config: unknown = FULL_ACCESS, pluginConfig?: Record<string, unknown>): FakeApi {
  const api: FakeApi = {
    config,
    pluginConfig,
    hooks: [],
    logs: [],
    logger: {
      info: (msg) => api.logs.push({ level: "info", msg }),
      warn: (msg) => api.logs.push({ level: "warn", msg }),
      error: (msg) => api.logs.push({ level: "error", msg }),
    },
    on: (hook, handler, opts) => api.hooks.push({ hook, handler, opts }),
  };
  return api;
}

export function execEvent(command: unknown, extra: Record<string, unknown> = {}) {
  return { toolName: "exec", params: { command, workdir: "/tmp/work", timeout: 30, ...extra } };
}
