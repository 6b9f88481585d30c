//! Entries for the JVM: Maven, Gradle: `mvn`, `gradle`, `sbt` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope as sc;
use crate::programs::{every, Eco, PipeSafety, Program};
use PipeSafety::Producer;

pub const MVN: Program = Program {
    names: &["mvn", "./mvnw"],
    ecosystem: Eco::Jvm,
    syntax: PLAIN,
    routes: &[every("mvn", "mvn test").scoped(&sc::maven::LIFECYCLE)],
    rewrite: rw(
        Producer,
        "lifecycle phases only (clean … install); no help/version/debug",
    ),
};

pub const GRADLE: Program = Program {
    names: &["gradle", "./gradlew"],
    ecosystem: Eco::Jvm,
    syntax: PLAIN,
    routes: &[every("gradle", "gradle test").scoped(&sc::gradle::TASKS)],
    rewrite: rw(
        Producer,
        "build, test, check, assemble, clean and compile tasks only; never continuous, a scan or help",
    ),
};

pub const SBT: Program = Program {
    names: &["sbt"],
    ecosystem: Eco::Jvm,
    syntax: PLAIN,
    routes: &[every("sbt", "sbt test").scoped(&sc::sbt::BATCH)],
    rewrite: rw(
        Producer,
        "batch runs of clean, compile, test, testOnly, testQuick; never the shell, ~ watch or a client",
    ),
};
