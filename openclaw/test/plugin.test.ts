// Decision mapping of the OpenClaw plugin against a stub rtk (node --test, Node 24 strips types).
// Every row of the exit-code table, the failure modes, the version-skew fallback, the config
// switches and the exec-policy gate. No result may ever carry `requireApproval`.

import { test } from "node:test";
import assert from "node:assert/strict";

import { register, createHandler, parseSettings, DEFAULT_SETTINGS } from "../index.ts";
import { runProcess } from "../src/rtk.ts";
import { readApprovals } from "../src/policy.ts";
import { fixture, fakeApi, execEvent, FULL_ACCESS, type Fixture, type FakeApi } from "./helpers.ts";

function deps(fx: Fixture) {
  return { run: runProcess, env: () => fx.env, readApprovals, rtk: "rtk" };
}

/** Registers the plugin on a fake api and returns its before_tool_call handler. */
function plugin(fx: Fixture, opts: { config?: unknown; pluginConfig?: Record<string, unknown> } = {}) {
  const api: FakeApi = fakeApi(opts.config ?? FULL_ACCESS, opts.pluginConfig);
  register(api as any, deps(fx));
  const hooks = api.hooks.filter((h) => h.hook === "before_tool_call");
  assert.equal(hooks.length, 1, "exactly one before_tool_call hook");
  return { api, call: (event: unknown, ctx: unknown = {}) => hooks[0].handler(event, ctx) as Promise<any> };
}

function assertNoApproval(result: unknown) {
  assert.ok(result === undefined || !("requireApproval" in (result as object)), "no requireApproval, ever");
}

test("exit 0: command rewritten, every other param kept, rtk called with --host openclaw and one argv word", async () => {
  const fx = fixture();
  fx.table([[0, "rtk git status --short", "git status --short"]]);
  const { call } = plugin(fx);
  const result = await call(execEvent("git status --short", { env: { A: "1" }, yieldMs: 500 }));
  assert.deepEqual(result, {
    params: { command: "rtk git status --short", workdir: "/tmp/work", timeout: 30, env: { A: "1" }, yieldMs: 500 },
  });
  assertNoApproval(result);
  assert.deepEqual(fx.calls(), [
    "host=rtk-openclaw-probe env= words=1 cmd=true",
    "host=openclaw env= words=1 cmd=git status --short",
  ]);
});

test("exit 1: unchanged", async () => {
  const fx = fixture();
  fx.table([[1, "", "echo $(whoami)"]]);
  const { call } = plugin(fx);
  assert.equal(await call(execEvent("echo $(whoami)")), undefined);
  assert.ok(fx.calls().includes("host=openclaw env= words=1 cmd=echo $(whoami)"), "rtk was asked");
});

test("exit 2: blocked with a reason naming rtk's deny rule", async () => {
  const fx = fixture();
  fx.table([[2, "", "git push --force"]]);
  const { call } = plugin(fx);
  const result = await call(execEvent("git push --force"));
  assert.equal(result.block, true);
  assert.match(result.blockReason, /rtk: a deny rule matches this command/);
  assert.equal(result.params, undefined);
  assertNoApproval(result);
});

test("exit 3: unchanged and no approval (the host's exec policy decides)", async () => {
  const fx = fixture();
  fx.table([[3, "rtk git status", "git status"]]);
  const { call } = plugin(fx);
  const result = await call(execEvent("git status"));
  assert.equal(result, undefined);
});

test("timeout: unchanged, and the call returns soon after timeoutMs", async () => {
  const fx = fixture();
  fx.table([["sleep", "", "git status"]]);
  const { call } = plugin(fx, { pluginConfig: { timeoutMs: 300 } });
  const t0 = Date.now();
  assert.equal(await call(execEvent("git status")), undefined);
  assert.ok(Date.now() - t0 < 5000, `took ${Date.now() - t0} ms`);
});

test("crash, non-UTF-8 output, identical or empty output: unchanged", async () => {
  const fx = fixture();
  fx.table([
    ["crash", "", "boom"],
    ["garbage", "", "git log"],
    [0, "ls", "ls"],
    [0, "", "pwd"],
  ]);
  const { call } = plugin(fx);
  for (const cmd of ["boom", "git log", "ls", "pwd"]) {
    assert.equal(await call(execEvent(cmd)), undefined, cmd);
  }
});

test("a command too big for one argv word (E2BIG) leaves the call unchanged, no throw", async () => {
  const fx = fixture();
  fx.table([[0, "rtk x", "*"]]);
  const { call } = plugin(fx);
  const huge = `echo ${"x".repeat(300_000)}`;
  assert.equal(await call(execEvent(huge)), undefined);
});

test("missing rtk: unchanged, one warning for many calls, no further spawns", async () => {
  const fx = fixture({ noRtk: true });
  const { api, call } = plugin(fx);
  assert.equal(await call(execEvent("git status")), undefined);
  assert.equal(await call(execEvent("ls -al")), undefined);
  const warnings = api.logs.filter((l) => l.level === "warn");
  assert.equal(warnings.length, 1, JSON.stringify(api.logs));
  assert.match(warnings[0].msg, /not found on PATH/);
});

test("old rtk without --host: one warning, falls back to RTK_REWRITE_HOST=openclaw, still rewrites", async () => {
  const fx = fixture({ kind: "old" });
  fx.env.STUB_RTK_VERSION = "rtk 1.1.0";
  fx.table([[0, "rtk git status", "git status"]]);
  const { api, call } = plugin(fx);
  assert.deepEqual(await call(execEvent("git status")), {
    params: { command: "rtk git status", workdir: "/tmp/work", timeout: 30 },
  });
  assert.equal(await call(execEvent("git status")) !== undefined, true);
  const warnings = api.logs.filter((l) => l.level === "warn");
  assert.equal(warnings.length, 1);
  assert.match(warnings[0].msg, /rtk 1\.1\.0: .*--host.*RTK_REWRITE_HOST=openclaw/);
  const rewrites = fx.calls().filter((c) => c.endsWith("cmd=git status"));
  assert.deepEqual(rewrites, ["host= env=openclaw words=1 cmd=git status", "host= env=openclaw words=1 cmd=git status"]);
});

test("the probe runs once per process, not per call", async () => {
  const fx = fixture();
  fx.table([[0, "rtk ls -al", "ls -al"]]);
  const { call } = plugin(fx);
  await Promise.all([call(execEvent("ls -al")), call(execEvent("ls -al"))]);
  await call(execEvent("ls -al"));
  assert.equal(fx.calls().filter((c) => c.startsWith("host=rtk-openclaw-probe")).length, 1);
});

test("an rtk without `rewrite` (usage error exit 2) disables the plugin instead of blocking everything", async () => {
  const fx = fixture({ kind: "ancient" });
  const { api, call } = plugin(fx);
  assert.equal(await call(execEvent("git status")), undefined);
  assert.match(api.logs.find((l) => l.level === "warn")?.msg ?? "", /plugin inactive/);
});

test("enabled=false in pluginConfig: nothing registered; api.config is not the plugin's config", () => {
  const fx = fixture();
  const off = fakeApi(FULL_ACCESS, { enabled: false });
  register(off as any, deps(fx));
  assert.equal(off.hooks.length, 0);
  // `enabled:false` at the top of the whole OpenClaw config is not this plugin's switch.
  const on = fakeApi({ ...FULL_ACCESS, enabled: false }, {});
  register(on as any, deps(fx));
  assert.equal(on.hooks.length, 1);
  assert.deepEqual(fx.calls(), [], "no rtk call at registration");
});

test("non-exec tools, code-mode exec, and non-string or blank commands: unchanged, rtk never called", async () => {
  const fx = fixture();
  fx.table([[0, "rtk *", "*"]]);
  const { call } = plugin(fx);
  assert.equal(await call({ toolName: "read", params: { command: "git status" } }), undefined);
  assert.equal(await call({ toolName: "exec", toolKind: "code_mode_exec", params: { command: "git status" } }), undefined);
  assert.equal(await call({ toolName: "exec", params: { command: "git status" } }, { toolKind: "code_mode_exec" }), undefined);
  for (const command of [undefined, 42, "", "   ", ["git", "status"]]) {
    assert.equal(await call(execEvent(command)), undefined);
  }
  assert.equal(await call({ toolName: "exec" }), undefined);
  assert.equal(await call(null), undefined);
  assert.deepEqual(fx.calls(), []);
});

test("allowlist exec policy: unchanged and rtk not asked; rewriteUnderAllowlist opts in", async () => {
  const fx = fixture();
  fx.table([[0, "rtk git status", "git status"]]);
  const allowlist = { tools: { exec: { mode: "allowlist" } } };
  const { call, api } = plugin(fx, { config: allowlist, pluginConfig: { verbose: true } });
  assert.equal(await call(execEvent("git status")), undefined);
  assert.deepEqual(fx.calls(), []);
  assert.ok(api.logs.some((l) => /unchanged \(exec policy security=allowlist ask=off/.test(l.msg)));

  const optIn = plugin(fx, { config: allowlist, pluginConfig: { rewriteUnderAllowlist: true } });
  assert.equal((await optIn.call(execEvent("git status")))?.params?.command, "rtk git status");
});

test("exec-approvals.json stricter than the config wins: unchanged", async () => {
  const fx = fixture();
  fx.table([[0, "rtk git status", "git status"]]);
  fx.approvals({ version: 1, defaults: { security: "allowlist" }, agents: {} });
  const { call } = plugin(fx);
  assert.equal(await call(execEvent("git status"), { agentId: "main" }), undefined);
  assert.deepEqual(fx.calls(), []);
});

test("the live runtime config is preferred over the registration snapshot", async () => {
  const fx = fixture();
  fx.table([[0, "rtk git status", "git status"]]);
  const api = fakeApi(FULL_ACCESS) as any;
  api.runtime = { config: { current: () => ({ tools: { exec: { mode: "ask" } } }) } };
  register(api, deps(fx));
  assert.equal(await api.hooks[0].handler(execEvent("git status"), {}), undefined);
});

test("a session /exec override to allowlist is honoured; an unreadable session leaves the command alone", async () => {
  const fx = fixture();
  fx.table([[0, "rtk git status", "git status"]]);
  const api = fakeApi(FULL_ACCESS) as any;
  let entry: unknown = { execSecurity: "allowlist" };
  api.runtime = { agent: { session: { getSessionEntry: () => { if (entry === "throw") throw new Error("locked"); return entry; } } } };
  register(api, deps(fx));
  const h = api.hooks[0].handler;
  assert.equal(await h(execEvent("git status"), { agentId: "main", sessionKey: "s1" }), undefined);
  entry = "throw";
  assert.equal(await h(execEvent("git status"), { agentId: "main", sessionKey: "s1" }), undefined);
  entry = {};
  assert.equal((await h(execEvent("git status"), { agentId: "main", sessionKey: "s1" }))?.params?.command, "rtk git status");
});

test("a throwing logger or api never escapes into the host", async () => {
  const fx = fixture({ noRtk: true });
  const api = fakeApi(FULL_ACCESS) as any;
  api.logger.warn = () => { throw new Error("logger down"); };
  register(api, deps(fx));
  assert.equal(await api.hooks[0].handler(execEvent("git status"), {}), undefined);
  const broken = { on: () => { throw new Error("no hooks here"); }, logger: {} };
  assert.doesNotThrow(() => register(broken as any, deps(fx)));
});

test("settings: defaults, overrides, wrong types fall back with a warning", () => {
  const warnings: string[] = [];
  const w = (m: string) => warnings.push(m);
  assert.deepEqual(parseSettings(undefined, w), DEFAULT_SETTINGS);
  assert.deepEqual(parseSettings({ verbose: true, rewriteUnderAllowlist: true, timeoutMs: 500 }, w), {
    enabled: true, verbose: true, rewriteUnderAllowlist: true, timeoutMs: 500,
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(parseSettings({ enabled: "no", timeoutMs: -1 }, w), DEFAULT_SETTINGS);
  assert.equal(warnings.length, 2);
  assert.deepEqual(parseSettings("yes", w), DEFAULT_SETTINGS);
  assert.equal(warnings.length, 3);
});

test("createHandler works with a plain logger-less api", async () => {
  const fx = fixture();
  fx.table([[0, "rtk cargo test", "cargo test"]]);
  const h = createHandler({ config: FULL_ACCESS, on: () => {} }, DEFAULT_SETTINGS, deps(fx));
  assert.equal(((await h(execEvent("cargo test"), {})) as any)?.params?.command, "rtk cargo test");
});
