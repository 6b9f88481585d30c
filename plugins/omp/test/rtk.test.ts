// The omp extension against a stub rtk: every row of the exit-code table, failure modes, scope.

import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

import rtkExtension from "../rtk.ts";

const STUB = resolve(dirname(fileURLToPath(import.meta.url)), "../../../openclaw/test/stub-rtk");
const ORIGINAL_ENV = { ...process.env };

let dir: string;
let warnings: string[];

function useStub(rows: string[][], opts: { noRtk?: boolean } = {}) {
  dir = mkdtempSync(join(tmpdir(), "rtk-omp-test-"));
  mkdirSync(join(dir, "bin"));
  mkdirSync(join(dir, "session"));
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

function load() {
  let handler: ((event: any, ctx: any) => Promise<any>) | undefined;
  rtkExtension({ on: (name, h) => { if (name === "tool_call") handler = h as any; } });
  assert.ok(handler, "registers a tool_call handler");
  return async (toolName: string, command: unknown, ctx: any = {}) => {
    const event = { toolName, input: { command, timeout: 10 } };
    const result = await handler!(event, ctx);
    return { result, input: event.input };
  };
}

beforeEach(() => {
  warnings = [];
  console.warn = (m: string) => warnings.push(String(m));
});

const TABLE: [name: string, row: string[], expected: string | null][] = [
  ["exit 0 → rewrite", ["0", "rtk git status", "git status"], "rtk git status"],
  ["exit 3 → rewrite (omp keeps approving)", ["3", "rtk cargo test", "git status"], "rtk cargo test"],
  ["exit 1 → original", ["1", "-", "git status"], null],
  ["exit 2 → original (omp decides, rtk never blocks)", ["2", "-", "git status"], null],
  ["timeout → original", ["sleep", "-", "git status"], null],
  ["crash → original", ["crash", "-", "git status"], null],
  ["non-UTF-8 output → original", ["garbage", "-", "git status"], null],
  ["exit 0 with empty output → original", ["0", "-", "git status"], null],
  ["unexpected exit 4 → original", ["4", "rtk git status", "git status"], null],
];

for (const [name, row, expected] of TABLE) {
  test(`omp: ${name}`, async () => {
    useStub([row]);
    const call = load();
    const { result, input } = await call("bash", "git status");
    if (expected === null) {
      assert.equal(result, undefined);
    } else {
      // omp 18 runs the `input` a handler returns; every other field is kept.
      assert.deepEqual(result, { input: { command: expected, timeout: 10 } });
    }
    assert.deepEqual(input, { command: "git status", timeout: 10 }, "event.input itself is not changed");
    assert.deepEqual(calls(), ["host=omp env= words=1 cmd=git status"], "rtk rewrite --host omp -- <cmd>, RTK_REWRITE_HOST removed");
    assert.deepEqual(warnings, []);
  });
}

test("omp: rtk runs in the session's directory (a directory that is gone is not passed on)", async () => {
  useStub([["0", "rtk git status", "git status"]]);
  // A relative table path: the stub finds its answers only when it runs in `dir`.
  process.env.STUB_RTK_TABLE = "table";
  const call = load();
  assert.deepEqual((await call("bash", "git status", { cwd: dir })).result, { input: { command: "rtk git status", timeout: 10 } });
  assert.equal((await call("bash", "git status", { cwd: join(dir, "session") })).result, undefined);
  assert.equal((await call("bash", "git status", { cwd: join(dir, "gone") })).result, undefined);
  assert.equal(calls().length, 3, "rtk still asked with a missing directory");
  assert.deepEqual(warnings, []);
});

test("omp: missing rtk → one warning, then no further attempts, commands unchanged", async () => {
  useStub([], { noRtk: true });
  const call = load();
  for (const cmd of ["git status", "ls -al", "cargo test"]) {
    const { result, input } = await call("bash", cmd);
    assert.equal(result, undefined);
    assert.equal(input.command, cmd);
  }
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /not found on PATH/);
});

test("omp: other tools and non-string or blank commands are not touched; rtk never runs", async () => {
  useStub([["0", "rtk x", "*"]]);
  const call = load();
  assert.equal((await call("read", "git status")).result, undefined);
  for (const command of [undefined, 7, "", "  "]) assert.equal((await call("bash", command)).result, undefined);
  assert.deepEqual(calls(), []);
});

test("omp: a command with quotes and operators reaches rtk as one argv word", async () => {
  const cmd = `git log --format='%h %s' | head -5 && echo "a  b"`;
  useStub([["0", "rtk git log --format='%h %s' | head -5 && echo \"a  b\"", cmd]]);
  const call = load();
  assert.equal((await call("bash", cmd)).result.input.command, `rtk ${cmd}`);
  assert.deepEqual(calls(), [`host=omp env= words=1 cmd=${cmd}`]);
});
