// Does OpenClaw's effective exec policy grant full access (security=full, ask=off, on the gateway
// host) to the exec call at hand?
//
// Why it matters: OpenClaw judges its exec policy on the command it finally runs, i.e. on the
// rewritten `rtk git status`, not on `git status`. Under an allowlist that either denies the
// rewritten call or needs `rtk` allowlisted (which admits anything rtk can run), and an approval
// prompt would show and persist the `rtk …` form. So the plugin rewrites only under full access.
//
// Invariant: this answer is never more permissive than OpenClaw. It mirrors OpenClaw 2026.7.x's
// layering (tools.exec → agents.list[].tools.exec → session /exec overrides, then the stricter of
// that and exec-approvals.json), and wherever it cannot tell — unknown agent, unreadable approvals
// file, a sandbox that may be in use, a node host, an unknown value — it answers "not full", which
// only costs the rewrite (the command then runs unchanged under OpenClaw's own policy).

import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

type Security = "deny" | "allowlist" | "full";
type Ask = "off" | "on-miss" | "always";
type Layer = { security: Security; ask: Ask };

export type ExecAccess = { full: boolean; reason: string };

export type PolicyInput = {
  /** The whole OpenClaw config (`api.runtime.config.current()` or `api.config`). */
  config: unknown;
  /** `ctx.agentId`; undefined means "could be any agent". */
  agentId?: string;
  /** The session store entry (its `/exec` overrides), if the call belongs to a session. */
  sessionEntry?: unknown;
  /** The exec call's params (`host`, `ask` may be requested per call). */
  params: Record<string, unknown>;
  /** Parsed exec-approvals.json: `{ok:true, file}` (file may be absent) or `{ok:false}`. */
  approvals: ApprovalsRead;
};

export type ApprovalsRead = { ok: true; file?: unknown; path: string } | { ok: false; path: string; error: string };

const SECURITY_RANK: Record<Security, number> = { deny: 0, allowlist: 1, full: 2 };
const ASK_RANK: Record<Ask, number> = { off: 0, "on-miss": 1, always: 2 };

function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function lower(v: unknown): string | undefined {
  return typeof v === "string" ? v.trim().toLowerCase() : undefined;
}

/** `tools.exec.mode` → security/ask, as OpenClaw defines the modes. Unknown → undefined. */
function policyForMode(mode: string): Layer | undefined {
  switch (mode) {
    case "deny":
      return { security: "deny", ask: "off" };
    case "allowlist":
      return { security: "allowlist", ask: "off" };
    case "ask":
    case "auto": // allowlist + on-miss, plus a model reviewer
      return { security: "allowlist", ask: "on-miss" };
    case "full":
      return { security: "full", ask: "off" };
    default:
      return undefined;
  }
}

/** Applies one config layer (`mode` wins over `security`/`ask`). Returns null on a value we
 * cannot interpret (the caller then answers "not full"). */
function applyLayer(base: Layer, layerRaw: unknown): Layer | null {
  const layer = obj(layerRaw);
  if (!layer) return base;
  if (layer.mode !== undefined && layer.mode !== null && layer.mode !== "") {
    return policyForMode(lower(layer.mode) ?? "") ?? null;
  }
  let { security, ask } = base;
  if (layer.security !== undefined) {
    const s = lower(layer.security);
    if (s !== "deny" && s !== "allowlist" && s !== "full") return null;
    security = s;
  }
  if (layer.ask !== undefined) {
    const a = lower(layer.ask);
    if (a !== "off" && a !== "on-miss" && a !== "always") return null;
    ask = a;
  }
  return { security, ask };
}

function agentEntries(config: Record<string, unknown> | undefined): Record<string, unknown>[] {
  const list = obj(config?.agents)?.list;
  return Array.isArray(list) ? list.map(obj).filter((a): a is Record<string, unknown> => !!a) : [];
}

/** The strictest security/ask that exec-approvals.json could impose on these agents. */
function approvalsLayer(read: ApprovalsRead, agentId: string | undefined): Layer | string {
  if (!read.ok) return `cannot read ${read.path}: ${read.error}`;
  if (read.file === undefined) return { security: "full", ask: "off" };
  const file = obj(read.file);
  if (!file) return `${read.path} is not a JSON object`;
  if (file.version !== 1) return `${read.path} has an unknown version`;
  const agents = obj(file.agents) ?? {};
  const scopes: unknown[] = [file.defaults, agents["*"]];
  if (agentId === undefined) scopes.push(...Object.values(agents));
  else {
    scopes.push(agents[agentId]);
    if (agentId === "main") scopes.push(agents.default); // legacy alias OpenClaw merges into main
  }
  let out: Layer = { security: "full", ask: "off" };
  for (const scopeRaw of scopes) {
    const scope = obj(scopeRaw);
    if (!scope) continue;
    for (const [key, value] of [["security", scope.security], ["ask", scope.ask]] as const) {
      if (value === undefined || value === null) continue;
      const v = lower(value);
      if (key === "security") {
        if (v !== "deny" && v !== "allowlist" && v !== "full") return `${read.path}: unknown security '${String(value)}'`;
        if (SECURITY_RANK[v] < SECURITY_RANK[out.security]) out = { ...out, security: v };
      } else {
        if (v !== "off" && v !== "on-miss" && v !== "always") return `${read.path}: unknown ask '${String(value)}'`;
        if (ASK_RANK[v] > ASK_RANK[out.ask]) out = { ...out, ask: v };
      }
    }
  }
  return out;
}

/** Decides whether this exec call runs under full access. Pure: all inputs are passed in. */
export function resolveExecAccess(input: PolicyInput): ExecAccess {
  const config = obj(input.config);
  const globalExec = obj(obj(config?.tools)?.exec);
  const agents = agentEntries(config);
  const defaultSandbox = obj(obj(obj(config?.agents)?.defaults)?.sandbox)?.mode;
  const session = obj(input.sessionEntry);
  const params = input.params;
  // The agents this call may belong to (all of them, plus "no agent entry", when unknown).
  const scopes: (Record<string, unknown> | undefined)[] =
    input.agentId === undefined ? [undefined, ...agents] : [agents.find((a) => a.id === input.agentId)];

  for (const agent of scopes) {
    const agentExec = obj(obj(agent?.tools)?.exec);
    // Host: only the gateway host is verified to run the rewritten command locally under this
    // policy; a sandbox (default security=deny, rtk maybe absent there) or a node host is not.
    const host =
      lower(params.host) ?? lower(session?.execHost) ?? lower(agentExec?.host) ?? lower(globalExec?.host) ?? "auto";
    const sandboxMode = obj(agent?.sandbox)?.mode ?? defaultSandbox;
    const maySandbox = sandboxMode !== undefined && sandboxMode !== null && lower(sandboxMode) !== "off";
    if (!(host === "gateway" || (host === "auto" && !maySandbox))) {
      return { full: false, reason: `exec host '${host}'${host === "auto" ? " with a sandbox configured" : ""} (only the gateway host is rewritten)` };
    }
    // Config layers: tools.exec, then the agent's tools.exec, then the session's /exec override.
    let layer: Layer | null = applyLayer({ security: "full", ask: "off" }, globalExec);
    if (layer) layer = applyLayer(layer, agentExec);
    if (layer && session && (session.execSecurity != null || session.execAsk != null)) {
      layer = applyLayer(layer, { security: session.execSecurity ?? undefined, ask: session.execAsk ?? undefined });
    }
    if (!layer) return { full: false, reason: "an exec policy value this plugin does not know" };
    // strictInlineEval demands approval for `python -c`-style commands even under full access;
    // OpenClaw detects those on the command it runs, so an `rtk …` form could slip past it.
    if (globalExec?.strictInlineEval === true || agentExec?.strictInlineEval === true) {
      return { full: false, reason: "tools.exec.strictInlineEval is on" };
    }
    if (layer.security !== "full" || layer.ask !== "off") {
      return { full: false, reason: `exec policy security=${layer.security} ask=${layer.ask}` };
    }
  }

  const file = approvalsLayer(input.approvals, input.agentId);
  if (typeof file === "string") return { full: false, reason: file };
  if (file.security !== "full" || file.ask !== "off") {
    return { full: false, reason: `${input.approvals.path}: security=${file.security} ask=${file.ask}` };
  }

  // An elevated call has its own approval path (elevated ask); leave it to OpenClaw as typed.
  if (params.elevated === true) return { full: false, reason: "an elevated exec call" };
  // A per-call `ask` can only make OpenClaw stricter; an approval prompt would show the rtk form.
  const requestedAsk = lower(params.ask);
  if (requestedAsk !== undefined && requestedAsk !== "off") {
    return { full: false, reason: `the call requests ask=${requestedAsk}` };
  }
  return { full: true, reason: "exec policy security=full ask=off" };
}

/** Where OpenClaw keeps exec-approvals.json: `$OPENCLAW_STATE_DIR`, else `~/.openclaw`. */
export function approvalsPath(env: NodeJS.ProcessEnv): string {
  const state = env.OPENCLAW_STATE_DIR?.trim();
  if (state) return resolve(state.startsWith("~") ? join(env.HOME || homedir(), state.slice(1)) : state, "exec-approvals.json");
  return join(env.HOME || homedir(), ".openclaw", "exec-approvals.json");
}

/** Reads exec-approvals.json. A missing file is fine (OpenClaw's defaults apply); anything
 * unreadable is reported so the caller treats the policy as not full. */
export function readApprovals(env: NodeJS.ProcessEnv): ApprovalsRead {
  const path = approvalsPath(env);
  try {
    if (!existsSync(path)) {
      // OpenClaw falls back to a legacy ~/.openclaw file it has not migrated yet; we cannot
      // judge that case, so it counts as unreadable.
      const legacy = join(env.HOME || homedir(), ".openclaw", "exec-approvals.json");
      if (env.OPENCLAW_STATE_DIR?.trim() && resolve(legacy) !== resolve(path) && existsSync(legacy)) {
        return { ok: false, path, error: `unmigrated legacy ${legacy}` };
      }
      return { ok: true, path };
    }
    return { ok: true, path, file: JSON.parse(readFileSync(path, "utf8")) };
  } catch (err) {
    return { ok: false, path, error: err instanceof Error ? err.message : String(err) };
  }
}
