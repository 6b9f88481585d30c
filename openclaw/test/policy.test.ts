// The exec-policy gate (src/policy.ts) and the probe interpretation (src/rtk.ts), table-driven.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { resolveExecAccess, readApprovals, approvalsPath, type ApprovalsRead } from "../src/policy.ts";
import { interpretProbe, rewriteInvocation } from "../src/rtk.ts";

const NO_FILE: ApprovalsRead = { ok: true, path: "/x/exec-approvals.json" };
const file = (f: unknown): ApprovalsRead => ({ ok: true, path: "/x/exec-approvals.json", file: f });

type Row = [name: string, input: Partial<Parameters<typeof resolveExecAccess>[0]>, full: boolean];

const ROWS: Row[] = [
  ["no config at all (OpenClaw's default is full/off)", {}, true],
  ["mode full", { config: { tools: { exec: { mode: "full" } } } }, true],
  ["security full, ask off", { config: { tools: { exec: { security: "full", ask: "off" } } } }, true],
  ["mode allowlist", { config: { tools: { exec: { mode: "allowlist" } } } }, false],
  ["mode ask", { config: { tools: { exec: { mode: "ask" } } } }, false],
  ["mode auto (model reviewer)", { config: { tools: { exec: { mode: "auto" } } } }, false],
  ["mode deny", { config: { tools: { exec: { mode: "deny" } } } }, false],
  ["security full but ask always", { config: { tools: { exec: { security: "full", ask: "always" } } } }, false],
  ["security full, ask on-miss (full never misses, but a prompt could persist the rtk form)", { config: { tools: { exec: { security: "full", ask: "on-miss" } } } }, false],
  ["mode wins over security", { config: { tools: { exec: { mode: "allowlist", security: "full" } } } }, false],
  ["an unknown mode value", { config: { tools: { exec: { mode: "yolo" } } } }, false],
  ["host sandbox", { config: { tools: { exec: { mode: "full", host: "sandbox" } } } }, false],
  ["host node", { config: { tools: { exec: { mode: "full", host: "node" } } } }, false],
  ["host gateway", { config: { tools: { exec: { mode: "full", host: "gateway" } } } }, true],
  ["host auto with a sandbox configured", { config: { tools: { exec: { mode: "full" } }, agents: { defaults: { sandbox: { mode: "all" } } } } }, false],
  ["host auto with sandbox off", { config: { tools: { exec: { mode: "full" } }, agents: { defaults: { sandbox: { mode: "off" } } } } }, true],
  ["the call requests host sandbox", { config: { tools: { exec: { mode: "full" } } }, params: { host: "sandbox" } }, false],
  ["the call requests ask always", { config: { tools: { exec: { mode: "full" } } }, params: { ask: "always" } }, false],
  ["the call requests ask off", { config: { tools: { exec: { mode: "full" } } }, params: { ask: "off" } }, true],
  ["an elevated call", { config: { tools: { exec: { mode: "full" } } }, params: { elevated: true } }, false],
  ["strictInlineEval on", { config: { tools: { exec: { mode: "full", strictInlineEval: true } } } }, false],
  ["strictInlineEval on for the agent", { agentId: "main", config: { agents: { list: [{ id: "main", tools: { exec: { strictInlineEval: true } } }] } } }, false],
  ["agent override to allowlist (known agent)", { agentId: "ops", config: { agents: { list: [{ id: "ops", tools: { exec: { mode: "allowlist" } } }] } } }, false],
  ["another agent's override does not matter (known agent)", { agentId: "main", config: { agents: { list: [{ id: "ops", tools: { exec: { mode: "allowlist" } } }] } } }, true],
  ["unknown agent: any agent's stricter override counts", { config: { agents: { list: [{ id: "ops", tools: { exec: { mode: "allowlist" } } }] } } }, false],
  ["agent override back to full over a global allowlist", { agentId: "ops", config: { tools: { exec: { mode: "allowlist" } }, agents: { list: [{ id: "ops", tools: { exec: { mode: "full" } } }] } } }, true],
  ["session /exec security=allowlist", { sessionEntry: { execSecurity: "allowlist" } }, false],
  ["session /exec ask=always", { sessionEntry: { execAsk: "always" } }, false],
  ["session /exec host=sandbox", { sessionEntry: { execHost: "sandbox" } }, false],
  ["session without overrides", { sessionEntry: { label: "x" } }, true],
  ["approvals file: defaults allowlist", { approvals: file({ version: 1, defaults: { security: "allowlist" } }) }, false],
  ["approvals file: defaults ask on-miss", { approvals: file({ version: 1, defaults: { ask: "on-miss" } }) }, false],
  ["approvals file: wildcard agent deny", { approvals: file({ version: 1, agents: { "*": { security: "deny" } } }) }, false],
  ["approvals file: this agent allowlist", { agentId: "main", approvals: file({ version: 1, agents: { main: { security: "allowlist" } } }) }, false],
  ["approvals file: legacy `default` agent counts for main", { agentId: "main", approvals: file({ version: 1, agents: { default: { ask: "always" } } }) }, false],
  ["approvals file: only another agent restricted (known agent)", { agentId: "main", approvals: file({ version: 1, agents: { ops: { security: "allowlist" } } }) }, true],
  ["approvals file: another agent restricted, agent unknown", { approvals: file({ version: 1, agents: { ops: { security: "allowlist" } } }) }, false],
  ["approvals file: full/off everywhere, with an allowlist", { approvals: file({ version: 1, defaults: { security: "full", ask: "off" }, agents: { main: { allowlist: [{ pattern: "git" }] } } }) }, true],
  ["approvals file: unknown version", { approvals: file({ version: 2 }) }, false],
  ["approvals file: unknown security value", { approvals: file({ version: 1, defaults: { security: "most" } }) }, false],
  ["approvals file unreadable", { approvals: { ok: false, path: "/x", error: "EACCES" } }, false],
];

for (const [name, input, full] of ROWS) {
  test(`policy: ${name} → ${full ? "rewrite" : "unchanged"}`, () => {
    const got = resolveExecAccess({ config: undefined, params: {}, approvals: NO_FILE, ...input });
    assert.equal(got.full, full, got.reason);
    assert.ok(got.reason.length > 0);
  });
}

test("readApprovals: missing file is fine, malformed JSON is unreadable, path follows OPENCLAW_STATE_DIR", () => {
  const dir = mkdtempSync(join(tmpdir(), "rtk-policy-"));
  const state = join(dir, "state");
  mkdirSync(state);
  const env = { HOME: join(dir, "home"), OPENCLAW_STATE_DIR: state };
  assert.equal(approvalsPath(env), join(state, "exec-approvals.json"));
  assert.equal(approvalsPath({ HOME: "/h" }), "/h/.openclaw/exec-approvals.json");
  assert.deepEqual(readApprovals(env), { ok: true, path: join(state, "exec-approvals.json") });
  writeFileSync(join(state, "exec-approvals.json"), "{ not json");
  assert.equal(readApprovals(env).ok, false);
  writeFileSync(join(state, "exec-approvals.json"), JSON.stringify({ version: 1, defaults: { security: "full" } }));
  const read = readApprovals(env);
  assert.ok(read.ok && (read.file as any).defaults.security === "full");
  // A legacy ~/.openclaw file OpenClaw has not migrated into the state dir: cannot judge it.
  const other = join(dir, "state2");
  mkdirSync(other);
  mkdirSync(join(dir, "home", ".openclaw"), { recursive: true });
  writeFileSync(join(dir, "home", ".openclaw", "exec-approvals.json"), "{}");
  assert.equal(readApprovals({ ...env, OPENCLAW_STATE_DIR: other }).ok, false);
});

test("probe interpretation: every answer an rtk can give", () => {
  const exit = (code: number, stderr = "", stdout = "") => ({ kind: "exit" as const, code, stdout, stderr });
  const unknown = "rtk: unknown host 'rtk-openclaw-probe' (from --host; expected one of: claude, cursor, gemini, droid, vibe, openclaw)\n";
  assert.deepEqual(interpretProbe(exit(1, unknown)), { kind: "flag" });
  assert.equal((interpretProbe(exit(1, "rtk: unknown host 'x' (expected one of: claude, cursor)")) as any).kind, "unusable");
  assert.equal((interpretProbe(exit(1)) as any).kind, "env");
  assert.equal((interpretProbe(exit(2, "error: unrecognized subcommand 'rewrite'")) as any).kind, "unusable");
  assert.equal((interpretProbe(exit(0, "", "rtk true")) as any).kind, "unusable");
  assert.equal((interpretProbe({ kind: "missing" }) as any).kind, "unusable");
  assert.equal((interpretProbe({ kind: "error", message: "EACCES" }) as any).kind, "unusable");
  assert.equal(interpretProbe({ kind: "timeout" }), "retry");
});

test("rewrite argv: the command is one word after `--`; the env fallback sets RTK_REWRITE_HOST", () => {
  const cmd = "git log --oneline | head -5 && echo 'a  b'";
  assert.deepEqual(rewriteInvocation(cmd, { kind: "flag" }, { A: "1" }), {
    args: ["rewrite", "--host", "openclaw", "--", cmd],
    env: { A: "1" },
  });
  assert.deepEqual(rewriteInvocation("--help", { kind: "env", detail: "" }, { RTK_REWRITE_HOST: "claude" }), {
    args: ["rewrite", "--", "--help"],
    env: { RTK_REWRITE_HOST: "openclaw" },
  });
});
