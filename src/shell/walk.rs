//! One reading of a line through the grammar: an explicit-stack walk (no recursion, so deep
//! nesting cannot overflow) that emits every simple command with its context and pipeline
//! position, and flags every construct that makes the line unattestable.

use tree_sitter::Node;

use super::forms;
use super::inert::{flagged_kind, quoted_heredoc_text, structural_kind};
use super::scripts::{embedded_script, piped_into_shells};
use super::session::Session;
use super::views::View;
use super::words::{self, collapse, has_glob};
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

/// Parses `view` and appends what it finds to `out`.
pub fn walk(
    orig: &str,
    view: &View<'_>,
    context: Context,
    depth: usize,
    out: &mut Parsed,
    session: &mut Session,
) {
    let first = out.commands.len();
    let tree = session.parse(&view.text);
    let mut walker = Walker {
        orig,
        view,
        depth,
        out,
        session,
        redirect_targets: Vec::new(),
    };
    let tree = match tree {
        Ok(tree) => tree,
        Err(reason) => {
            walker.out.flag(reason);
            walker.crude_pieces(context);
            return;
        }
    };
    let root = tree.root_node();
    if walker.out.not_plain.as_deref() == Some(super::NOT_PARSED) {
        walker.out.not_plain = if view.map.is_some() || view.own_text {
            Some("the line reads more than one way".into())
        } else {
            super::plain::not_plain(root, orig)
        };
    }
    let ctx = Ctx {
        context,
        piped: false,
        pipeline: None,
        redirected: false,
        in_cmd: false,
    };
    let mut stack = vec![(root, ctx)];
    while let Some((node, ctx)) = stack.pop() {
        walker.visit(node, ctx, &mut stack);
    }
    if root.has_error() {
        walker.crude_pieces(context);
    }
    piped_into_shells(walker.out, first, depth, walker.session);
}

/// The state of one walk.
pub(super) struct Walker<'a, 'v, 'o> {
    pub(super) orig: &'a str,
    pub(super) view: &'v View<'v>,
    pub(super) depth: usize,
    pub(super) out: &'o mut Parsed,
    pub(super) session: &'o mut Session,
    /// Commands a redirect written after a list or pipeline belongs to
    /// ([`misparsed_redirect_target`]), by node id.
    pub(super) redirect_targets: Vec<usize>,
}

impl Walker<'_, '_, '_> {
    pub(super) fn vtext(&self, node: Node<'_>) -> &str {
        self.view
            .text
            .get(node.start_byte()..node.end_byte())
            .unwrap_or("")
    }

    pub(super) fn orange(&self, node: Node<'_>) -> std::ops::Range<usize> {
        self.view.original(node.start_byte(), node.end_byte())
    }

    /// The text forms are built from: the original line, or the view's own text.
    pub(super) fn otext(&self, node: Node<'_>) -> &str {
        if self.view.own_text {
            self.vtext(node)
        } else {
            self.orig.get(self.orange(node)).unwrap_or("")
        }
    }

    pub(super) fn word(&self, node: Node<'_>) -> Word {
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
        if node.child_count() == 0 {
            self.check_leaf(node);
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
                let ctx = Ctx {
                    redirected: ctx.redirected || self.redirect_targets.contains(&node.id()),
                    ..ctx
                };
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
                if let Some(target) = body.and_then(misparsed_redirect_target) {
                    self.redirect_targets.push(target.id());
                }
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
                if let Some((cat, body)) = quoted_heredoc_text(node, &self.view.text) {
                    // Inert text: nothing flagged. `cat` is still reported (deny and ask
                    // rules see it) and the body is read as a script for them, as any
                    // heredoc's is; nothing under the substitution is walked further.
                    self.emit_command(cat, subst);
                    let text = self.otext(body).to_string();
                    embedded_script(self.out, &text, self.orange(body), self.depth, self.session);
                } else {
                    self.out.flag("command substitution");
                    self.push_children(node, subst, stack);
                }
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
                    embedded_script(self.out, &text, self.orange(body), self.depth, self.session);
                }
                self.push_children(node, ctx.child(), stack);
            }
            "herestring_redirect" => {
                self.out.flag("here-string");
                if let Some(lit) = node.named_child(node.named_child_count().saturating_sub(1)) {
                    let w = self.word(lit);
                    embedded_script(self.out, &w.value, w.span, self.depth, self.session);
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
        let is_stage = |c: &Node<'t>| c.is_named() && c.kind() != "comment";
        let n = children.iter().filter(|c| is_stage(c)).count();
        let id = self.orange(node).start;
        // Stage numbers in source order, then pushed in reverse so they pop in order.
        let mut stage = 0;
        let numbered: Vec<(Node<'t>, Option<usize>)> = children
            .into_iter()
            .map(|c| {
                let k = is_stage(&c).then(|| {
                    stage += 1;
                    stage - 1
                });
                (c, k)
            })
            .collect();
        for (child, stage) in numbered.into_iter().rev() {
            let Some(stage) = stage else {
                stack.push((child, ctx.child()));
                continue;
            };
            if let Some((target, before)) = misparsed_first_stage(child) {
                // `a && b 2>&1 | c` is `a && { b 2>&1 | c; }`: `b` is the stage, with the
                // redirect; what runs before it is not piped.
                let pos = PipelinePos {
                    id,
                    stage,
                    stages: n,
                    stderr_piped,
                };
                let mut cursor = child.walk();
                let body = child.child_by_field_name("body").map(|b| b.id());
                let redirects: Vec<Node<'t>> = child
                    .children(&mut cursor)
                    .filter(|c| Some(c.id()) != body)
                    .collect();
                for r in redirects.into_iter().rev() {
                    stack.push((r, ctx.child()));
                }
                let c = Ctx {
                    pipeline: Some(pos),
                    redirected: true,
                    ..ctx.child()
                };
                stack.push((target, c));
                for b in before.into_iter().rev() {
                    stack.push((b, ctx.child()));
                }
                continue;
            }
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
            stderr_discarded_only: false,
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
        cmd.stderr_discarded_only = ctx.redirected && self.stderr_discarded_only(node);
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

    /// `node` is the body of a redirected statement whose every redirect is `2>/dev/null`,
    /// and has none of its own.
    fn stderr_discarded_only(&self, node: Node<'_>) -> bool {
        let Some(parent) = node.parent().filter(|p| p.kind() == "redirected_statement") else {
            return false;
        };
        if parent.child_by_field_name("body").map(|b| b.id()) != Some(node.id()) {
            return false;
        }
        let mut cursor = node.walk();
        if node
            .children(&mut cursor)
            .any(|c| c.kind().ends_with("redirect"))
        {
            return false;
        }
        let mut cursor = parent.walk();
        let redirects: Vec<Node<'_>> = parent
            .children(&mut cursor)
            .filter(|c| c.id() != node.id())
            .collect();
        !redirects.is_empty()
            && redirects.iter().all(|r| {
                r.kind() == "file_redirect"
                    && self.vtext(*r).split_whitespace().collect::<String>() == "2>/dev/null"
            })
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
}

/// The last statement of a list or pipeline (comments aside).
fn last_statement(node: Node<'_>) -> Option<Node<'_>> {
    let mut cursor = node.walk();
    let last = node
        .named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .last();
    last
}

/// tree-sitter-bash hangs a redirect written after the last command of a list or pipeline
/// on the whole list (`cd d && make 2>/dev/null`, `a | b > f`: tree-sitter-bash issue 345);
/// bash gives it to the last command only. That command, when it is a plain one.
fn misparsed_redirect_target(body: Node<'_>) -> Option<Node<'_>> {
    let mut n = body;
    while matches!(n.kind(), "list" | "pipeline") {
        n = last_statement(n)?;
    }
    (n.id() != body.id() && n.kind() == "command").then_some(n)
}

/// The same misparse as a pipeline's first stage: `a && b 2>&1 | c` reads as
/// `{ a && b; } 2>&1 | c`. The command that is really the stage (`b`), and the nodes of the
/// list before it (`a`, `&&`), which run before the pipeline and are not piped.
fn misparsed_first_stage(stage: Node<'_>) -> Option<(Node<'_>, Vec<Node<'_>>)> {
    if stage.kind() != "redirected_statement" {
        return None;
    }
    let body = stage.child_by_field_name("body")?;
    if body.kind() != "list" {
        return None;
    }
    let target = last_statement(body)?;
    if target.kind() != "command" {
        return None;
    }
    let mut cursor = body.walk();
    let before = body
        .children(&mut cursor)
        .filter(|c| c.id() != target.id())
        .collect();
    Some((target, before))
}
