//! Entries for files and search: listing, reading, searching, counting, comparing: `ls`, `tree`,
//! `find`, `cat`, `head`, `tail`, `nl`, `sed`, `grep`, `wc`, `diff` (see [`super`]).

use super::{reader, rw, PLAIN};
use crate::programs::scope as sc;
use crate::programs::{every, Eco, PipeSafety, Program};
use PipeSafety::{Both, Never, Producer};

pub const LS: Program = Program {
    names: &["ls"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("ls", "ls -la")],
    rewrite: rw(Producer, "any arguments"),
};

pub const TREE: Program = Program {
    names: &["tree"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("tree", "tree -L 2")],
    rewrite: rw(Producer, "any arguments"),
};

pub const FIND: Program = Program {
    names: &["find"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("find", "find . -name x").scoped(&sc::files::FIND)],
    rewrite: rw(Producer, "no -exec/-ok/-delete/-printf-style actions"),
};

pub const CAT: Program = Program {
    names: &["cat"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("read", "cat a.txt").scoped(&sc::files::CAT)],
    rewrite: reader("file operands only, no options but -n"),
};

pub const HEAD: Program = Program {
    names: &["head"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("read", "head -n 5 a.txt").scoped(&sc::files::HEAD)],
    rewrite: reader("line-count options and file operands"),
};

pub const TAIL: Program = Program {
    names: &["tail"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("read", "tail -n 5 a.txt").scoped(&sc::files::TAIL)],
    rewrite: reader("line-count options and file operands; never follow"),
};

pub const NL: Program = Program {
    names: &["nl"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("nl", "nl -ba a.txt").scoped(&sc::nl::SCOPE)],
    rewrite: reader("`-ba` (every line numbered) of named files only"),
};

pub const SED: Program = Program {
    names: &["sed"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("read", "sed -n '1,120p' a.txt").scoped(&sc::sed::SCOPE)],
    rewrite: reader(
        "`-n` with print/quit line ranges (`1,120p`, `200,$p`, `1,5p;9q`) of named files only",
    ),
};

pub const GREP: Program = Program {
    names: &["grep", "egrep", "fgrep", "rg"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("grep", "grep -rn x .")],
    rewrite: rw(Both, "any arguments"),
};

pub const WC: Program = Program {
    names: &["wc"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("wc", "wc -l a.txt")],
    rewrite: rw(Never, "any arguments"),
};

pub const DIFF: Program = Program {
    names: &["diff"],
    ecosystem: Eco::Files,
    syntax: PLAIN,
    routes: &[every("diff", "diff -u a b")],
    rewrite: rw(Producer, "any arguments"),
};
