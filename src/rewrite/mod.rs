//! The rewrite engine: which commands have an rtk form (the [`RULES`] table), and the
//! per-segment "insert `rtk ` before the command word" edits applied to a parsed line.
//!
//! Invariants: the output differs from the input only by inserted `rtk ` words; only top-level
//! segments of an attestable line are touched; assignments, wrappers and transparent prefixes
//! stay as typed in front of `rtk`; `sudo` is never rewritten; in a pipeline only a producer
//! feeding display-only consumers, or a final `grep`/`rg`, is rewritten. A `mise run <task>`
//! producer's filter is its task's tool's, known only from the config files at the folder the
//! line runs in ([`Site`]; `crate::misetasks`, as the filter reads them at run time).

mod exclude;
mod rules;

#[cfg(test)]
#[path = "mod_tests.rs"]
mod tests;

pub use rules::{rule_for, PipeSafety, Rule, RULES};

use std::collections::HashMap;

use crate::config::HooksConfig;
pub use crate::misetasks::Site;
use crate::shell::{CommandKind, Context, Parsed, SimpleCommand, Word};
use exclude::{match_prefix, transparent_prefixes, Exclusions};

/// Result of planning the rewrite of one line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rewrite {
    /// The rewritten line, or None when no segment has an rtk form.
    pub line: Option<String>,
    /// Messages for stderr (e.g. RTK_DISABLED seen in the command).
    pub warnings: Vec<String>,
}

/// The rule table (for tests and docs that iterate it).
pub fn rules() -> &'static [Rule] {
    RULES
}

/// What one segment would become on its own.
#[derive(Debug, Clone, Copy)]
enum Plan {
    /// Insert `rtk ` at this byte offset.
    Insert(usize, &'static Rule, usize),
    /// Already an rtk command.
    AlreadyRtk,
    Keep,
}

/// How far wrappers and prefixes are peeled before giving up.
const MAX_PEEL: usize = 10;

/// Plans the rewrite of `line` (already parsed as `parsed`), run in the folder `site` when
/// known (only `mise run <task> | tail` needs it).
pub fn rewrite_line(
    line: &str,
    parsed: &Parsed,
    config: &HooksConfig,
    site: Option<&Site>,
) -> Rewrite {
    let mut out = Rewrite::default();
    if !parsed.is_attestable() || line.trim().is_empty() {
        return out;
    }
    let mut planner = Planner {
        line,
        config,
        site,
        parsed,
        exclusions: None,
        prefixes: transparent_prefixes(config),
        warnings: Vec::new(),
    };
    let top: Vec<&SimpleCommand> = parsed
        .commands
        .iter()
        .filter(|c| c.context == Context::TopLevel && c.kind == CommandKind::Simple)
        .collect();
    let mut inserts: Vec<usize> = Vec::new();
    let mut already = false;
    // The stages of each pipeline, in order, grouped once (not re-found per pipeline).
    let mut pipelines: HashMap<usize, Vec<&SimpleCommand>> = HashMap::new();
    for c in &top {
        if let Some(pos) = c.pipeline {
            pipelines.entry(pos.id).or_default().push(c);
        }
    }
    for cmd in &top {
        if cmd.in_piped_compound {
            continue;
        }
        match cmd.pipeline {
            None => match planner.plan(cmd) {
                Plan::Insert(at, _, _) => inserts.push(at),
                Plan::AlreadyRtk => already = true,
                Plan::Keep => {}
            },
            Some(pos) => {
                // The first stage met plans the whole pipeline; the entry is then gone.
                if let Some(stages) = pipelines.remove(&pos.id) {
                    let (ins, rtk) = planner.plan_pipeline(&stages);
                    inserts.extend(ins);
                    already |= rtk;
                }
            }
        }
    }
    out.warnings = planner.warnings;
    if inserts.is_empty() {
        if already {
            out.line = Some(line.to_string());
        }
        return out;
    }
    inserts.sort_unstable();
    inserts.dedup();
    let program = config.rtk_program.as_deref().unwrap_or("rtk");
    let mut s = String::with_capacity(line.len() + (program.len() + 1) * inserts.len());
    let mut pos = 0;
    for at in inserts {
        s.push_str(&line[pos..at]);
        s.push_str(program);
        s.push(' ');
        pos = at;
    }
    s.push_str(&line[pos..]);
    out.line = Some(s);
    out
}

struct Planner<'a> {
    line: &'a str,
    config: &'a HooksConfig,
    /// The folder the line runs in, when known; used only where no command of the line may
    /// change it or the environment ([`stays_put`], checked when a `mise run` asks).
    site: Option<&'a Site>,
    parsed: &'a Parsed,
    exclusions: Option<Exclusions>,
    prefixes: Vec<Vec<String>>,
    warnings: Vec<String>,
}

fn assignment_name(value: &str) -> &str {
    let name = value.split('=').next().unwrap_or("");
    name.strip_suffix('+').unwrap_or(name)
}

fn is_assignment_word(w: &Word) -> bool {
    w.literal && crate::shell::is_assignment_value(&w.value)
}

impl Planner<'_> {
    fn disabled(&mut self, assignment: &Word) -> bool {
        if assignment_name(&assignment.value) == "RTK_DISABLED" {
            self.warnings.push(format!(
                "{} detected — skipping filter for this command. Remove it to restore token savings.",
                assignment.text
            ));
            return true;
        }
        false
    }

    /// Index of the program word after assignments, safe wrappers and transparent prefixes.
    fn program_index(&mut self, cmd: &SimpleCommand) -> Option<usize> {
        for a in &cmd.assignments {
            if self.disabled(a) {
                return None;
            }
        }
        let w = &cmd.words;
        let mut i = 0;
        for _ in 0..MAX_PEEL {
            let word = w.get(i)?;
            if !word.literal {
                return None;
            }
            let values: Vec<&str> = w[i..].iter().map(|x| x.value.as_str()).collect();
            if let Some(n) = match_prefix(&self.prefixes, &values) {
                if w[i..i + n].iter().any(|x| !x.literal) {
                    return None;
                }
                i += n;
                continue;
            }
            let arg = |k: usize| w.get(i + k).filter(|x| x.literal).map(|x| x.value.as_str());
            i = match word.value.as_str() {
                "env" => {
                    let mut j = i + 1;
                    while let Some(x) = w.get(j).filter(|x| is_assignment_word(x)) {
                        if self.disabled(x) {
                            return None;
                        }
                        j += 1;
                    }
                    if w.get(j).is_none_or(|x| x.value.starts_with('-')) {
                        return None;
                    }
                    j
                }
                "nohup" => i + 1,
                "command" | "exec" => {
                    if arg(1).is_none_or(|a| a.starts_with('-')) {
                        return None;
                    }
                    i + 1
                }
                "time" => match arg(1)? {
                    "-p" => i + 2,
                    a if a.starts_with('-') => return None,
                    _ => i + 1,
                },
                "nice" => match arg(1)? {
                    "-n" if arg(2).is_some_and(is_int) => i + 3,
                    a if a.starts_with("--adjustment=")
                        || (a.starts_with("-n") && is_int(&a[2..])) =>
                    {
                        i + 2
                    }
                    a if a.starts_with('-') && is_int(&a[1..]) => i + 2,
                    a if a.starts_with('-') => return None,
                    _ => i + 1,
                },
                "timeout" => {
                    let mut j = i + 1;
                    loop {
                        let a = w.get(j).filter(|x| x.literal)?.value.as_str();
                        match a {
                            "--foreground" | "--preserve-status" | "-v" | "--verbose" => j += 1,
                            "-s" | "-k" | "--signal" | "--kill-after" => j += 2,
                            _ if a.starts_with("--signal=")
                                || a.starts_with("--kill-after=")
                                || (a.starts_with("-s") || a.starts_with("-k")) && a.len() > 2 =>
                            {
                                j += 1
                            }
                            _ if a.starts_with('-') => return None,
                            _ => break,
                        }
                    }
                    let dur = w.get(j).filter(|x| x.literal)?.value.as_str();
                    if !is_duration(dur) {
                        return None;
                    }
                    j + 1
                }
                _ => return Some(i),
            };
        }
        None
    }

    fn plan(&mut self, cmd: &SimpleCommand) -> Plan {
        let Some(i) = self.program_index(cmd) else {
            return Plan::Keep;
        };
        let word = &cmd.words[i];
        if word.value == "rtk" || self.config.rtk_program.as_deref() == Some(word.value.as_str()) {
            return Plan::AlreadyRtk;
        }
        let Some(rule) = rule_for(&word.value) else {
            return Plan::Keep;
        };
        if rule.rewrite.no_redirects && cmd.has_redirect && !cmd.stderr_discarded_only {
            return Plan::Keep;
        }
        let args: Vec<&str> = cmd.words[i + 1..]
            .iter()
            .map(|w| w.value.as_str())
            .collect();
        if !rule.accepts(&args) {
            return Plan::Keep;
        }
        if self.excluded(cmd, word) {
            return Plan::Keep;
        }
        Plan::Insert(word.span.start, rule, i)
    }

    fn excluded(&mut self, cmd: &SimpleCommand, program: &Word) -> bool {
        if self.config.exclude_commands.is_empty() {
            return false;
        }
        if self.exclusions.is_none() {
            self.exclusions = Some(Exclusions::new(self.config, &mut self.warnings));
        }
        let end = cmd
            .words
            .last()
            .map(|w| w.span.end)
            .unwrap_or(program.span.end);
        let from_program = self.line.get(program.span.start..end).unwrap_or("");
        let whole = cmd.forms.exact.as_str();
        self.exclusions
            .as_ref()
            .is_some_and(|e| e.excludes(&[from_program, whole]))
    }

    /// Inserts for one pipeline (stages in order), and whether a stage is already rtk.
    fn plan_pipeline(&mut self, stages: &[&SimpleCommand]) -> (Vec<usize>, bool) {
        let Some(first) = stages.first() else {
            return (Vec::new(), false);
        };
        let pos = first.pipeline.unwrap_or(crate::shell::PipelinePos {
            id: 0,
            stage: 0,
            stages: 0,
            stderr_piped: true,
        });
        let plans: Vec<Plan> = stages.iter().map(|c| self.plan(c)).collect();
        let already = plans.iter().any(|p| matches!(p, Plan::AlreadyRtk));
        let complete = stages.len() == pos.stages
            && stages
                .iter()
                .enumerate()
                .all(|(k, c)| c.pipeline.is_some_and(|p| p.stage == k));
        if pos.stderr_piped || !complete || stages.len() < 2 {
            return (Vec::new(), already);
        }
        let last = stages.len() - 1;
        if let Plan::Insert(at, rule, i) = plans[last] {
            let args: Vec<&str> = stages[last].words[i + 1..]
                .iter()
                .map(|w| w.value.as_str())
                .collect();
            if rule.rewrite.pipe.final_stage()
                && rules::final_stage_ok(&stages[last].words[i].value, &args)
            {
                return (vec![at], already);
            }
        }
        if let Plan::Insert(at, rule, i) = plans[0] {
            let args: Vec<&str> = stages[0].words[i + 1..]
                .iter()
                .map(|w| w.value.as_str())
                .collect();
            // After a task's output, rtk's `mise run` prints mise's banner and its closing
            // line (`[task] ERROR task failed`): a `tail` keeps two lines fewer of the filter's.
            let (filter, after) = match crate::programs::output_filter(rule, &args) {
                Some("mise-run") => (self.task_filter(stages[0], i, rule, &args), 2),
                f => (f, 0),
            };
            let consumers_ok = stages[1..].iter().all(|c| {
                !c.has_redirect
                    && c.assignments.is_empty()
                    && c.words.iter().all(|w| w.literal)
                    && c.words.first().is_some_and(|p| {
                        let args: Vec<&str> =
                            c.words[1..].iter().map(|w| w.value.as_str()).collect();
                        rules::display_consumer(&p.value, &args)
                            .is_some_and(|k| rules::keeps_facts(k.before(after), filter))
                    })
            });
            if rule.rewrite.pipe.producer() && consumers_ok {
                return (vec![at], already);
            }
        }
        (Vec::new(), already)
    }
}

impl Planner<'_> {
    /// For `mise run <task> [args]` typed as such (no prefix, every word literal): the filter
    /// of the command the task runs with those arguments, when the task's definition at the
    /// line's folder is one plain command (`crate::misetasks`, which the filter reads at run
    /// time, and which then runs that tool's filter or prints the output raw).
    fn task_filter(
        &self,
        cmd: &SimpleCommand,
        i: usize,
        rule: &Rule,
        args: &[&str],
    ) -> Option<&'static str> {
        let site = self.site.filter(|_| stays_put(self.parsed))?;
        if i != 0 || !cmd.assignments.is_empty() || !cmd.words.iter().all(|w| w.literal) {
            return None;
        }
        let (_, sub) = rule.route(args)?;
        let (task, task_args) = crate::programs::Words { args, sub }.rest().split_first()?;
        if task_args.iter().any(|a| a.is_empty() || a.contains(' ')) {
            return None;
        }
        let run = crate::misetasks::command(site, task)?;
        let command: Vec<&str> = run.split(' ').chain(task_args.iter().copied()).collect();
        if !crate::misetasks::plain_command(&command.join(" ")) {
            return None;
        }
        let (program, tool_args) = command.split_first()?;
        if program.contains('=') {
            return None;
        }
        let tool = crate::programs::program_for_word(program)?;
        if !tool.accepts(tool_args) {
            return None;
        }
        crate::programs::output_filter(tool, tool_args).filter(|f| *f != "mise-run")
    }
}

/// Whether no command of `parsed` may change the shell's folder or environment before a
/// later one runs: each is a plain program call (no assignment, declaration or test) of a
/// program in the table or a display stage, never a builtin such as `cd`, `export`, `source`.
fn stays_put(parsed: &Parsed) -> bool {
    parsed.commands.iter().all(|c| {
        c.kind == CommandKind::Simple
            && c.assignments.is_empty()
            && c.words.first().is_some_and(|p| {
                let args: Vec<&str> = c.words[1..].iter().map(|w| w.value.as_str()).collect();
                p.literal
                    && (crate::programs::program_for_word(&p.value).is_some()
                        || rules::display_consumer(&p.value, &args).is_some())
            })
    })
}

fn is_int(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn is_duration(s: &str) -> bool {
    let digits = s.trim_end_matches(['s', 'm', 'h', 'd']);
    !digits.is_empty()
        && digits.len() + 1 >= s.len()
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}
