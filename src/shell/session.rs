//! One line's parse session: the grammar's parser, reused for every reading and nested script,
//! and the line's parse budget. tree-sitter's error recovery is super-linear on some inputs (a
//! 60 KB dangling pipeline takes minutes), and even valid deep pipelines parse slowly, so every
//! parse of the line shares one budget of this thread's CPU time; a parse that outruns it is
//! cancelled and reported, and the caller makes the line unattestable (fail closed) and falls
//! back to linear operator splitting for deny matching.

use std::time::Duration;

use tree_sitter::{ParseOptions, ParseState, Parser, Tree};

use crate::os::clock::thread_time;

/// CPU time all grammar parses of one line may take together.
pub const PARSE_BUDGET: Duration = Duration::from_millis(25);

/// Why a parse produced no tree.
pub const OVER_BUDGET: &str = "the line is too complex to parse within the time limit";

/// The moment, in this thread's CPU time, from which a budget runs: every parse made for one
/// decision (the line, then its rewritten form) shares one budget.
#[derive(Debug, Clone, Copy)]
pub struct BudgetStart(Duration);

impl BudgetStart {
    pub fn now() -> BudgetStart {
        BudgetStart(thread_time())
    }
}

pub struct Session {
    parser: Option<Parser>,
    start: Duration,
    exhausted: bool,
}

impl Session {
    /// A session whose budget started at `start` (an earlier parse of the same decision).
    pub fn since(start: BudgetStart) -> Session {
        let mut parser = Parser::new();
        let parser = parser
            .set_language(&tree_sitter_bash::LANGUAGE.into())
            .is_ok()
            .then_some(parser);
        Session {
            parser,
            start: start.0,
            exhausted: false,
        }
    }

    /// Parses `text` within what is left of the budget.
    pub fn parse(&mut self, text: &str) -> Result<Tree, &'static str> {
        if self.exhausted || thread_time().saturating_sub(self.start) > PARSE_BUDGET {
            // The grammar checks the budget only now and then while it parses: a small text
            // parsed after the budget is spent must not slip through.
            self.exhausted = true;
            return Err(OVER_BUDGET);
        }
        let Some(parser) = self.parser.as_mut() else {
            return Err("bash grammar unavailable");
        };
        let start = self.start;
        let mut over = false;
        let mut progress = |_: &ParseState| {
            over = thread_time().saturating_sub(start) > PARSE_BUDGET;
            over
        };
        let bytes = text.as_bytes();
        let tree = parser.parse_with_options(
            &mut |i, _| bytes.get(i..).unwrap_or_default(),
            None,
            Some(ParseOptions::new().progress_callback(&mut progress)),
        );
        match tree {
            Some(tree) => Ok(tree),
            None => {
                // A cancelled parse keeps its state for resumption: drop it.
                parser.reset();
                if over {
                    self.exhausted = true;
                    Err(OVER_BUDGET)
                } else {
                    Err("the bash grammar could not parse the line")
                }
            }
        }
    }
}
