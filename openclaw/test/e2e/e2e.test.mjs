// End-to-end: rtk's plugin in a real OpenClaw, driven the way a user drives it. The plugin is
// installed with `rtk init --agent openclaw --global` (what a user runs); each scenario is one
// `openclaw agent --local` run of OpenClaw's own CLI against a scripted model on 127.0.0.1
// (parity/model_server.py, OpenAI chat completions), which calls the `exec` tool with each
// command in turn. Nothing of OpenClaw's internals is imported: what ran is read from the tool
// results the model got back and from an `rtk` on PATH that logs each call.
//
// Skip-proof: a missing Node 24, OpenClaw, python3 or rtk binary is a FAILURE, never a skip
// (scripts/setup-test-deps.sh installs the first two; `cargo build` makes the rtk binary).
//   RTK_BIN                   rtk binary to test (default: set by scripts/test-adapters.sh)
//   RTK_E2E_OPENCLAW_DIR      OpenClaw package dir (default: the pinned one,
//                             <repo>/.cache/openclaw/node_modules/openclaw)
//   RTK_E2E_OPENCLAW_VERSION  the version that dir must hold (default 2026.7.1-2; `any` for
//                             the newest release, scripts/openclaw-latest.sh)
//
// Scenarios (exec really runs each command, in a throwaway git repo):
//   full       tools.exec.mode=full: rewritable commands run as `rtk …`; `echo $(whoami)`
//              (unattestable) runs unchanged; no plugin approval, ever.
//   deny       an rtk whose rewrite answers exit 2 for one command: that call is blocked and
//              never runs; the next call in the same session is rewritten as usual.
//   allowlist  tools.exec.mode=allowlist with `git`, `ls` allowlisted: commands run unchanged,
//              rtk is not even asked.
//   opt-in     the same allowlist with rewriteUnderAllowlist=true: rewritten, and OpenClaw then
//              denies `rtk git status` (allowlist miss): why the default leaves them alone.
// Prints one line per command: `scenario: command -> what ran`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..", "..");
const stubRtk = resolve(here, "..", "stub-rtk");
const PINNED = "2026.7.1-2";

function requirements() {
  const major = Number(process.versions.node.split(".")[0]);
  assert.equal(major, 24, `the e2e test needs Node 24 (this is ${process.version}); run scripts/setup-test-deps.sh and use .cache/node24`);
  const openclawDir = process.env.RTK_E2E_OPENCLAW_DIR || join(repo, ".cache", "openclaw", "node_modules", "openclaw");
  const pkg = join(openclawDir, "package.json");
  assert.ok(existsSync(pkg), `OpenClaw is not installed at ${openclawDir}; run scripts/setup-test-deps.sh`);
  const version = JSON.parse(readFileSync(pkg, "utf8")).version;
  const wanted = process.env.RTK_E2E_OPENCLAW_VERSION || PINNED;
  if (wanted !== "any") assert.equal(version, wanted, "wrong OpenClaw version");
  const rtkBin = resolve(process.env.RTK_BIN || join(repo, "target", "debug", process.platform === "win32" ? "rtk.exe" : "rtk"));
  assert.doesNotThrow(() => accessSync(rtkBin, constants.X_OK), `no executable rtk at ${rtkBin}; run cargo build or set RTK_BIN`);
  return { openclawDir, version, rtkBin };
}

/** The scripted model, in its own process; resolves to {port, stop}. */
function modelServer() {
  return new Promise((resolveServer, reject) => {
    const child = spawn("python3", [join(repo, "parity", "model_server.py")], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.on("error", reject);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/^PORT (\d+)$/m);
      if (m) resolveServer({ port: Number(m[1]), stop: () => child.stdin.end() });
    });
    child.on("exit", (code) => reject(new Error(`model server exited (${code}) before it listened`)));
  });
}

async function script(port, body) {
  const res = await fetch(`http://127.0.0.1:${port}/__script`, body ? { method: "POST", body: JSON.stringify(body) } : {});
  assert.equal(res.status, 200);
  return res.json();
}

// The `rtk` on PATH: logs every call (`rewrite <args>\t<exit>\t<answer>`, or `run <args>` for
// anything else: that is an rtk form actually running), then hands it to the real binary. The
// deny scenario sends rewrite calls to the stub instead (answers from its table).
const SHIM = (log, real, rewriter) => `#!/bin/bash
case "$1" in
    rewrite)
        out=$('${rewriter}' "$@"); rc=$?
        printf 'rewrite\\t%s\\t%s\\t%s\\n' "$*" "$rc" "$(printf '%s' "$out" | tr '\\n\\t' '  ')" >>'${log}'
        printf '%s' "$out"
        exit $rc ;;
    *)
        printf 'run\\t%s\\n' "$*" >>'${log}'
        exec '${real}' "$@" ;;
esac
`;

function gitRepo(dir, home) {
  mkdirSync(dir, { recursive: true });
  const git = (...args) =>
    execFileSync("git", args, {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
    });
  git("init", "-q", ".");
  writeFileSync(join(dir, "README"), "hello\n");
  git("add", "README");
  git("commit", "-q", "-m", "init");
  writeFileSync(join(dir, "README"), "hello\nchanged\n");
}

/** One scenario: a fresh OpenClaw state dir, HOME and workspace; rtk's plugin installed by
 * `rtk init`; one `openclaw agent --local` run in which the model calls exec with each command.
 * Returns {results: the tool result of each command, in order; calls: the shim's log}. */
async function runScenario(ctx, sc) {
  const dir = join(ctx.root, sc.name);
  const home = join(dir, "home");
  const state = join(dir, "state");
  const work = join(dir, "work");
  const bin = join(dir, "bin");
  const log = join(dir, "rtk-calls.log");
  for (const d of [home, state, bin]) mkdirSync(d, { recursive: true });
  gitRepo(work, home);
  writeFileSync(join(bin, "rtk"), SHIM(log, ctx.rtkBin, sc.rewriter ?? ctx.rtkBin), { mode: 0o755 });
  const config = join(state, "openclaw.json");
  writeFileSync(
    config,
    JSON.stringify(
      {
        models: {
          mode: "merge",
          providers: {
            fake: { baseUrl: `http://127.0.0.1:${ctx.port}/v1`, apiKey: "dummy", api: "openai-completions", models: [{ id: "fake-model", name: "Scripted model" }] },
          },
        },
        agents: { defaults: { model: { primary: "fake/fake-model" }, workspace: work } },
        tools: { exec: { host: "gateway", pathPrepend: [bin], ...sc.exec } },
      },
      null,
      2,
    ),
  );

  const env = {
    PATH: [bin, ...ctx.basePath].join(":"),
    HOME: home,
    OPENCLAW_STATE_DIR: state,
    OPENCLAW_CONFIG_PATH: config,
    OPENCLAW_EXEC_SHELL_SNAPSHOT: "0",
    ...sc.env,
  };
  for (const k of ["RUSTUP_HOME", "CARGO_HOME", "TMPDIR"]) if (process.env[k]) env[k] = process.env[k];

  // Installed as a user installs it; the plugin's own settings then go into its config entry.
  const init = spawnSync(join(bin, "rtk"), ["init", "--agent", "openclaw", "--global"], { env, cwd: work, encoding: "utf8" });
  assert.equal(init.status, 0, `rtk init --agent openclaw failed:\n${init.stdout}\n${init.stderr}`);
  const written = JSON.parse(readFileSync(config, "utf8"));
  assert.equal(written.plugins?.entries?.rtk?.enabled, true, `rtk init did not enable the plugin: ${JSON.stringify(written.plugins)}`);
  if (sc.pluginConfig) {
    written.plugins.entries.rtk.config = sc.pluginConfig;
    writeFileSync(config, JSON.stringify(written, null, 2));
  }
  // Exec approvals through OpenClaw's own CLI (where it stores them changed across releases:
  // exec-approvals.json in 2026.7, its state database in 2026.9).
  if (sc.approvals) {
    const file = join(dir, "approvals.json");
    writeFileSync(file, JSON.stringify(sc.approvals, null, 2));
    const set = spawnSync(process.execPath, [join(ctx.openclawDir, "openclaw.mjs"), "approvals", "set", "--file", file], { env, cwd: work, encoding: "utf8", timeout: 300_000 });
    assert.equal(set.status, 0, `openclaw approvals set failed:\n${set.stdout}\n${set.stderr}`);
  }
  writeFileSync(log, "");

  await script(ctx.port, { command: sc.commands[0], then: sc.commands.slice(1) });
  const run = spawnSync(
    process.execPath,
    [join(ctx.openclawDir, "openclaw.mjs"), "agent", "--local", "--agent", "main", "--message", "Run the commands.", "--json", "--timeout", "400"],
    { env, cwd: work, encoding: "utf8", timeout: 480_000, maxBuffer: 64 << 20 },
  );
  const seen = await script(ctx.port);
  const detail = `openclaw agent (status ${run.status}, signal ${run.signal}):\n${(run.stderr ?? "").slice(-4000)}`;
  assert.equal(run.status, 0, detail);
  assert.deepEqual(seen.unknown, [], `OpenClaw asked the model for something it does not serve: ${seen.unknown}`);
  assert.equal(seen.calls.length, sc.commands.length, `the model called exec ${seen.calls.length} times, not ${sc.commands.length}; ${detail}`);
  assert.equal(seen.results.length, sc.commands.length, `tool results: ${JSON.stringify(seen.results)}; ${detail}`);

  const lines = readFileSync(log, "utf8").split("\n").filter(Boolean);
  const calls = lines.map((l) => {
    const [kind, args, code, answer] = l.split("\t");
    return { kind, args, code: code === undefined ? null : Number(code), answer: answer ?? null };
  });
  return { results: seen.results, calls };
}

test("OpenClaw e2e through its CLI: rewrites under full access, blocks on deny, leaves allowlist policies alone, never asks", { timeout: 2_400_000 }, async () => {
  const { openclawDir, version, rtkBin } = requirements();
  console.log(`OpenClaw ${version} (${openclawDir}), rtk ${rtkBin}`);
  const root = mkdtempSync(join(tmpdir(), "rtk-openclaw-e2e-"));
  const basePath = [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"];
  for (const tool of ["git", "cargo", "python3"]) {
    const found = spawnSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
    if (found) basePath.push(dirname(found));
  }
  const server = await modelServer();
  const ctx = { root, rtkBin, openclawDir, port: server.port, basePath };
  try {
    const approvalsWithGitLs = {
      version: 1,
      defaults: { security: "allowlist", ask: "off" },
      agents: { main: { allowlist: [{ pattern: "git" }, { pattern: "ls" }] } },
    };
    const denyTable = join(root, "deny-table.tsv");
    writeFileSync(denyTable, "2\t-\ttouch denied-marker\n0\trtk git status\tgit status\n");
    const scenarios = [
      { name: "full", exec: { mode: "full" }, commands: ["git status", "ls -al", "git status && git diff", "echo $(whoami)"] },
      { name: "deny", exec: { mode: "full" }, rewriter: stubRtk, env: { STUB_RTK_TABLE: denyTable }, commands: ["touch denied-marker", "git status"] },
      { name: "allowlist", exec: { mode: "allowlist" }, approvals: approvalsWithGitLs, commands: ["git status", "ls -al"] },
      { name: "opt-in", exec: { mode: "allowlist" }, approvals: approvalsWithGitLs, pluginConfig: { rewriteUnderAllowlist: true }, commands: ["git status"] },
    ];
    const out = {};
    for (const sc of scenarios) {
      const { results, calls } = await runScenario(ctx, sc);
      out[sc.name] = { results: Object.fromEntries(sc.commands.map((c, i) => [c, results[i]])), calls, dir: join(root, sc.name) };
      const ran = calls.filter((c) => c.kind !== "rewrite").map((c) => `rtk ${c.args}`);
      for (const [i, c] of sc.commands.entries()) console.log(`${sc.name}: ${c} -> ${JSON.stringify(results[i].slice(0, 80))}`);
      console.log(`${sc.name}: rtk forms run: ${JSON.stringify(ran)}`);
    }
    // The plugin's own probe of rtk (`--host rtk-openclaw-probe`) aside.
    const rewrites = (name) => out[name].calls.filter((c) => c.kind === "rewrite" && c.args.startsWith("rewrite --host openclaw "));
    const runs = (name) => out[name].calls.filter((c) => c.kind === "run" && !/^--version\b/.test(c.args)).map((c) => c.args);
    const results = (name) => out[name].results;
    const neverAsked = (name) => {
      for (const [command, result] of Object.entries(results(name))) {
        assert.doesNotMatch(result, /approval/i, `${name}: ${command}: a plugin approval was requested: ${result}`);
      }
    };

    // full access: each rewritable command was rewritten and its rtk form is what ran
    const full = results("full");
    assert.deepEqual(
      rewrites("full").map((c) => [c.args, c.code, c.answer]),
      [
        ["rewrite --host openclaw -- git status", 0, "rtk git status"],
        ["rewrite --host openclaw -- ls -al", 0, "rtk ls -al"],
        ["rewrite --host openclaw -- git status && git diff", 0, "rtk git status && rtk git diff"],
        ["rewrite --host openclaw -- echo $(whoami)", 1, ""],
      ],
    );
    assert.deepEqual(runs("full"), ["git status", "ls -al", "git status", "git diff"], "the rtk forms ran, in order");
    assert.match(full["echo $(whoami)"], new RegExp(`^${userInfo().username}\\b`, "m"), "echo $(whoami) ran unchanged");
    assert.match(full["ls -al"], /README/, "rtk ls shows the files");
    assert.match(full["git status"], /README/, "rtk git status names the changed file");
    neverAsked("full");

    // deny: blocked, never executed; the next call is unaffected
    const deny = results("deny");
    assert.match(deny["touch denied-marker"], /rtk: a deny rule matches this command/);
    assert.equal(existsSync(join(out.deny.dir, "work", "denied-marker")), false, "a blocked command must not run");
    assert.deepEqual(runs("deny"), ["git status"], "after the block, git status ran as rtk git status");
    neverAsked("deny");

    // allowlist: rtk is not asked, commands run unchanged under their allowlist entries
    const allow = results("allowlist");
    assert.deepEqual(rewrites("allowlist"), [], "under an allowlist the plugin does not rewrite");
    assert.deepEqual(runs("allowlist"), []);
    assert.match(allow["git status"], /^On branch /m, "raw git status ran");
    assert.match(allow["ls -al"], /README/);
    for (const r of Object.values(allow)) assert.doesNotMatch(r, /denied|allowlist miss/i);
    neverAsked("allowlist");

    // opt-in under the same allowlist: rewritten, and OpenClaw judges (and denies) the rtk form
    assert.deepEqual(rewrites("opt-in").map((c) => c.answer), ["rtk git status"]);
    assert.deepEqual(runs("opt-in"), [], "OpenClaw's allowlist stopped the rtk form");
    assert.match(results("opt-in")["git status"], /allowlist miss/, "OpenClaw judges its allowlist on the rewritten command");
    neverAsked("opt-in");
  } finally {
    server.stop();
  }
});
