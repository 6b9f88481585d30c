//! Entries for databases: `psql`, `sqlite3`, `mysql` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope as sc;
use crate::programs::{every, Eco, PipeSafety, Program};
use PipeSafety::Producer;

// G1 (issue 20): databases and system programs.
pub const PSQL: Program = Program {
    names: &["psql"],
    ecosystem: Eco::Databases,
    syntax: PLAIN,
    routes: &[every("psql", "psql -c select").scoped(&sc::sql::PSQL)],
    rewrite: rw(
        Producer,
        "commands given by -c/--command or -f/--file (not stdin); never prompts, editors or \\watch",
    ),
};

pub const SQLITE3: Program = Program {
    names: &["sqlite3"],
    ecosystem: Eco::Databases,
    syntax: PLAIN,
    routes: &[every("sqlite3", "sqlite3 app.db .tables").scoped(&sc::sql::SQLITE3)],
    rewrite: rw(
        Producer,
        "a database and SQL or dot commands given; never interactive, archive or editor forms",
    ),
};

pub const MYSQL: Program = Program {
    names: &["mysql", "mariadb"],
    ecosystem: Eco::Databases,
    syntax: PLAIN,
    routes: &[every("mysql", "mysql shop -e select").scoped(&sc::sql::MYSQL)],
    rewrite: rw(
        Producer,
        "SQL given by -e/--execute; never a password prompt, editor or shell command",
    ),
};
