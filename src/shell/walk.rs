//! One reading of a line through the grammar: an explicit-stack walk (no recursion, so deep
//! nesting cannot overflow) that emits every simple command with its context and pipeline
//! position, and flags every construct that makes the line unattestable.

use tree_sitter::{Node, Parser};

use super::forms::{self, basename, shell_use, ShellUse, FOREIGN_SHELLS, SHELLS};
use super::views::View;
use super::words::{self, collapse, has_brace_expansion, has_glob};
use super::{CommandKind, Context, Parsed, PipelinePos, SimpleCommand, Word};

/// Where the walk is.
#[derive(Clone, Copy)]
struct Ctx {
    context: Context,
    /// Inside something whose output is piped (and not itself a plain pipeline stage).
    piped: bool,
    /// This node is directly one stage of a pipeline.
    pipeline: Option<PipelinePos>,
    /// This node is the body of a redirected statement.
    redirected: bool,
    /// Inside a command's own words (assignments there are not statements).
    in_cmd: bool,
}

impl Ctx {
    fn child(self) -> Ctx {
        Ctx {
            pipeline: None,
            redirected: false,
            in_cmd: false,
            ..self
        }
    }
}

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

/// Parses `view` and appends what it finds to `out`.
pub fn walk(orig: &str, view: &View<'_>, context: Context, depth: usize, out: &mut Parsed) {
    let mut parser = Parser::new();
    if parser
        .set_language(&tree_sitter_bash::LANGUAGE.into())
        .is_err()
    {
        out.flag("bash grammar unavailable");
        return;
    }
    let Some(tree) = parser.parse(view.text.as_bytes(), None) else {
        out.flag("the bash grammar could not parse the line");
        return;
    };
    let root = tree.root_node();
    let mut walker = Walker {
        orig,
        view,
        depth,
        out,
    };
    let ctx = Ctx {
        context,
        piped: false,
        pipeline: None,
        redirected: false,
        in_cmd: false,
    };
    let first = walker.out.commands.len();
    let mut stack = vec![(root, ctx)];
    while let Some((node, ctx)) = stack.pop() {
        walker.visit(node, ctx, &mut stack);
    }
    if root.has_error() {
        walker.crude_pieces(context);
    }
    piped_into_shells(out, first, depth);
}

/// Text that may be run as a script (a heredoc or here-string, or what a stage pipes into a
/// shell reading stdin): its commands are reported for deny/ask matching. The line is already
/// unattestable.
fn embedded_script(out: &mut Parsed, text: &str, span: std::ops::Range<usize>, depth: usize) {
    let inner = super::parse_in(text, Context::ShellScript, depth + 1);
    out.commands.extend(inner.commands.into_iter().map(|mut c| {
        c.span = span.clone();
        c.context = Context::ShellScript;
        c.pipeline = None;
        c.in_piped_compound = false;
        c
    }));
}

/// `echo 'rm -rf /' | sh`: the arguments of the stage before a stdin-reading shell are parsed
/// as a script.
fn piped_into_shells(out: &mut Parsed, first: usize, depth: usize) {
    let mut scripts = Vec::new();
    for c in &out.commands[first..] {
        let Some(pos) = c.pipeline.filter(|p| p.stage > 0) else {
            continue;
        };
        let values: Vec<String> = c
            .assignments
            .iter()
            .chain(&c.words)
            .map(|w| w.value.clone())
            .collect();
        let reads_stdin = forms::command_views(&values).into_iter().any(|r| {
            SHELLS.contains(&basename(&values[r.start]))
                && shell_use(&values[..r.end], r.start) == ShellUse::Stdin
        });
        if !reads_stdin {
            continue;
        }
        let prev = out.commands[first..].iter().find(|p| {
            p.pipeline
                .is_some_and(|q| q.id == pos.id && q.stage + 1 == pos.stage)
        });
        if let Some(prev) = prev {
            let text: Vec<&str> = prev
                .words
                .iter()
                .skip(1)
                .map(|w| w.value.as_str())
                .collect();
            scripts.push((text.join(" "), prev.span.clone()));
        }
    }
    for (text, span) in scripts {
        embedded_script(out, &text, span, depth);
    }
}

struct Walker<'a, 'v, 'o> {
    orig: &'a str,
    view: &'v View<'v>,
    depth: usize,
    out: &'o mut Parsed,
}

impl Walker<'_, '_, '_> {
    fn vtext(&self, node: Node<'_>) -> &str {
        self.view
            .text
            .get(node.start_byte()..node.end_byte())
            .unwrap_or("")
    }

    fn orange(&self, node: Node<'_>) -> std::ops::Range<usize> {
        self.view.original(node.start_byte(), node.end_byte())
    }

    /// The text forms are built from: the original line, or the view's own text.
    fn otext(&self, node: Node<'_>) -> &str {
        if self.view.own_text {
            self.vtext(node)
        } else {
            self.orig.get(self.orange(node)).unwrap_or("")
        }
    }

    fn word(&self, node: Node<'_>) -> Word {
        let span = self.orange(node);
        if self.view.own_text {
            words::word(node, &self.view.text, span, self.vtext(node))
        } else {
            // Same offsets as the original line: unquote the original bytes.
            let text = self.orig.get(span.clone()).unwrap_or("");
            words::word(node, self.orig, span, text)
        }
    }

    fn push_children<'t>(&self, node: Node<'t>, ctx: Ctx, stack: &mut Vec<(Node<'t>, Ctx)>) {
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> = node.children(&mut cursor).collect();
        for child in children.into_iter().rev() {
            stack.push((child, ctx));
        }
    }

    fn visit<'t>(&mut self, node: Node<'t>, ctx: Ctx, stack: &mut Vec<(Node<'t>, Ctx)>) {
        if node.is_error() {
            self.out.flag("syntax error");
        }
        if node.is_missing() {
            self.out
                .flag(format!("incomplete command (missing `{}`)", node.kind()));
        }
        if !node.is_named() {
            return;
        }
        let subst = Ctx {
            context: if ctx.context == Context::ShellScript {
                Context::ShellScript
            } else {
                Context::Substitution
            },
            piped: false,
            ..ctx.child()
        };
        match node.kind() {
            "command" => {
                self.emit_command(node, ctx);
                self.push_children(
                    node,
                    Ctx {
                        in_cmd: true,
                        ..ctx.child()
                    },
                    stack,
                );
            }
            "declaration_command" | "unset_command" => {
                self.emit_declaration(node, ctx);
                self.push_children(
                    node,
                    Ctx {
                        in_cmd: true,
                        ..ctx.child()
                    },
                    stack,
                );
            }
            "test_command" => {
                self.emit_test(node, ctx);
                self.push_children(
                    node,
                    Ctx {
                        in_cmd: true,
                        ..ctx.child()
                    },
                    stack,
                );
            }
            "variable_assignment" | "variable_assignments" => {
                if !ctx.in_cmd {
                    self.emit_assignments(node, ctx);
                }
                if node.kind() == "variable_assignment" {
                    self.check_assignment_name(node);
                }
                self.push_children(
                    node,
                    Ctx {
                        in_cmd: true,
                        ..ctx.child()
                    },
                    stack,
                );
            }
            "pipeline" => self.visit_pipeline(node, ctx, stack),
            "redirected_statement" => {
                let mut cursor = node.walk();
                let children: Vec<(Node<'t>, bool)> =
                    node.children(&mut cursor).map(|c| (c, false)).collect();
                let body = node.child_by_field_name("body");
                for (child, _) in children.into_iter().rev() {
                    let is_body = body.is_some_and(|b| b.id() == child.id());
                    let c = if is_body {
                        Ctx {
                            redirected: true,
                            in_cmd: false,
                            ..ctx
                        }
                    } else {
                        ctx.child()
                    };
                    stack.push((child, c));
                }
            }
            "command_substitution" => {
                self.out.flag("command substitution");
                self.push_children(node, subst, stack);
            }
            "process_substitution" => {
                self.out.flag("process substitution");
                self.push_children(node, subst, stack);
            }
            "arithmetic_expansion" => {
                self.out.flag("arithmetic expansion");
                self.push_children(node, subst, stack);
            }
            "file_redirect" => {
                self.check_file_redirect(node);
                self.push_children(node, ctx.child(), stack);
            }
            "heredoc_redirect" => {
                self.out.flag("heredoc");
                let mut cursor = node.walk();
                let body = node
                    .children(&mut cursor)
                    .find(|c| c.kind() == "heredoc_body");
                if let Some(body) = body {
                    let text = self.otext(body).to_string();
                    embedded_script(self.out, &text, self.orange(body), self.depth);
                }
                self.push_children(node, ctx.child(), stack);
            }
            "herestring_redirect" => {
                self.out.flag("here-string");
                if let Some(lit) = node.named_child(node.named_child_count().saturating_sub(1)) {
                    let w = self.word(lit);
                    embedded_script(self.out, &w.value, w.span, self.depth);
                }
                self.push_children(node, ctx.child(), stack);
            }
            "expansion" => {
                self.check_expansion(node);
                self.push_children(node, ctx.child(), stack);
            }
            "comment" => self.check_comment(node),
            "subshell" if ctx.in_cmd => {
                self.out.flag("parenthesis inside a command");
                self.push_children(node, ctx.child(), stack);
            }
            "compound_statement" => {
                if node.child(0).is_some_and(|c| c.kind() == "((") {
                    self.out.flag("arithmetic command");
                }
                self.push_children(node, ctx.child(), stack);
            }
            other => {
                if let Some(reason) = flagged_kind(other) {
                    self.out.flag(reason);
                } else if !structural_kind(other) {
                    self.out.flag(format!("unsupported construct `{other}`"));
                }
                self.push_children(node, ctx.child(), stack);
            }
        }
    }

    fn visit_pipeline<'t>(&mut self, node: Node<'t>, ctx: Ctx, stack: &mut Vec<(Node<'t>, Ctx)>) {
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> = node.children(&mut cursor).collect();
        let stderr_piped = children.iter().any(|c| c.kind() == "|&");
        let stages: Vec<Node<'t>> = children
            .iter()
            .copied()
            .filter(|c| c.is_named() && c.kind() != "comment")
            .collect();
        let id = self.orange(node).start;
        let n = stages.len();
        for child in children.into_iter().rev() {
            let Some(stage) = stages.iter().position(|s| s.id() == child.id()) else {
                stack.push((child, ctx.child()));
                continue;
            };
            let direct = match child.kind() {
                "command" => true,
                "redirected_statement" => child
                    .child_by_field_name("body")
                    .is_some_and(|b| b.kind() == "command"),
                _ => false,
            };
            let c = if direct {
                Ctx {
                    pipeline: Some(PipelinePos {
                        id,
                        stage,
                        stages: n,
                        stderr_piped,
                    }),
                    ..ctx.child()
                }
            } else {
                Ctx {
                    piped: true,
                    ..ctx.child()
                }
            };
            stack.push((child, c));
        }
    }

    fn base_command(&self, node: Node<'_>, ctx: Ctx, kind: CommandKind) -> SimpleCommand {
        SimpleCommand {
            span: self.orange(node),
            context: ctx.context,
            forms: Default::default(),
            kind,
            assignments: Vec::new(),
            words: Vec::new(),
            has_redirect: ctx.redirected,
            pipeline: ctx.pipeline,
            in_piped_compound: ctx.piped,
        }
    }

    fn emit_command(&mut self, node: Node<'_>, ctx: Ctx) {
        let mut cmd = self.base_command(node, ctx, CommandKind::Simple);
        let mut cursor = node.walk();
        if cursor.goto_first_child() {
            loop {
                let child = cursor.node();
                match (cursor.field_name(), child.kind()) {
                    (Some("redirect"), _) | (_, "file_redirect" | "herestring_redirect") => {
                        cmd.has_redirect = true;
                    }
                    (_, "variable_assignment") => cmd.assignments.push(self.word(child)),
                    (Some("name" | "argument"), _) => cmd.words.push(self.word(child)),
                    _ => {}
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        if let Some(name) = cmd.words.first() {
            if !name.literal {
                self.out.flag("the command name comes from an expansion");
            }
            if has_glob(&name.text) {
                self.out.flag("glob in the command name");
            }
        }
        self.check_words(&cmd);
        let all: Vec<&Word> = cmd.assignments.iter().chain(cmd.words.iter()).collect();
        cmd.forms = forms::permission_forms(&all);
        if ctx.redirected {
            if let Some(parent) = node.parent() {
                let full = collapse(self.otext(parent));
                if full != cmd.forms.exact && !cmd.forms.variants.contains(&full) {
                    cmd.forms.variants.push(full);
                }
            }
        }
        let nested = self.check_programs(&all);
        self.out.commands.push(cmd);
        self.out.commands.extend(nested);
    }

    fn emit_assignments(&mut self, node: Node<'_>, ctx: Ctx) {
        let mut cmd = self.base_command(node, ctx, CommandKind::Assignment);
        if node.kind() == "variable_assignment" {
            cmd.assignments.push(self.word(node));
        } else {
            let mut cursor = node.walk();
            let kids: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
            for c in kids {
                cmd.assignments.push(self.word(c));
            }
        }
        self.check_words(&cmd);
        let all: Vec<&Word> = cmd.assignments.iter().collect();
        cmd.forms = forms::permission_forms(&all);
        self.out.commands.push(cmd);
    }

    fn emit_declaration(&mut self, node: Node<'_>, ctx: Ctx) {
        let mut cmd = self.base_command(node, ctx, CommandKind::Declaration);
        let mut cursor = node.walk();
        let kids: Vec<Node<'_>> = node.children(&mut cursor).collect();
        for c in kids {
            if c.kind() != "comment" {
                cmd.words.push(self.word(c));
            }
        }
        let keyword = cmd
            .words
            .first()
            .map(|w| w.value.clone())
            .unwrap_or_default();
        let has_flags = cmd
            .words
            .iter()
            .skip(1)
            .any(|w| w.value.starts_with('-') || w.value.starts_with('+'));
        if has_flags
            && matches!(
                keyword.as_str(),
                "declare" | "typeset" | "local" | "readonly"
            )
        {
            self.out.flag(format!("`{keyword}` with attributes"));
        }
        self.check_words(&cmd);
        let all: Vec<&Word> = cmd.words.iter().collect();
        cmd.forms = forms::permission_forms(&all);
        self.out.commands.push(cmd);
    }

    fn emit_test(&mut self, node: Node<'_>, ctx: Ctx) {
        let mut cmd = self.base_command(node, ctx, CommandKind::Test);
        let w = self.word(node);
        let text = self.vtext(node);
        if text.starts_with("[[")
            && text
                .split_whitespace()
                .any(|t| matches!(t, "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge"))
        {
            self.out.flag("arithmetic comparison in [[ ]]");
        }
        cmd.forms.exact = collapse(&w.text);
        cmd.words.push(w);
        self.out.commands.push(cmd);
    }

    /// Checks every word of a command for constructs that change what runs.
    fn check_words(&mut self, cmd: &SimpleCommand) {
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

    fn check_assignment_name(&mut self, node: Node<'_>) {
        if let Some(name) = node.child_by_field_name("name") {
            let n = self.vtext(name);
            if CODE_VARIABLES.contains(&n) {
                self.out.flag(format!("assignment to {n}"));
            }
        }
    }

    /// Wrapper-aware checks on the programs a command runs; returns the commands of any
    /// `sh -c` script it carries.
    fn check_programs(&mut self, all: &[&Word]) -> Vec<SimpleCommand> {
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
                        embedded_script(&mut inner, &text, span, self.depth);
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

    fn shell_script(&mut self, script: &Word) -> Vec<SimpleCommand> {
        if !script.literal {
            self.out.flag("shell -c script is not a literal string");
            return Vec::new();
        }
        let inner = super::parse_in(&script.value, Context::ShellScript, self.depth + 1);
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

    fn check_file_redirect(&mut self, node: Node<'_>) {
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

    fn check_expansion(&mut self, node: Node<'_>) {
        let text = self.vtext(node);
        let inner = text
            .strip_prefix("${")
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or("");
        if !plain_parameter_expansion(inner) {
            self.out.flag("parameter expansion beyond ${NAME}");
        }
    }

    fn check_comment(&mut self, node: Node<'_>) {
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
    fn crude_pieces(&mut self, context: Context) {
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
                        forms: super::PermissionForms { exact, variants },
                        kind: CommandKind::Simple,
                        assignments: Vec::new(),
                        words: Vec::new(),
                        has_redirect: false,
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

/// `NAME`, `#NAME`, or `NAME` followed by a default/alternative/trim operator.
fn plain_parameter_expansion(inner: &str) -> bool {
    let body = inner
        .strip_prefix('#')
        .filter(|b| !b.is_empty())
        .unwrap_or(inner);
    let name_len = if body
        .chars()
        .next()
        .is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
    {
        body.find(|c: char| !(c == '_' || c.is_ascii_alphanumeric()))
            .unwrap_or(body.len())
    } else if body.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        body.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(body.len())
    } else if body.starts_with(['@', '*', '#', '?', '-', '$', '!']) && body.len() == 1 {
        1
    } else {
        return false;
    };
    let rest = &body[name_len..];
    if rest.is_empty() {
        return true;
    }
    if body.len() != inner.len() {
        // `${#NAME…}` takes no operator.
        return false;
    }
    [
        ":-", ":=", ":+", ":?", "##", "%%", "-", "=", "+", "?", "#", "%",
    ]
    .iter()
    .any(|op| rest.starts_with(op))
}

/// Node kinds that by themselves make a line unattestable.
fn flagged_kind(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "ansi_c_string" => "ANSI-C quoting $'…'",
        "translated_string" => "locale quoting $\"…\"",
        "c_style_for_statement" => "C-style for loop (arithmetic)",
        "function_definition" => "function definition",
        "subscript" => "array subscript (arithmetic)",
        "brace_expression" => "brace expansion",
        "ERROR" => "syntax error",
        _ => return None,
    })
}

/// Node kinds the walk understands and descends through.
fn structural_kind(kind: &str) -> bool {
    matches!(
        kind,
        "program"
            | "list"
            | "subshell"
            | "if_statement"
            | "elif_clause"
            | "else_clause"
            | "while_statement"
            | "for_statement"
            | "do_group"
            | "case_statement"
            | "case_item"
            | "negated_command"
            | "command_name"
            | "word"
            | "string"
            | "raw_string"
            | "string_content"
            | "concatenation"
            | "simple_expansion"
            | "variable_name"
            | "special_variable_name"
            | "number"
            | "file_descriptor"
            | "test_operator"
            | "unary_expression"
            | "binary_expression"
            | "ternary_expression"
            | "postfix_expression"
            | "parenthesized_expression"
            | "regex"
            | "extglob_pattern"
            | "array"
            | "heredoc_start"
            | "heredoc_body"
            | "heredoc_content"
            | "heredoc_end"
    )
}
