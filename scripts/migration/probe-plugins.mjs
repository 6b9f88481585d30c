// Loads the plugins upstream rtk 1.1.0's `rtk init -g` installed (Pi, OMP, OpenCode) in Node 24
// (which runs their TypeScript natively) with whatever `rtk` is first on PATH, and reports
// whether each one switched itself on and rewrote `git status`. One line per plugin:
//   <name> active=<true|false> rewrite=<command or none>
// Usage: node probe-plugins.mjs <HOME>
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const home = process.argv[2];

// The ExtensionAPI surface Pi's and OMP's loaders hand an extension: `exec` runs a real
// process; `on` records the handlers the extension registers.
function piHost() {
  const handlers = {};
  const exec = (cmd, args, opts = {}) =>
    new Promise((resolve) => {
      const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      const timer = setTimeout(() => child.kill(), opts.timeout ?? 5000);
      child.on("error", () => resolve({ code: 127, stdout, stderr, killed: false }));
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? 1, stdout, stderr, killed: false });
      });
    });
  return {
    handlers,
    api: {
      exec,
      on: (event, fn) => (handlers[event] = fn),
      registerCommand: () => {},
      registerTool: () => {},
    },
  };
}

async function probePi(name, file) {
  const { handlers, api } = piHost();
  const warn = console.warn;
  console.warn = () => {};
  try {
    const mod = await import(pathToFileURL(file).href);
    await mod.default(api);
  } finally {
    console.warn = warn;
  }
  const active = typeof handlers.tool_call === "function";
  let rewrite = "none";
  if (active) {
    const event = { toolName: "bash", input: { command: "git status" } };
    await handlers.tool_call(event, { signal: undefined, ui: {} });
    if (event.input.command !== "git status") rewrite = event.input.command;
  }
  console.log(`${name} active=${active} rewrite=${rewrite}`);
}

async function probeOpencode(file) {
  const mod = await import(pathToFileURL(file).href);
  const bin = mod.resolveRtkPath();
  const active = bin !== null && (await mod.probeRtkHookOpencode(bin));
  const rewrite = active ? (await mod.runHookOpencode(bin, "git status")) ?? "none" : "none";
  console.log(`opencode active=${active} rewrite=${rewrite}`);
}

await probePi("pi", join(home, ".pi/agent/extensions/rtk.ts"));
await probePi("omp", join(home, ".omp/agent/extensions/rtk.ts"));
await probeOpencode(join(home, ".config/opencode/plugins/rtk.ts"));
