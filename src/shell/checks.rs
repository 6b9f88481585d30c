//! Checks the walk runs on what it meets (redirect targets, parameter expansions, comments,
//! programs that run other programs or command strings) and the extra readings it adds for
//! deny matching: `sh -c` scripts and operator-separated pieces of a line the grammar could not
//! parse (heredoc/here-string bodies and text piped into a shell: [`super::scripts`]).

use tree_sitter::Node;

use super::forms::{self, basename, shell_use, ShellUse, FOREIGN_SHELLS, SHELLS};
use super::inert;
use super::scripts::{embedded_script, substitution_script};
use super::walk::Walker;
use super::words::{self, collapse, has_brace_expansion};
use super::{CommandKind, Context, Parsed, PermissionForms, SimpleCommand, Word};

/// Variables whose values bash evaluates as code or that change how later text is read.
const CODE_VARIABLES: &[&str] = &[
    "PS0",
    "PS1",
    "PS2",
    "PS3",
    "PS4",
    "PROMPT_COMMAND",
    "BASH_ENV",
    "ENV",
    "SHELLOPTS",
    "BASHOPTS",
    "IFS",
];
impl Walker<'_, '_, '_> {
    /// Checks every word of a command for constructs that change what runs.
    pub(super) fn check_words(&mut self, cmd: &SimpleCommand) {
        for w in cmd.assignments.iter().chain(cmd.words.iter()) {
            if has_brace_expansion(&w.text) {
                self.out.flag("brace expansion");
            }
            if let Some(open) = w.value.find('[') {
                let rest = &w.value[open..];
                if rest.contains("$(") || rest.contains('`') {
                    self.out
                        .flag("command substitution inside an array subscript string");
                }
            }
        }
    }

    pub(super) fn check_assignment_name(&mut self, node: Node<'_>) {
        if let Some(name) = node.child_by_field_name("name") {
            let n = self.vtext(name);
            if CODE_VARIABLES.contains(&n) {
                self.out.flag(format!("assignment to {n}"));
            }
        }
    }

    /// Wrapper-aware checks on the programs a command runs; returns the commands of any
    /// `sh -c` script it carries.
    pub(super) fn check_programs(&mut self, all: &[&Word]) -> Vec<SimpleCommand> {
        let values: Vec<String> = all.iter().map(|w| w.value.clone()).collect();
        let mut nested = Vec::new();
        let mut scripts_done: Vec<usize> = Vec::new();
        for r in forms::command_views(&values) {
            let prog = basename(&values[r.start]);
            let has_args = r.len() > 1;
            match prog {
                "eval" => self.out.flag("eval"),
                "watch" | "su" | "runuser" | "flock" | "script" => {
                    if let Some(text) = forms::command_string(prog, &values[r.clone()]) {
                        self.out.has_shell_wrapper = true;
                        self.out.flag(format!("{prog} runs a command string"));
                        let span = all[r.start].span.start..all[r.end - 1].span.end;
                        let mut inner = Parsed::default();
                        embedded_script(&mut inner, &text, span, self.depth, self.session);
                        nested.extend(inner.commands);
                    }
                }
                "trap" if has_args => self.out.flag("trap runs a command string"),
                "alias" | "enable" | "coproc" | "let" | "fc" => self.out.flag(format!("`{prog}`")),
                "env"
                    if values[r.clone()]
                        .iter()
                        .any(|v| v.starts_with("-S") || v.starts_with("--split-string")) =>
                {
                    self.out.flag("env -S splits a command string")
                }
                _ if SHELLS.contains(&prog) => match shell_use(&values[..r.end], r.start) {
                    ShellUse::Script(Some(j)) => {
                        self.out.has_shell_wrapper = true;
                        if !scripts_done.contains(&j) {
                            scripts_done.push(j);
                            nested.extend(self.shell_script(all[j]));
                        }
                    }
                    ShellUse::Script(None) => {
                        self.out.has_shell_wrapper = true;
                        self.out.flag("shell -c without a script");
                    }
                    ShellUse::Stdin => {
                        self.out.has_shell_wrapper = true;
                        self.out.flag("a shell reading commands from stdin");
                    }
                    ShellUse::File => {}
                },
                _ if FOREIGN_SHELLS.contains(&prog) && foreign_script(&values[r.clone()]) => {
                    self.out.has_shell_wrapper = true;
                    self.out
                        .flag(format!("{prog} runs a script rtk cannot read"));
                }
                _ => {}
            }
        }
        nested
    }

    pub(super) fn shell_script(&mut self, script: &Word) -> Vec<SimpleCommand> {
        if !script.literal {
            self.out.flag("shell -c script is not a literal string");
            return Vec::new();
        }
        let inner = super::parse_in(
            &script.value,
            Context::ShellScript,
            self.depth + 1,
            self.session,
        );
        for r in &inner.unattestable {
            self.out.flag(format!("in a shell -c script: {}", r.0));
        }
        inner
            .commands
            .into_iter()
            .map(|mut c| {
                c.span = script.span.clone();
                c.context = Context::ShellScript;
                c.pipeline = None;
                c.in_piped_compound = false;
                c
            })
            .collect()
    }

    pub(super) fn check_file_redirect(&mut self, node: Node<'_>) {
        let mut op = String::new();
        let mut dests: Vec<Node<'_>> = Vec::new();
        let mut cursor = node.walk();
        if cursor.goto_first_child() {
            loop {
                let child = cursor.node();
                if cursor.field_name() == Some("destination") {
                    dests.push(child);
                } else if !child.is_named() {
                    op = child.kind().to_string();
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        let dev_null = |d: &Node<'_>| {
            let src = if self.view.own_text {
                &*self.view.text
            } else {
                self.orig
            };
            let (v, lit) = words::unquote(*d, src, 0);
            lit && v == "/dev/null"
        };
        let fd_dup = |d: &Node<'_>| {
            let t = self.vtext(*d);
            t == "-" || {
                let digits = t.strip_suffix('-').unwrap_or(t);
                !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            }
        };
        let safe = match op.as_str() {
            "<&-" | ">&-" => dests.is_empty(),
            ">&" | "<&" => dests.len() == 1 && (fd_dup(&dests[0]) || dev_null(&dests[0])),
            ">" | ">>" | "&>" | "&>>" | "<" | ">|" => dests.len() == 1 && dev_null(&dests[0]),
            _ => false,
        };
        if !safe {
            self.out
                .flag(format!("redirect with a file target (`{op}`)"));
        }
    }

    /// `${…}`: only the enumerated forms of [`inert::expansion_form`] are attestable.
    pub(super) fn check_expansion(&mut self, node: Node<'_>) {
        if let Err(reason) = inert::expansion_form(node, self.vtext(node)) {
            self.out.flag(reason);
        }
    }

    /// A named leaf whose text the grammar left unparsed: unattestable when bash would still
    /// expand something in it, and the commands of any substitution there are reported for
    /// deny/ask matching.
    pub(super) fn check_leaf(&mut self, node: Node<'_>) {
        let text = self.vtext(node);
        let Some(reason) = inert::opaque_leaf(node, text) else {
            return;
        };
        let bodies: Vec<String> = inert::substitution_bodies(text)
            .into_iter()
            .map(|r| text[r].to_string())
            .collect();
        self.out.flag(reason);
        let span = self.orange(node);
        for body in bodies {
            substitution_script(self.out, &body, span.clone(), self.depth, self.session);
        }
    }

    pub(super) fn check_comment(&mut self, node: Node<'_>) {
        let start = node.start_byte();
        let before = start
            .checked_sub(1)
            .and_then(|i| self.view.text.as_bytes().get(i));
        if let Some(b) = before {
            if !matches!(
                b,
                b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>'
            ) {
                self.out.flag("comment glued to a word");
            }
        }
    }

    /// For a line the grammar could not fully parse: every piece between operators, quotes
    /// ignored, as a command (never rewritten; it only makes deny/ask see more).
    pub(super) fn crude_pieces(&mut self, context: Context) {
        let context = if context == Context::TopLevel {
            Context::Substitution
        } else {
            context
        };
        let text = self.orig;
        let mut start = 0;
        let bytes = text.as_bytes();
        let mut i = 0;
        while i <= bytes.len() {
            let boundary = i == bytes.len()
                || matches!(
                    bytes[i],
                    b';' | b'&' | b'|' | b'(' | b')' | b'\n' | b'\r' | b'`' | b'{' | b'}' | 0
                );
            if boundary {
                let piece = &text[start..i];
                let exact = collapse(piece);
                if !exact.is_empty() {
                    let unquoted: String = exact
                        .chars()
                        .filter(|c| !matches!(c, '\'' | '"' | '\\'))
                        .collect();
                    let unquoted = collapse(&unquoted);
                    let mut variants = Vec::new();
                    if unquoted != exact && !unquoted.is_empty() {
                        variants.push(unquoted);
                    }
                    self.out.commands.push(SimpleCommand {
                        span: start..i,
                        context,
                        forms: PermissionForms { exact, variants },
                        kind: CommandKind::Simple,
                        assignments: Vec::new(),
                        words: Vec::new(),
                        has_redirect: false,
                        stderr_discarded_only: false,
                        pipeline: None,
                        in_piped_compound: true,
                    });
                }
                start = (i + 1).min(bytes.len());
            }
            i += 1;
        }
    }
}

/// A foreign shell given a `-c` script, or reading commands from stdin.
fn foreign_script(view: &[String]) -> bool {
    view.len() == 1
        || view.iter().skip(1).any(|v| {
            v.starts_with('-') && !v.starts_with("--") && v.contains('c') || v == "--command"
        })
}
