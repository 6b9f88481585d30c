//! Entries for PHP: `phpunit`, `phpstan`, `pest`, `php`, `phpcs`, `composer` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope::{self as sc, Scope};
use crate::programs::{every, route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::{Never, Producer};

/// `composer install|update`: never `--interactive`.
const INTERACTIVE_NEVER: Scope = Scope::without(&["-i", "--interactive"]);

/// `composer require|remove|reinstall <package…>` (without a package they ask for one).
const NAMED_PACKAGE: Scope = Scope {
    operand: true,
    ..INTERACTIVE_NEVER
};

pub const PHPUNIT: Program = Program {
    names: &["phpunit", "vendor/bin/phpunit", "./vendor/bin/phpunit"],
    ecosystem: Eco::Php,
    syntax: PLAIN,
    routes: &[every("phpunit", "phpunit tests").scoped(&sc::phpunit::SCOPE)],
    rewrite: rw(Producer, "default printer only"),
};

pub const PHPSTAN: Program = Program {
    names: &["phpstan", "vendor/bin/phpstan", "./vendor/bin/phpstan"],
    ecosystem: Eco::Php,
    syntax: &recognise::SUB,
    routes: &[
        route("analyse", "phpstan", "phpstan analyse src").scoped(&sc::phpstan::SCOPE),
        route("analyze", "phpstan", "phpstan analyze src").scoped(&sc::phpstan::SCOPE),
    ],
    rewrite: rw(
        Producer,
        "the table error format only; never help, version or the web UI",
    ),
};

pub const PEST: Program = Program {
    names: &["pest", "vendor/bin/pest", "./vendor/bin/pest"],
    ecosystem: Eco::Php,
    syntax: PLAIN,
    routes: &[every("pest", "pest tests").scoped(&sc::pest::SCOPE)],
    rewrite: rw(
        Producer,
        "the default printer only; never watch, help, init or TeamCity",
    ),
};

pub const PHP: Program = Program {
    names: &["php"],
    ecosystem: Eco::Php,
    syntax: &recognise::SUB,
    routes: &[route("artisan", "pest", "php artisan test").scoped(&sc::pest::ARTISAN_TEST)],
    rewrite: rw(
        Producer,
        "only `php artisan test` (the default printer; never watch or help)",
    ),
};

pub const PHPCS: Program = Program {
    names: &["phpcs"],
    ecosystem: Eco::Php,
    syntax: PLAIN,
    routes: &[every("phpcs", "phpcs src").scoped(&sc::phpcs::SCOPE)],
    rewrite: rw(Producer, "the full report only; never interactive"),
};

pub const COMPOSER: Program = Program {
    names: &["composer"],
    ecosystem: Eco::Php,
    syntax: &recognise::SUB,
    routes: &[
        route("install", "composer", "composer install").scoped(&INTERACTIVE_NEVER),
        route("update", "composer", "composer update").scoped(&INTERACTIVE_NEVER),
        route("require", "composer", "composer require acme/log").scoped(&NAMED_PACKAGE),
        route("remove", "composer", "composer remove acme/log").scoped(&NAMED_PACKAGE),
        route("reinstall", "composer", "composer reinstall acme/log").scoped(&NAMED_PACKAGE),
    ],
    rewrite: rw(
        Never,
        "install, update, require/remove/reinstall of named packages; never interactive",
    ),
};
