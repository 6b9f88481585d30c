// The OpenCode plugin with the real rtk (RTK_BIN) and real OpenCode config files: a
// `permission.bash` rule written for the original command keeps judging it (issue 22:
// `{"*": "allow", "git status": "deny"}` must not become `rtk git status`, which `*` allows).

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { RtkOpenCodePlugin } from "../rtk.ts";

const RTK_BIN = process.env.RTK_BIN;
const ORIGINAL_ENV = { ...process.env };
after(() => {
  process.env = { ...ORIGINAL_ENV };
});

/** A temp HOME + project with the given configs; returns `rewrite(cmd)` through the plugin. */
async function setup(configs: { global?: unknown; project?: unknown; projectRaw?: string; inline?: unknown }) {
  assert.ok(RTK_BIN, "RTK_BIN must name the rtk binary (scripts/test-adapters.sh sets it)");
  const root = mkdtempSync(join(tmpdir(), "rtk-opencode-parity-"));
  for (const d of ["bin", "home/.config/opencode", "project/.git", "xdg-data"]) mkdirSync(join(root, d), { recursive: true });
  symlinkSync(RTK_BIN, join(root, "bin", "rtk"));
  if (configs.global) writeFileSync(join(root, "home/.config/opencode/opencode.json"), JSON.stringify(configs.global));
  if (configs.project) writeFileSync(join(root, "project/opencode.json"), JSON.stringify(configs.project));
  if (configs.projectRaw) writeFileSync(join(root, "project/opencode.json"), configs.projectRaw);
  process.env = {
    PATH: `${join(root, "bin")}:/usr/bin:/bin`,
    HOME: join(root, "home"),
    XDG_DATA_HOME: join(root, "xdg-data"),
    RTK_CLAUDE_MANAGED_SETTINGS: join(root, "none.json"),
    ...(configs.inline ? { OPENCODE_CONFIG_CONTENT: JSON.stringify(configs.inline) } : {}),
  };
  const hooks = await RtkOpenCodePlugin({ directory: join(root, "project") });
  return async (command: string) => {
    const output = { args: { command, description: "d" } };
    await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c" }, output);
    return output.args.command;
  };
}

test("opencode parity: no bash rules → rewritten", async () => {
  const rewrite = await setup({ global: { permission: { edit: "ask" } } });
  assert.equal(await rewrite("git status"), "rtk git status");
});

for (const action of ["deny", "ask", "allow"]) {
  test(`opencode parity: a "${action}" rule on the original leaves it unrewritten`, async () => {
    const rewrite = await setup({ project: { permission: { bash: { "*": "allow", "git status": action } } } });
    assert.equal(await rewrite("git status"), "git status");
    assert.equal(await rewrite("ls && git status"), "ls && git status");
    // Lines no pattern but `*` can match are still rewritten.
    assert.equal(await rewrite("git log -3"), "rtk git log -3");
  });
}

test("opencode parity: trailing-wildcard, agent and inline rules; a rule on the rewritten form", async () => {
  let rewrite = await setup({ global: { agent: { build: { permission: { bash: { "git push *": "ask" } } } } } });
  assert.equal(await rewrite("git push origin main"), "git push origin main");
  rewrite = await setup({ inline: { permission: { bash: { "cargo *": "deny" } } } });
  assert.equal(await rewrite("cargo test"), "cargo test");
  assert.equal(await rewrite("git diff"), "rtk git diff");
  rewrite = await setup({ global: { permission: { bash: { "rtk *": "allow" } } } });
  assert.equal(await rewrite("git status"), "git status");
});

test("opencode parity: an unreadable config stops every rewrite", async () => {
  const rewrite = await setup({ projectRaw: '{"permission": {"bash": ' });
  assert.equal(await rewrite("git status"), "git status");
});
