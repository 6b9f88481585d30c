// End-to-end scenarios in the real OpenClaw runtime, run by e2e.test.mjs under Node 24.
//
// Input: JSON in $RTK_E2E_SCENARIOS: {openclawDir, pluginDir, scenarios: [{name, dir, rtkBinDir,
// workdir, exec, pluginConfig, approvals?, commands}]}. Loading OpenClaw takes tens of seconds,
// so the scenarios share one process; each one gets its own state dir, config file, empty HOME
// and PATH (set in process.env before OpenClaw reads them), a fresh plugin load (so a fresh rtk
// probe) and freshly built tools. The parent already cleared the environment (no
// RTK_REWRITE_HOST; OPENCLAW_EXEC_SHELL_SNAPSHOT=0).
// Output: one `RESULT {json}` line per command on stdout.
//
// OpenClaw internals reached (2026.7.x dist layout; reference/openclaw-runtime.md §6):
//   - public:  createOpenClawCodingTools   from openclaw/plugin-sdk/agent-harness
//   - chunks:  loadOpenClawPlugins, setEmbeddedMode, EmbeddedPluginApprovalBroker,
//              setEmbeddedPluginApprovalBroker, peekAdjustedParamsForToolCall,
//              getGlobalHookRunner — found by scanning dist/*.js for the definition and
//              reading that chunk's `export { local as alias }` clause; the chunk files are
//              imported by URL, so they are the very module instances OpenClaw itself uses.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const input = JSON.parse(process.env.RTK_E2E_SCENARIOS ?? "null");
if (!input) throw new Error("RTK_E2E_SCENARIOS is not set");
const dist = join(input.openclawDir, "dist");

/** Finds the dist chunks defining `names` (one pass over dist/) and returns those exports, taken
 * from the same module instances OpenClaw itself imports. */
async function internals(names) {
  const found = {};
  const wanted = new Set(names);
  for (const file of readdirSync(dist)) {
    if (wanted.size === 0) break;
    if (!file.endsWith(".js")) continue;
    const text = readFileSync(join(dist, file), "utf8");
    const clause = text.match(/export\s*\{([^}]*)\}\s*;?\s*$/);
    if (!clause) continue;
    for (const name of [...wanted]) {
      const def = new RegExp(`(?:^|\\n)(?:async\\s+)?(?:function\\*?|class|var|let|const)\\s+${name}\\b`);
      if (!text.includes(name) || !def.test(text)) continue;
      for (const part of clause[1].split(",")) {
        const [local, alias] = part.trim().split(/\s+as\s+/);
        if (local !== name) continue;
        const value = (await import(pathToFileURL(join(dist, file)).href))[alias ?? local];
        if (value !== undefined) {
          found[name] = value;
          wanted.delete(name);
        }
      }
    }
  }
  if (wanted.size > 0) throw new Error(`OpenClaw internals not found in ${dist}: ${[...wanted].join(", ")} (dist layout changed?)`);
  return found;
}

const {
  loadOpenClawPlugins,
  setEmbeddedMode,
  EmbeddedPluginApprovalBroker,
  setEmbeddedPluginApprovalBroker,
  peekAdjustedParamsForToolCall,
  getGlobalHookRunner,
} = await internals([
  "loadOpenClawPlugins",
  "setEmbeddedMode",
  "EmbeddedPluginApprovalBroker",
  "setEmbeddedPluginApprovalBroker",
  "peekAdjustedParamsForToolCall",
  "getGlobalHookRunner",
]);
const { createOpenClawCodingTools } = await import(
  pathToFileURL(join(dist, "plugin-sdk", "agent-harness.js")).href
);

// Every plugin approval request is recorded and answered `deny`: the test fails on any.
const approvals = [];
const broker = new EmbeddedPluginApprovalBroker();
broker.subscribe((event) => {
  if (event.event !== "plugin.approval.requested") return;
  approvals.push(event.payload.request);
  queueMicrotask(() => broker.resolve(event.payload.id, "deny"));
});
setEmbeddedMode(true);
setEmbeddedPluginApprovalBroker(broker);

const basePath = process.env.PATH;
let n = 0;
for (const scenario of input.scenarios) {
  const stateDir = join(scenario.dir, "state");
  const home = join(scenario.dir, "home");
  mkdirSync(stateDir, { recursive: true });
  mkdirSync(home, { recursive: true });
  process.env.OPENCLAW_STATE_DIR = stateDir;
  process.env.OPENCLAW_CONFIG_PATH = join(stateDir, "openclaw.json");
  process.env.HOME = home;
  process.env.PATH = `${scenario.rtkBinDir}:${basePath}`;
  for (const [k, v] of Object.entries(scenario.env ?? {})) process.env[k] = v;

  const config = {
    plugins: {
      load: { paths: [input.pluginDir] },
      entries: { rtk: { enabled: true, config: scenario.pluginConfig ?? {} } },
      allow: ["rtk"],
    },
    tools: { exec: { host: "gateway", pathPrepend: [scenario.rtkBinDir], timeoutSec: 120, ...scenario.exec } },
  };
  writeFileSync(process.env.OPENCLAW_CONFIG_PATH, JSON.stringify(config, null, 2));
  if (scenario.approvals) {
    writeFileSync(join(stateDir, "exec-approvals.json"), JSON.stringify(scenario.approvals, null, 2));
  }

  const registry = loadOpenClawPlugins({
    config,
    workspaceDir: scenario.workdir,
    onlyPluginIds: ["rtk"],
    cache: false,
  });
  const plugin = registry.plugins.find((p) => p.id === "rtk");
  if (!plugin || plugin.status !== "loaded") {
    throw new Error(`plugin rtk not loaded: ${JSON.stringify(plugin ?? registry.plugins)} ${JSON.stringify(registry.diagnostics ?? [])}`);
  }
  if (!getGlobalHookRunner()?.hasHooks?.("before_tool_call")) {
    throw new Error("the plugin registered no before_tool_call hook");
  }

  const tools = createOpenClawCodingTools({
    config,
    agentId: "main",
    workspaceDir: scenario.workdir,
    cwd: scenario.workdir,
    toolConstructionPlan: {
      includeBaseCodingTools: false,
      includeShellTools: true,
      includeChannelTools: false,
      includeOpenClawTools: false,
      includePluginTools: false,
    },
  });
  const exec = tools.find((t) => t.name === "exec");
  if (!exec) throw new Error(`no exec tool among ${tools.map((t) => t.name).join(", ")}`);

  for (const command of scenario.commands) {
    const toolCallId = `call-${++n}`;
    const before = approvals.length;
    const out = { scenario: scenario.name, command, final: null, approvalRequested: false, status: null, text: "", error: null };
    try {
      const result = await exec.execute(toolCallId, { command, workdir: scenario.workdir, timeout: 120 }, undefined);
      out.status = result?.details?.status ?? null;
      out.text = (result?.content ?? []).map((c) => c.text ?? "").join("\n").slice(0, 4000);
    } catch (err) {
      out.error = err instanceof Error ? err.message : String(err);
    }
    out.final = peekAdjustedParamsForToolCall(toolCallId)?.command ?? null;
    out.approvalRequested = approvals.length > before;
    process.stdout.write(`RESULT ${JSON.stringify(out)}\n`);
  }
}
process.stdout.write(`APPROVALS ${JSON.stringify(approvals)}\n`);
broker.stop();
process.exit(0);
