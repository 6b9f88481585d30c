// End-to-end: the plugin in the real OpenClaw runtime (openclaw@2026.7.1-2 on Node 24), exec
// tool calls through OpenClaw's own before_tool_call pipeline, with the real rtk binary.
//
// Skip-proof: a missing Node 24, OpenClaw or rtk binary is a FAILURE, never a skip
// (scripts/setup-test-deps.sh installs the first two; `cargo build` makes the third).
//   RTK_BIN               rtk binary to test (default: set by scripts/test-adapters.sh)
//   RTK_E2E_OPENCLAW_DIR  OpenClaw package dir (default: <repo>/.cache/openclaw/node_modules/openclaw)
//
// Scenarios (driver.mjs runs them in one OpenClaw process; exec really runs each command, in a
// throwaway git repo):
//   full       tools.exec.mode=full, real rtk: rewritable commands come out as `rtk …` and run;
//              `echo $(whoami)` (unattestable) runs unchanged; no plugin approval, ever.
//   deny       a stub rtk answering exit 2 for one command: that call is blocked and never runs.
//   allowlist  tools.exec.mode=allowlist with `git`, `ls` allowlisted: commands run unchanged.
//   opt-in     the same allowlist with rewriteUnderAllowlist=true: rewritten, and OpenClaw then
//              denies `rtk git status` (allowlist miss) — why the default leaves them alone.
// Prints one line per command: `command -> final command, approval requested = false`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, accessSync, constants } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..", "..");
const pluginDir = resolve(here, "..", "..");
const stubRtk = resolve(here, "..", "stub-rtk");
const OPENCLAW_VERSION = "2026.7.1-2";

function requirements() {
  const major = Number(process.versions.node.split(".")[0]);
  assert.equal(major, 24, `the e2e test needs Node 24 (this is ${process.version}); run scripts/setup-test-deps.sh and use .cache/node24`);
  const openclawDir = process.env.RTK_E2E_OPENCLAW_DIR || join(repo, ".cache", "openclaw", "node_modules", "openclaw");
  const pkg = join(openclawDir, "package.json");
  assert.ok(existsSync(pkg), `OpenClaw is not installed at ${openclawDir}; run scripts/setup-test-deps.sh`);
  assert.equal(JSON.parse(readFileSync(pkg, "utf8")).version, OPENCLAW_VERSION, "wrong OpenClaw version");
  const rtkBin = resolve(process.env.RTK_BIN || join(repo, "target", "debug", process.platform === "win32" ? "rtk.exe" : "rtk"));
  assert.doesNotThrow(() => accessSync(rtkBin, constants.X_OK), `no executable rtk at ${rtkBin}; run cargo build or set RTK_BIN`);
  return { openclawDir, rtkBin };
}

function gitRepo(dir) {
  mkdirSync(dir, { recursive: true });
  const git = (...args) =>
    execFileSync("git", args, {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
    });
  git("init", "-q", ".");
  writeFileSync(join(dir, "README"), "hello\n");
  git("add", "README");
  git("commit", "-q", "-m", "init");
  writeFileSync(join(dir, "README"), "hello\nchanged\n");
}

function scenarioDir(root, name, rtk) {
  const dir = join(root, name);
  mkdirSync(join(dir, "bin"), { recursive: true });
  symlinkSync(rtk, join(dir, "bin", "rtk"));
  gitRepo(join(dir, "work"));
  return { name, dir, rtkBinDir: join(dir, "bin"), workdir: join(dir, "work") };
}

test("OpenClaw e2e: rewrites under full access, blocks on deny, leaves allowlist policies alone, never asks", { timeout: 600_000 }, () => {
  const { openclawDir, rtkBin } = requirements();
  const root = mkdtempSync(join(tmpdir(), "rtk-openclaw-e2e-"));

  const full = {
    ...scenarioDir(root, "full", rtkBin),
    exec: { mode: "full" },
    commands: ["git status", "ls -al", "cargo test", "git status && git diff", "echo $(whoami)"],
  };
  const deny = {
    ...scenarioDir(root, "deny", stubRtk),
    exec: { mode: "full" },
    commands: ["touch denied-marker", "git status"],
  };
  const denyTable = join(deny.dir, "table.tsv");
  writeFileSync(denyTable, "2\t-\ttouch denied-marker\n0\trtk git status\tgit status\n");
  deny.env = { STUB_RTK_TABLE: denyTable };
  // Bare names, as OpenClaw 2026.7.1-2 matched them (reference/openclaw-runtime.md §7).
  const approvalsWithGitLs = {
    version: 1,
    defaults: { security: "allowlist", ask: "off" },
    agents: { main: { allowlist: [{ pattern: "git" }, { pattern: "ls" }] } },
  };
  const allowlist = {
    ...scenarioDir(root, "allowlist", rtkBin),
    exec: { mode: "allowlist" },
    approvals: approvalsWithGitLs,
    commands: ["git status", "ls -al"],
  };
  const optIn = {
    ...scenarioDir(root, "opt-in", rtkBin),
    exec: { mode: "allowlist" },
    approvals: approvalsWithGitLs,
    pluginConfig: { rewriteUnderAllowlist: true },
    commands: ["git status"],
  };

  const node = process.execPath;
  const basePath = [dirname(node), "/usr/local/bin", "/usr/bin", "/bin"];
  for (const tool of ["git", "cargo"]) {
    const found = spawnSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
    if (found) basePath.push(dirname(found));
  }
  const env = {
    PATH: basePath.join(":"),
    HOME: join(root, "home"),
    OPENCLAW_EXEC_SHELL_SNAPSHOT: "0",
    RTK_E2E_SCENARIOS: JSON.stringify({ openclawDir, pluginDir, scenarios: [full, deny, allowlist, optIn] }),
  };
  for (const k of ["RUSTUP_HOME", "CARGO_HOME", "TMPDIR"]) if (process.env[k]) env[k] = process.env[k];
  mkdirSync(env.HOME);
  const run = spawnSync(node, [join(here, "driver.mjs")], { env, cwd: root, encoding: "utf8", timeout: 540_000, maxBuffer: 64 << 20 });
  const results = (run.stdout ?? "").split("\n").filter((l) => l.startsWith("RESULT ")).map((l) => JSON.parse(l.slice(7)));
  const approvalsLine = (run.stdout ?? "").split("\n").find((l) => l.startsWith("APPROVALS "));
  assert.equal(run.status, 0, `driver failed (status ${run.status}, signal ${run.signal}):\n${run.stderr}\n${run.stdout}`);
  assert.ok(approvalsLine, "driver printed no approval record");

  for (const r of results) {
    const shown = r.final ?? (r.status === "blocked" ? "(blocked by the plugin)" : `(not run: ${r.error})`);
    console.log(`${r.scenario}: ${r.command} -> ${shown}, approval requested = ${r.approvalRequested}`);
  }
  assert.deepEqual(JSON.parse(approvalsLine.slice(10)), [], "no plugin approval may ever be requested");

  const by = (scenario, command) => {
    const r = results.find((x) => x.scenario === scenario && x.command === command);
    assert.ok(r, `no result for ${scenario}: ${command}`);
    assert.equal(r.approvalRequested, false, `${scenario}: ${command}: approval requested`);
    return r;
  };

  // full access, real rtk
  const expected = {
    "git status": "rtk git status",
    "ls -al": "rtk ls -al",
    "cargo test": "rtk cargo test",
    "git status && git diff": "rtk git status && rtk git diff",
    "echo $(whoami)": "echo $(whoami)",
  };
  for (const [command, final] of Object.entries(expected)) {
    const r = by("full", command);
    assert.equal(r.final, final, `full: ${command}: ${JSON.stringify(r)}`);
    assert.equal(r.error, null, `full: ${command} must reach exec: ${r.error}`);
    assert.equal(r.status, "completed", `full: ${command} must run: ${JSON.stringify(r)}`);
  }
  assert.match(by("full", "echo $(whoami)").text, /\S/, "echo $(whoami) ran");

  // deny: blocked, never executed; the next call is unaffected
  const denied = by("deny", "touch denied-marker");
  assert.ok(denied.status === "blocked" || /deny rule/.test(denied.error ?? denied.text), `deny: not blocked: ${JSON.stringify(denied)}`);
  assert.match(`${denied.text} ${denied.error ?? ""}`, /rtk: a deny rule matches this command/);
  assert.equal(existsSync(join(deny.workdir, "denied-marker")), false, "a blocked command must not run");
  assert.equal(by("deny", "git status").final, "rtk git status");

  // allowlist: unchanged and allowed by OpenClaw's own allowlist
  for (const command of ["git status", "ls -al"]) {
    const r = by("allowlist", command);
    assert.equal(r.final, command, `allowlist: ${command}: ${JSON.stringify(r)}`);
    assert.equal(r.error, null, `allowlist: ${command} should run under its allowlist entry: ${r.error}`);
    assert.equal(r.status, "completed", `allowlist: ${command}: ${JSON.stringify(r)}`);
  }

  // opt-in under the same allowlist: rewritten, and OpenClaw judges (and denies) the rtk form
  const opted = by("opt-in", "git status");
  assert.equal(opted.final, "rtk git status", JSON.stringify(opted));
  assert.match(opted.error ?? opted.text, /allowlist miss/, "OpenClaw judges its allowlist on the rewritten command");
});
