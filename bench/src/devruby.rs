//! The Ruby and PHP rows of the test-and-build corpus: a Ruby project with `n` spec files
//! (`rspec`), `n` minitest files (`rake test`) and `n` files of style offenses (`rubocop`),
//! and a PHP project with `n` PHPUnit test classes, each in a passing and a failing state.
//! The generator knows every fact the rtk output must keep: each failing example's rerun
//! line and backtrace location, each failing test's name, `file:line`, expected and actual
//! values, every offense line (location, severity, cop, message) and the final counts.

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::devbench::write;

/// One row: (label, working directory, command line, facts).
pub type Row = (String, PathBuf, String, Vec<String>);

const CALC_RB: &str =
    "class Calc\n  def add(a, b)\n    a + b\n  end\n\n  def div(a, b)\n    a / b\n  end\nend\n";

const CALC_PHP: &str = "<?php\nfinal class Calc\n{\n    public function add(int $a, int $b): int { return $a + $b; }\n    public function div(int $a, int $b): int { return intdiv($a, $b); }\n}\n";

/// A file with fourteen offenses (rubocop 1.39 defaults), and each offense as reported for
/// it after `lib/<file>:`.
const MESSY_RB: &str = "class Messy\n  def initialize(items)\n    @items = items\n  end\n\n  def total()\n    sum = 0\n    @items.each { |i| sum = sum + i }\n    return sum\n  end\n\n  def label(x)\n    if x == nil then \"none\" else \"item: \" + x.to_s end\n  end\n\n  def unused_arg(a, b)\n    a\n  end\nend\n";
const MESSY_OFFENSES: [&str; 14] = [
    "1:1: C: Style/Documentation: Missing top-level documentation comment for class Messy.",
    "1:1: C: [Correctable] Style/FrozenStringLiteralComment: Missing frozen string literal comment.",
    "6:12: C: [Correctable] Style/DefWithParentheses: Omit the parentheses in defs when the method doesn't accept any arguments.",
    "8:23: C: [Correctable] Style/SelfAssignment: Use self-assignment shorthand +=.",
    "9:5: C: [Correctable] Style/RedundantReturn: Redundant return detected.",
    "12:13: C: Naming/MethodParameterName: Method parameter must be at least 3 characters long.",
    "13:5: C: [Correctable] Style/OneLineConditional: Favor the ternary operator (?:) or multi-line constructs over single-line if/then/else/end constructs.",
    "13:10: C: [Correctable] Style/NilComparison: Prefer the use of the nil? predicate.",
    "13:22: C: [Correctable] Style/StringLiterals: Prefer single-quoted strings when you don't need string interpolation or special symbols.",
    "13:34: C: [Correctable] Style/StringConcatenation: Prefer string interpolation to string concatenation.",
    "13:34: C: [Correctable] Style/StringLiterals: Prefer single-quoted strings when you don't need string interpolation or special symbols.",
    "16:18: C: Naming/MethodParameterName: Method parameter must be at least 3 characters long.",
    "16:21: W: [Correctable] Lint/UnusedMethodArgument: Unused method argument - b. If it's necessary, use _ or _b as an argument name to indicate that it won't be used.",
    "16:21: C: Naming/MethodParameterName: Method parameter must be at least 3 characters long.",
];

fn spec(k: usize, failing: bool) -> String {
    let mut s = format!(
        "require_relative \"../lib/calc\"\n\nRSpec.describe Calc, \"batch {k}\" do\n  subject(:calc) {{ Calc.new }}\n\n  it(\"adds\") {{ expect(calc.add({k}, 1)).to eq({}) }}\n  it(\"divides\") {{ expect(calc.div({}, 2)).to eq({}) }}\n  it(\"adds zero\") {{ expect(calc.add({k}, 0)).to eq({k}) }}\n  it(\"adds one\") {{ expect(calc.add(1, {k})).to eq({}) }}\n",
        k + 1,
        4 * k,
        2 * k,
        k + 1
    );
    if failing {
        // Line 10.
        s.push_str(&format!(
            "  it(\"doubles\") {{ expect(calc.add({k}, {k})).to eq({}) }}\n",
            2 * k + 1
        ));
    }
    s.push_str("end\n");
    s
}

fn minitest(k: usize, failing: bool) -> String {
    let mut s = format!(
        "require \"minitest/autorun\"\nrequire_relative \"../lib/calc\"\n\nclass Calc{k}Test < Minitest::Test\n  def test_add\n    assert_equal {}, Calc.new.add({k}, 1)\n  end\n\n  def test_div\n    assert_equal {}, Calc.new.div({}, 2)\n  end\n",
        k + 1,
        2 * k,
        4 * k
    );
    if failing {
        // The assertion is on line 14.
        s.push_str(&format!(
            "\n  def test_double\n    assert_equal {}, Calc.new.add({k}, {k})\n  end\n",
            2 * k + 1
        ));
    }
    s.push_str("end\n");
    s
}

fn phpunit(k: usize, failing: bool) -> String {
    let mut s = format!(
        "<?php\nuse PHPUnit\\Framework\\TestCase;\n\nrequire_once __DIR__ . '/../src/Calc.php';\n\nfinal class Calc{k}Test extends TestCase\n{{\n    public function testAdd(): void {{ $this->assertSame({}, (new Calc())->add({k}, 1)); }}\n    public function testDiv(): void {{ $this->assertSame({}, (new Calc())->div({}, 2)); }}\n",
        k + 1,
        2 * k,
        4 * k
    );
    if failing {
        // Line 10.
        s.push_str(&format!(
            "    public function testDouble(): void {{ $this->assertSame({}, (new Calc())->add({k}, {k})); }}\n",
            2 * k + 1
        ));
    }
    s.push_str("}\n");
    s
}

/// The rows whose tool is installed (`has` probes an argv); a note for each one skipped.
pub fn rows(
    root: &Path,
    n: usize,
    has: &dyn Fn(&[&str]) -> bool,
    notes: &mut Vec<String>,
) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    let dir = |name: &str| root.join(name);
    if has(&["rspec", "--version"]) {
        for failing in [false, true] {
            let d = dir(if failing {
                "rspec-failing"
            } else {
                "rspec-passing"
            });
            write(&d.join("lib/calc.rb"), CALC_RB)?;
            let mut facts = Vec::new();
            for k in 1..=n {
                write(&d.join(format!("spec/calc{k}_spec.rb")), &spec(k, failing))?;
                if failing {
                    facts.push(format!(
                        "rspec ./spec/calc{k}_spec.rb:10 # Calc batch {k} doubles"
                    ));
                    facts.push(format!("# ./spec/calc{k}_spec.rb:10:in"));
                    facts.push(format!("expected: {}", 2 * k + 1));
                }
            }
            facts.push(if failing {
                format!("{} examples, {n} failures", 5 * n)
            } else {
                format!("{} examples, 0 failures", 4 * n)
            });
            let state = if failing { "failing" } else { "passing" };
            rows.push((format!("rspec ({state})"), d, "rspec".into(), facts));
        }
    } else {
        notes.push("rspec not found: its rows skipped".into());
    }
    if has(&["rake", "--version"]) && has(&["ruby", "-e", "require 'minitest'"]) {
        for failing in [false, true] {
            let state = if failing { "failing" } else { "passing" };
            let d = dir(&format!("rake-test-{state}"));
            write(&d.join("lib/calc.rb"), CALC_RB)?;
            write(
                &d.join("Rakefile"),
                "require \"rake/testtask\"\nRake::TestTask.new(:test) do |t|\n  t.libs << \"test\"\n  t.test_files = FileList[\"test/**/*_test.rb\"]\nend\n",
            )?;
            let mut facts = Vec::new();
            for k in 1..=n {
                write(
                    &d.join(format!("test/calc{k}_test.rb")),
                    &minitest(k, failing),
                )?;
                if failing {
                    facts.push(format!("Calc{k}Test#test_double ["));
                    facts.push(format!("test/calc{k}_test.rb:14]"));
                    facts.push(format!("Expected: {}\n  Actual: {}", 2 * k + 1, 2 * k));
                }
            }
            let (runs, fails) = if failing { (3 * n, n) } else { (2 * n, 0) };
            facts.push(format!(
                "{runs} runs, {runs} assertions, {fails} failures, 0 errors, 0 skips"
            ));
            rows.push((format!("rake test ({state})"), d, "rake test".into(), facts));
        }
    } else {
        notes.push("rake or minitest not found: rake test rows skipped".into());
    }
    if has(&["rubocop", "--version"]) {
        let d = dir("rubocop-offenses");
        let mut facts = Vec::new();
        for k in 1..=n {
            write(&d.join(format!("lib/messy{k}.rb")), MESSY_RB)?;
            facts.extend(
                MESSY_OFFENSES
                    .iter()
                    .map(|o| format!("lib/messy{k}.rb:{o}")),
            );
        }
        facts.push(format!(
            "{n} files inspected, {} offenses detected, {} offenses autocorrectable",
            14 * n,
            10 * n
        ));
        rows.push((
            format!("rubocop lib ({} offenses)", 14 * n),
            d,
            "rubocop lib".into(),
            facts,
        ));
    } else {
        notes.push("rubocop not found: its row skipped".into());
    }
    if has(&["phpunit", "--version"]) {
        for failing in [false, true] {
            let state = if failing { "failing" } else { "passing" };
            let d = dir(&format!("phpunit-{state}"));
            write(&d.join("src/Calc.php"), CALC_PHP)?;
            let mut facts = Vec::new();
            for k in 1..=n {
                write(
                    &d.join(format!("tests/Calc{k}Test.php")),
                    &phpunit(k, failing),
                )?;
                if failing {
                    facts.push(format!("Calc{k}Test::testDouble"));
                    facts.push(format!(
                        "Failed asserting that {} is identical to {}.",
                        2 * k,
                        2 * k + 1
                    ));
                    facts.push(format!("tests/Calc{k}Test.php:10"));
                }
            }
            facts.push(if failing {
                format!("Tests: {t}, Assertions: {t}, Failures: {n}.", t = 3 * n)
            } else {
                format!("OK ({t} tests, {t} assertions)", t = 2 * n)
            });
            rows.push((
                format!("phpunit ({state})"),
                d,
                "phpunit tests".into(),
                facts,
            ));
        }
    } else {
        notes.push("phpunit not found: its rows skipped".into());
    }
    Ok(rows)
}
