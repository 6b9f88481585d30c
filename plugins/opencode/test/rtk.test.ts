// The OpenCode plugin against a stub rtk: every row of the exit-code table, failure modes, scope.

import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

import * as pluginModule from "../rtk.ts";

const STUB = resolve(dirname(fileURLToPath(import.meta.url)), "../../../openclaw/test/stub-rtk");
const ORIGINAL_ENV = { ...process.env };

let dir: string;
let warnings: string[];

function useStub(rows: string[][], opts: { noRtk?: boolean } = {}) {
  dir = mkdtempSync(join(tmpdir(), "rtk-opencode-test-"));
  mkdirSync(join(dir, "bin"));
  if (!opts.noRtk) symlinkSync(STUB, join(dir, "bin", "rtk"));
  writeFileSync(join(dir, "table"), rows.map((r) => r.join("\t") + "\n").join(""));
  process.env = {
    ...ORIGINAL_ENV,
    PATH: `${join(dir, "bin")}:/usr/bin:/bin`,
    STUB_RTK_TABLE: join(dir, "table"),
    STUB_RTK_LOG: join(dir, "log"),
    RTK_REWRITE_HOST: "bogus-host",
  };
}
const calls = () => (existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").split("\n").filter(Boolean) : []);

async function load() {
  const hooks = await pluginModule.RtkOpenCodePlugin({ directory: dir });
  const before = hooks["tool.execute.before"];
  return async (tool: string, command: unknown) => {
    const output = { args: { command, description: "d" } };
    const result = await before({ tool, sessionID: "s", callID: "c" }, output);
    assert.equal(result, undefined, "the hook returns nothing; it mutates output.args");
    return output.args.command;
  };
}

beforeEach(() => {
  warnings = [];
  console.warn = (m: string) => warnings.push(String(m));
});

test("opencode: the module exports exactly one plugin function (OpenCode calls every export)", () => {
  assert.deepEqual(Object.keys(pluginModule), ["RtkOpenCodePlugin"]);
  assert.equal(typeof pluginModule.RtkOpenCodePlugin, "function");
});

const TABLE: [name: string, row: string[], expected: string][] = [
  ["exit 0 → rewrite", ["0", "rtk git status", "git status"], "rtk git status"],
  ["exit 3 → rewrite (OpenCode's own permission rules still apply)", ["3", "rtk git status", "git status"], "rtk git status"],
  ["exit 1 → original", ["1", "-", "git status"], "git status"],
  ["exit 2 → original (rtk never blocks)", ["2", "-", "git status"], "git status"],
  ["timeout → original", ["sleep", "-", "git status"], "git status"],
  ["crash → original", ["crash", "-", "git status"], "git status"],
  ["non-UTF-8 output → original", ["garbage", "-", "git status"], "git status"],
  ["exit 0 with empty output → original", ["0", "-", "git status"], "git status"],
  ["unexpected exit 5 → original", ["5", "rtk git status", "git status"], "git status"],
];

for (const [name, row, expected] of TABLE) {
  test(`opencode: ${name}`, async () => {
    useStub([row]);
    const call = await load();
    assert.equal(await call("bash", "git status"), expected);
    assert.deepEqual(calls(), ["host=opencode env= words=1 cmd=git status"], "rtk rewrite --host opencode -- <cmd>, RTK_REWRITE_HOST removed");
    assert.deepEqual(warnings, []);
  });
}

test("opencode: the `shell` tool name (any case) is rewritten too", async () => {
  useStub([["0", "rtk ls -al", "ls -al"]]);
  const call = await load();
  assert.equal(await call("Shell", "ls -al"), "rtk ls -al");
});

test("opencode: missing rtk → one warning, no further attempts, commands unchanged", async () => {
  useStub([], { noRtk: true });
  const call = await load();
  for (const cmd of ["git status", "ls -al", "cargo test"]) assert.equal(await call("bash", cmd), cmd);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /not found on PATH/);
});

test("opencode: other tools, odd args and non-string commands are not touched; rtk never runs", async () => {
  useStub([["0", "rtk x", "*"]]);
  const call = await load();
  assert.equal(await call("read", "git status"), "git status");
  for (const command of [undefined, 7, "", "  "]) assert.equal(await call("bash", command), command);
  const hooks = await pluginModule.RtkOpenCodePlugin();
  await hooks["tool.execute.before"](undefined, undefined);
  await hooks["tool.execute.before"]({ tool: "bash" }, { args: null });
  assert.deepEqual(calls(), []);
});
