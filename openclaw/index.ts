// rtk plugin for OpenClaw: rewrites `exec` tool calls to their compact `rtk …` form.
//
// One `before_tool_call` hook on the shell `exec` tool asks `rtk rewrite --host openclaw -- <cmd>`:
//   exit 0 → params with `command` replaced (every other param kept);
//   exit 2 → block with a reason (a deny rule matched);
//   anything else (1, 3, timeout, missing rtk, crash, non-UTF-8 output) → undefined (unchanged).
// The plugin never returns `requireApproval`: OpenClaw's own exec policy is the sole authority
// over whether a command runs, and rtk asserts nothing but deny. Because OpenClaw judges that
// policy on the rewritten command, the plugin rewrites only when the effective exec policy grants
// full access (src/policy.ts), unless `rewriteUnderAllowlist` is set. Config comes from
// `api.pluginConfig` (`plugins.entries.rtk.config`); `api.config` is the whole OpenClaw config.
// Nothing here throws into the host.

import { readApprovals, resolveExecAccess, type ApprovalsRead } from "./src/policy.ts";
import {
  interpretProbe,
  probeArgs,
  rewriteInvocation,
  runProcess,
  type HostMode,
  type Runner,
} from "./src/rtk.ts";

export const PLUGIN_ID = "rtk";

export type Settings = {
  enabled: boolean;
  verbose: boolean;
  rewriteUnderAllowlist: boolean;
  timeoutMs: number;
};

export const DEFAULT_SETTINGS: Settings = {
  enabled: true,
  verbose: false,
  rewriteUnderAllowlist: false,
  timeoutMs: 2000,
};

type Logger = { info?: (m: string) => void; warn?: (m: string) => void; error?: (m: string) => void };

type Api = {
  config?: unknown;
  pluginConfig?: Record<string, unknown>;
  logger?: Logger;
  runtime?: {
    config?: { current?: () => unknown };
    agent?: { session?: { getSessionEntry?: (p: { agentId?: string; sessionKey: string }) => unknown } };
  };
  on: (hook: string, handler: (event: any, ctx: any) => unknown, opts?: { priority?: number }) => void;
};

export type BeforeToolCallResult = { params: Record<string, unknown> } | { block: true; blockReason: string };

/** Reads `plugins.entries.rtk.config`; a wrong-typed key falls back to its default with a warning. */
export function parseSettings(raw: unknown, warn: (m: string) => void): Settings {
  const s = { ...DEFAULT_SETTINGS };
  if (raw === undefined || raw === null) return s;
  if (typeof raw !== "object" || Array.isArray(raw)) {
    warn("[rtk] plugin config is not an object; using defaults");
    return s;
  }
  const cfg = raw as Record<string, unknown>;
  for (const key of ["enabled", "verbose", "rewriteUnderAllowlist"] as const) {
    if (cfg[key] === undefined) continue;
    if (typeof cfg[key] === "boolean") s[key] = cfg[key] as boolean;
    else warn(`[rtk] config ${key} must be true or false; using ${String(s[key])}`);
  }
  if (cfg.timeoutMs !== undefined) {
    const t = cfg.timeoutMs;
    if (typeof t === "number" && Number.isFinite(t) && t >= 50 && t <= 60000) s.timeoutMs = Math.round(t);
    else warn(`[rtk] config timeoutMs must be a number of milliseconds in 50..60000; using ${s.timeoutMs}`);
  }
  return s;
}

export type Deps = {
  run: Runner;
  env: () => NodeJS.ProcessEnv;
  readApprovals: (env: NodeJS.ProcessEnv) => ApprovalsRead;
  rtk: string;
};

const defaultDeps: Deps = {
  run: runProcess,
  env: () => process.env,
  readApprovals,
  rtk: "rtk",
};

function oneLine(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** Builds the `before_tool_call` handler. Exported for tests; `register` wires it to the api. */
export function createHandler(api: Api, settings: Settings, deps: Deps = defaultDeps) {
  const log = api.logger ?? {};
  // A logger that throws must not turn a no-op into a failed tool call.
  const safely = (f: ((m: string) => void) | undefined, m: string) => {
    try {
      f?.call(log, m);
    } catch {
      /* nothing else to report it to */
    }
  };
  const info = (m: string) => {
    if (settings.verbose) safely(log.info, m);
  };
  const warned = new Set<string>();
  const warnOnce = (key: string, m: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    safely(log.warn ?? log.info, m);
  };

  let hostMode: Promise<HostMode> | undefined;
  const resolveHostMode = (): Promise<HostMode> => {
    if (hostMode) return hostMode;
    const attempt = (async (): Promise<HostMode> => {
      const env = deps.env();
      const answer = interpretProbe(await deps.run(deps.rtk, probeArgs(), { timeoutMs: settings.timeoutMs, env }));
      if (answer === "retry") {
        hostMode = undefined; // a slow start is not a verdict; probe again next call
        return { kind: "unusable", detail: "the rtk probe timed out" };
      }
      if (answer.kind !== "flag") {
        const v = await deps.run(deps.rtk, ["--version"], { timeoutMs: settings.timeoutMs, env });
        const version = v.kind === "exit" && v.code === 0 ? v.stdout.trim() : "rtk (version unknown)";
        if (answer.kind === "env") {
          warnOnce(
            "host",
            `[rtk] ${version}: ${answer.detail}; falling back to RTK_REWRITE_HOST=openclaw. Upgrade rtk for host-scoped answers.`,
          );
        } else {
          warnOnce("host", `[rtk] plugin inactive: ${answer.detail} (${version}). Commands run unchanged.`);
        }
      }
      return answer;
    })();
    hostMode = attempt;
    return attempt;
  };

  return async function beforeToolCall(event: any, ctx: any): Promise<BeforeToolCallResult | undefined> {
    try {
      if (event?.toolName !== "exec") return undefined;
      // Code mode's outer `exec` runs JavaScript/TypeScript, not a shell command.
      if (event.toolKind === "code_mode_exec" || ctx?.toolKind === "code_mode_exec") return undefined;
      const params = event.params;
      if (params === null || typeof params !== "object" || Array.isArray(params)) return undefined;
      const command = params.command;
      if (typeof command !== "string" || command.trim() === "") return undefined;

      const env = deps.env();
      if (!settings.rewriteUnderAllowlist) {
        const agentId = typeof ctx?.agentId === "string" ? ctx.agentId : undefined;
        let config: unknown = api.config;
        try {
          config = api.runtime?.config?.current?.() ?? api.config;
        } catch {
          config = api.config;
        }
        let sessionEntry: unknown;
        if (typeof ctx?.sessionKey === "string" && api.runtime?.agent?.session?.getSessionEntry) {
          try {
            sessionEntry = api.runtime.agent.session.getSessionEntry({ agentId, sessionKey: ctx.sessionKey });
          } catch (err) {
            info(`[rtk] ${oneLine(command)}: unchanged (session unreadable: ${String(err)})`);
            return undefined;
          }
        }
        const access = resolveExecAccess({ config, agentId, sessionEntry, params, approvals: deps.readApprovals(env) });
        if (!access.full) {
          info(`[rtk] ${oneLine(command)}: unchanged (${access.reason}; set rewriteUnderAllowlist to opt in)`);
          return undefined;
        }
      }

      const mode = await resolveHostMode();
      if (mode.kind === "unusable") return undefined;
      const { args, env: rtkEnv } = rewriteInvocation(command, mode, env);
      const r = await deps.run(deps.rtk, args, { timeoutMs: settings.timeoutMs, env: rtkEnv });
      if (r.kind !== "exit") {
        const why = r.kind === "error" ? r.message : r.kind === "timeout" ? `timed out after ${settings.timeoutMs} ms` : "rtk not found";
        info(`[rtk] ${oneLine(command)}: unchanged (${why})`);
        return undefined;
      }
      if (r.code === 0) {
        let rewritten = r.stdout;
        if (!command.endsWith("\n")) rewritten = rewritten.replace(/\r?\n$/, "");
        if (rewritten.trim() === "" || rewritten === command || rewritten.includes("\0")) return undefined;
        info(`[rtk] ${oneLine(command)} -> ${oneLine(rewritten)}`);
        return { params: { ...params, command: rewritten } };
      }
      if (r.code === 2) {
        info(`[rtk] ${oneLine(command)}: blocked (deny rule)`);
        return {
          block: true,
          blockReason: `rtk: a deny rule matches this command, so it was not run (see \`rtk rewrite --host openclaw --explain -- <command>\`)`,
        };
      }
      info(`[rtk] ${oneLine(command)}: unchanged (rtk rewrite exit ${r.code})`);
      return undefined;
    } catch (err) {
      warnOnce("crash", `[rtk] plugin error, command left unchanged: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  };
}

/** Plugin entry: OpenClaw calls this once with its plugin api. */
export function register(api: Api, deps: Deps = defaultDeps): void {
  try {
    const warn = (m: string) => {
      try {
        (api.logger?.warn ?? api.logger?.info)?.call(api.logger, m);
      } catch {
        /* ignore */
      }
    };
    const settings = parseSettings(api.pluginConfig, warn);
    if (!settings.enabled) {
      if (settings.verbose) api.logger?.info?.("[rtk] plugin disabled by config (enabled=false)");
      return;
    }
    api.on("before_tool_call", createHandler(api, settings, deps), { priority: 10 });
    if (settings.verbose) api.logger?.info?.("[rtk] OpenClaw plugin registered");
  } catch (err) {
    try {
      api.logger?.error?.(`[rtk] plugin failed to register: ${err instanceof Error ? err.message : String(err)}`);
    } catch {
      /* ignore */
    }
  }
}

export default {
  id: PLUGIN_ID,
  name: "rtk",
  description: "Rewrites exec commands to their token-saving rtk form; OpenClaw's exec policy stays the sole authority.",
  register: (api: Api) => register(api),
};
