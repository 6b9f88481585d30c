//! Entries for JavaScript / TypeScript: package managers, test runners, bundlers, linters: `npm`,
//! `pnpm`, `npx`, `jest`, `vitest`, `tsc`, `eslint`, `markdownlint`, `stylelint`, `prettier`,
//! `biome`, `deno`, `next`, `playwright`, `bun`, `yarn` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope::{self as sc, Scope};
use crate::programs::{every, route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::{Never, Producer};

/// `prettier --check` / `-c`, never writing.
const PRETTIER_CHECK: Scope = Scope {
    requires: &["--check", "-c"],
    ..Scope::without(&["-w", "--write", "-l", "--list-different", "-h", "--help"])
};

/// `yarn run <script>` (`yarn run` alone lists the scripts); no watch mode.
const YARN_RUN: Scope = Scope {
    operand: true,
    ..Scope::NO_WATCH
};

pub const NPM: Program = Program {
    names: &["npm"],
    ecosystem: Eco::JavaScript,
    syntax: &recognise::SUB,
    routes: &[
        route("test", "npm-script", "npm test").scoped(&Scope::NO_WATCH),
        route("t", "npm-script", "npm t").scoped(&Scope::NO_WATCH),
        route("run", "npm-script", "npm run build").scoped(&Scope::NO_WATCH),
        route("run-script", "npm-script", "npm run-script build").scoped(&Scope::NO_WATCH),
        route("exec", "npx", "npm exec jest").scoped(&Scope::NO_WATCH),
        route("x", "npx", "npm x tsc").scoped(&Scope::NO_WATCH),
        route("install", "js-install", "npm install").scoped(&sc::jsinstall::INSTALL),
        route("i", "js-install", "npm i left-pad").scoped(&sc::jsinstall::INSTALL),
        route("ci", "js-install", "npm ci").scoped(&sc::jsinstall::INSTALL),
        route("add", "js-install", "npm add left-pad").scoped(&sc::jsinstall::INSTALL),
        route("update", "js-install", "npm update").scoped(&sc::jsinstall::INSTALL),
        route("up", "js-install", "npm up left-pad").scoped(&sc::jsinstall::INSTALL),
        route("uninstall", "js-install", "npm uninstall left-pad").scoped(&sc::jsinstall::INSTALL),
        route("remove", "js-install", "npm remove left-pad").scoped(&sc::jsinstall::INSTALL),
        route("rm", "js-install", "npm rm left-pad").scoped(&sc::jsinstall::INSTALL),
    ],
    rewrite: rw(
        Never,
        "no watch mode; install/update/remove without --json/--parseable/--verbose/-i",
    ),
};

pub const PNPM: Program = Program {
    names: &["pnpm"],
    ecosystem: Eco::JavaScript,
    syntax: &recognise::PNPM,
    routes: &[
        route("test", "npm-script", "pnpm test").scoped(&Scope::NO_WATCH),
        route("run", "npm-script", "pnpm run build").scoped(&Scope::NO_WATCH),
        route("exec", "npx", "pnpm exec vitest run").scoped(&Scope::NO_WATCH),
        route("dlx", "npx", "pnpm dlx eslint src").scoped(&Scope::NO_WATCH),
        route("install", "js-install", "pnpm install").scoped(&sc::jsinstall::INSTALL),
        route("i", "js-install", "pnpm i").scoped(&sc::jsinstall::INSTALL),
        route("add", "js-install", "pnpm add left-pad").scoped(&sc::jsinstall::INSTALL),
        route("update", "js-install", "pnpm update").scoped(&sc::jsinstall::INSTALL),
        route("up", "js-install", "pnpm up left-pad").scoped(&sc::jsinstall::INSTALL),
        route("remove", "js-install", "pnpm remove left-pad").scoped(&sc::jsinstall::INSTALL),
        route("rm", "js-install", "pnpm rm left-pad").scoped(&sc::jsinstall::INSTALL),
    ],
    rewrite: rw(
        Never,
        "no watch mode; install/update/remove without --json/--reporter/--verbose/-i",
    ),
};

pub const NPX: Program = Program {
    names: &["npx", "bunx"],
    ecosystem: Eco::JavaScript,
    syntax: PLAIN,
    routes: &[every("npx", "npx jest").scoped(&sc::runners::NPX)],
    rewrite: rw(Producer, "a package command; no watch mode"),
};

pub const JEST: Program = Program {
    names: &["jest"],
    ecosystem: Eco::JavaScript,
    syntax: PLAIN,
    routes: &[every("jest", "jest --ci").scoped(&Scope::NO_WATCH)],
    rewrite: rw(Producer, "no watch mode"),
};

pub const VITEST: Program = Program {
    names: &["vitest"],
    ecosystem: Eco::JavaScript,
    syntax: PLAIN,
    routes: &[every("vitest", "vitest run").scoped(&Scope::NO_WATCH)],
    rewrite: rw(Never, "no watch mode"),
};

pub const TSC: Program = Program {
    names: &["tsc", "vue-tsc"],
    ecosystem: Eco::JavaScript,
    syntax: PLAIN,
    routes: &[every("tsc", "tsc --noEmit").scoped(&Scope::NO_WATCH)],
    rewrite: rw(Never, "no watch mode"),
};

pub const ESLINT: Program = Program {
    names: &["eslint"],
    ecosystem: Eco::JavaScript,
    syntax: PLAIN,
    routes: &[every("eslint", "eslint src")],
    rewrite: rw(Producer, "any arguments"),
};

pub const MARKDOWNLINT: Program = Program {
    names: &["markdownlint", "markdownlint-cli2"],
    ecosystem: Eco::JavaScript,
    syntax: PLAIN,
    routes: &[every("markdownlint", "markdownlint README.md").scoped(&sc::mdlint::SCOPE)],
    rewrite: rw(Never, "no --fix, stdin or other formats"),
};

pub const STYLELINT: Program = Program {
    names: &["stylelint"],
    ecosystem: Eco::JavaScript,
    syntax: PLAIN,
    routes: &[every("stylelint", "stylelint \"src/**/*.css\"").scoped(&sc::stylelint::SCOPE)],
    rewrite: rw(Never, "no --fix, stdin or other formatters"),
};

pub const PRETTIER: Program = Program {
    names: &["prettier"],
    ecosystem: Eco::JavaScript,
    syntax: PLAIN,
    routes: &[every("prettier-check", "prettier --check .").scoped(&PRETTIER_CHECK)],
    rewrite: rw(Producer, "`--check` only (never --write)"),
};

pub const BIOME: Program = Program {
    names: &["biome"],
    ecosystem: Eco::JavaScript,
    syntax: &recognise::SUB,
    routes: &[
        route("check", "biome", "biome check src").scoped(&sc::biome::SCOPE),
        route("lint", "biome", "biome lint src").scoped(&sc::biome::SCOPE),
        route("format", "biome", "biome format src").scoped(&sc::biome::SCOPE),
        route("ci", "biome", "biome ci src").scoped(&sc::biome::SCOPE),
    ],
    rewrite: rw(Producer, "default reporter; never --write/--fix or watch"),
};

pub const DENO: Program = Program {
    names: &["deno"],
    ecosystem: Eco::JavaScript,
    syntax: &recognise::SUB,
    routes: &[
        route("test", "deno", "deno test").scoped(&sc::deno::SCOPE),
        route("lint", "deno", "deno lint").scoped(&sc::deno::SCOPE),
        route("check", "deno", "deno check main.ts").scoped(&sc::deno::SCOPE),
        route("fmt", "deno", "deno fmt --check").scoped(&sc::deno::FMT),
    ],
    rewrite: rw(
        Never,
        "test, lint, check, fmt --check; never watch, JSON or other reporters (bare `deno` is a REPL)",
    ),
};

pub const NEXT: Program = Program {
    names: &["next"],
    ecosystem: Eco::JavaScript,
    syntax: &recognise::SUB,
    routes: &[route("build", "next-build", "next build").scoped(&sc::next::BUILD)],
    rewrite: rw(Never, "`build` only (never dev/start); no debug or profile"),
};

pub const PLAYWRIGHT: Program = Program {
    names: &["playwright"],
    ecosystem: Eco::JavaScript,
    syntax: &recognise::SUB,
    routes: &[route("test", "playwright", "playwright test").scoped(&sc::playwright::TEST)],
    rewrite: rw(
        Never,
        "`test` with the list or dot reporter; never UI, debug or watch modes",
    ),
};

pub const BUN: Program = Program {
    names: &["bun"],
    ecosystem: Eco::JavaScript,
    syntax: &recognise::SUB,
    routes: &[
        route("test", "bun-test", "bun test").scoped(&sc::bun::TEST),
        route("run", "npm-script", "bun run test").scoped(&sc::bun::RUN),
        route("install", "js-install", "bun install").scoped(&sc::jsinstall::INSTALL),
        route("i", "js-install", "bun i").scoped(&sc::jsinstall::INSTALL),
        route("add", "js-install", "bun add left-pad").scoped(&sc::jsinstall::INSTALL),
        route("update", "js-install", "bun update").scoped(&sc::jsinstall::INSTALL),
        route("remove", "js-install", "bun remove left-pad").scoped(&sc::jsinstall::INSTALL),
        route("rm", "js-install", "bun rm left-pad").scoped(&sc::jsinstall::INSTALL),
    ],
    rewrite: rw(
        Never,
        "`test` (no watch mode or other reporter); `run <script>`; install/add/update/remove",
    ),
};

pub const YARN: Program = Program {
    names: &["yarn"],
    ecosystem: Eco::JavaScript,
    syntax: &recognise::SUB,
    routes: &[
        route("test", "yarn-script", "yarn test").scoped(&Scope::NO_WATCH),
        route("run", "yarn-script", "yarn run lint").scoped(&YARN_RUN),
        route("install", "js-install", "yarn install").scoped(&sc::jsinstall::INSTALL),
        route("add", "js-install", "yarn add left-pad").scoped(&sc::jsinstall::INSTALL),
        route("upgrade", "js-install", "yarn upgrade").scoped(&sc::jsinstall::INSTALL),
        route("remove", "js-install", "yarn remove left-pad").scoped(&sc::jsinstall::INSTALL),
    ],
    rewrite: rw(
        Never,
        "`test` and `run <script>` (no watch mode); install/add/upgrade/remove without --flat or --json",
    ),
};
