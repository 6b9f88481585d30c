//! The Ruby, PHP, JVM and Playwright rows of the test-and-build corpus: a Ruby project with
//! `n` spec files (`rspec`), `n` minitest files (`rake test`) and `n` files of style offenses
//! (`rubocop`); a PHP project with `n` PHPUnit test classes; a Maven project with `n` JUnit
//! classes (plugins from Debian's /usr/share/maven-repo, through `.mvn/maven.config`, warmed
//! once so both runs see a filled local repository) and a compile-error state; and, when the
//! given node_modules holds @playwright/test, `n` Playwright spec files (no browser); `n`
//! `bun test` files when bun is on PATH. Each in a passing and a failing state.
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

/// What [`rows`] needs from the corpus.
pub struct Env<'a> {
    pub root: &'a Path,
    /// Files per project.
    pub n: usize,
    /// Whether an argv runs and succeeds.
    pub has: &'a dyn Fn(&[&str]) -> bool,
    /// Runs an argv in a directory (warm-up; output ignored).
    pub run: &'a dyn Fn(&Path, &str),
    pub node_modules: Option<&'a Path>,
}

/// The rows whose tool is installed; a note for each one skipped.
pub fn rows(e: &Env<'_>, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    let (root, n, has) = (e.root, e.n, e.has);
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
    if has(&["mvn", "-v"])
        && Path::new(DEBIAN_REPO)
            .join("org/apache/maven/plugins/maven-surefire-plugin/2.22.3")
            .is_dir()
    {
        rows.extend(maven(e)?);
    } else {
        notes.push("mvn or Debian's surefire/compiler plugins (/usr/share/maven-repo) not found: mvn rows skipped".into());
    }
    if has(&["phpcs", "--version"]) {
        rows.push(phpcs(e)?);
    } else {
        notes.push("phpcs not found: its row skipped".into());
    }
    if has(&["bun", "--version"]) {
        rows.extend(bun(e)?);
    } else {
        notes.push("bun not found: bun test rows skipped".into());
    }
    match e
        .node_modules
        .filter(|nm| nm.join("@playwright/test").is_dir())
    {
        Some(nm) => rows.extend(playwright(e, nm)?),
        None => notes.push("no @playwright/test in node_modules: playwright rows skipped".into()),
    }
    Ok(rows)
}

const DEBIAN_REPO: &str = "/usr/share/maven-repo";

const POM: &str = r#"<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>shop</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.x</version><scope>test</scope></dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.0</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.10.1</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>2.22.3</version></plugin>
    </plugins>
  </build>
</project>
"#;

/// The JUnit 4 project the Maven and Gradle rows build under `d`: `Calc.java` and `n` test
/// classes `Calc{k}Test` (two passing tests; with `state` "failing" a third, `doubles`, failing
/// on line 10); with "error" also a `Broken{k}.java` per class with two compile errors (lines
/// 5 and 6: an unknown method at column 18, an int assigned to a String at column 20).
pub fn junit_sources(d: &Path, n: usize, state: &str) -> Result<()> {
    write(
        &d.join("src/main/java/shop/Calc.java"),
        "package shop;\n\npublic class Calc {\n    public int add(int a, int b) {\n        return a + b;\n    }\n}\n",
    )?;
    for k in 1..=n {
        let mut t = format!(
            "package shop;\n\nimport static org.junit.Assert.assertEquals;\n\nimport org.junit.Test;\n\npublic class Calc{k}Test {{\n    @Test public void adds() {{ assertEquals({}, new Calc().add({k}, 1)); }}\n    @Test public void addsZero() {{ assertEquals({k}, new Calc().add({k}, 0)); }}\n",
            k + 1
        );
        if state == "failing" {
            // Line 10.
            t.push_str(&format!(
                "    @Test public void doubles() {{ assertEquals({}, new Calc().add({k}, {k})); }}\n",
                2 * k + 1
            ));
        }
        t.push_str("}\n");
        write(&d.join(format!("src/test/java/shop/Calc{k}Test.java")), &t)?;
        if state == "error" {
            write(
                &d.join(format!("src/main/java/shop/Broken{k}.java")),
                &format!("package shop;\n\npublic class Broken{k} {{\n    public int f(Calc c) {{\n        int x = c.ad(1, 2);\n        String s = x;\n        return x;\n    }}\n}}\n"),
            )?;
        }
    }
    Ok(())
}

fn maven(e: &Env<'_>) -> Result<Vec<Row>> {
    let n = e.n;
    let settings = e.root.join("maven-settings.xml");
    write(
        &settings,
        &format!(
            "<settings><localRepository>{}</localRepository><mirrors><mirror><id>debian</id><mirrorOf>*</mirrorOf><url>file://{DEBIAN_REPO}</url></mirror></mirrors></settings>\n",
            e.root.join("m2").display()
        ),
    )?;
    let mut rows = Vec::new();
    for state in ["passing", "failing", "error"] {
        let d = e.root.join(format!("mvn-{state}"));
        write(&d.join("pom.xml"), POM)?;
        write(
            &d.join(".mvn/maven.config"),
            &format!("-s {}\n", settings.display()),
        )?;
        junit_sources(&d, n, state)?;
        let mut facts = Vec::new();
        for k in 1..=n {
            if state == "failing" {
                facts.push(format!("doubles(shop.Calc{k}Test)"));
                facts.push(format!(
                    "java.lang.AssertionError: expected:<{}> but was:<{}>",
                    2 * k + 1,
                    2 * k
                ));
                facts.push(format!(
                    "Calc{k}Test.doubles:10 expected:<{}> but was:<{}>",
                    2 * k + 1,
                    2 * k
                ));
            }
            if state == "error" {
                facts.push(format!("shop/Broken{k}.java:[5,18] cannot find symbol"));
                facts.push(format!(
                    "shop/Broken{k}.java:[6,20] incompatible types: int cannot be converted to java.lang.String"
                ));
            }
        }
        let (label, cmd) = match state {
            "passing" => {
                facts.push(format!(
                    "Tests run: {t}, Failures: 0, Errors: 0, Skipped: 0",
                    t = 2 * n
                ));
                facts.push("BUILD SUCCESS".into());
                ("mvn test (passing)", "mvn test")
            }
            "failing" => {
                facts.push(format!(
                    "Tests run: {}, Failures: {n}, Errors: 0, Skipped: 0",
                    3 * n
                ));
                facts.push("BUILD FAILURE".into());
                ("mvn test (failing)", "mvn test")
            }
            _ => {
                facts.push("BUILD FAILURE".into());
                ("mvn compile (compile errors)", "mvn compile")
            }
        };
        // Fills the local repository, so the raw and the rtk run both see a warm build.
        (e.run)(&d, cmd);
        rows.push((label.to_string(), d, cmd.into(), facts));
    }
    Ok(rows)
}

fn playwright(e: &Env<'_>, nm: &Path) -> Result<Vec<Row>> {
    let n = e.n;
    let mut rows = Vec::new();
    for failing in [false, true] {
        let state = if failing { "failing" } else { "passing" };
        let d = e.root.join(format!("playwright-{state}"));
        std::fs::create_dir_all(&d)?;
        if !d.join("node_modules").exists() {
            std::os::unix::fs::symlink(nm, d.join("node_modules"))?;
        }
        write(
            &d.join("playwright.config.ts"),
            "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: './tests', workers: 1 });\n",
        )?;
        let mut facts = Vec::new();
        for k in 1..=n {
            let mut t = format!(
                "import {{ test, expect }} from '@playwright/test';\n\ntest('adds {k}', () => {{ expect({k} + 1).toBe({}); }});\ntest('keeps {k}', () => {{ expect({k} + 0).toBe({k}); }});\ntest('negates {k}', () => {{ expect(-{k}).toBe(-{k}); }});\n",
                k + 1
            );
            if failing {
                // Line 6.
                t.push_str(&format!(
                    "test('doubles {k}', () => {{\n  expect({k} * 2).toBe({});\n}});\n",
                    2 * k + 1
                ));
                facts.push(format!("tests/calc{k}.spec.ts:6:1 › doubles {k}"));
                facts.push(format!("Expected: {}", 2 * k + 1));
                facts.push(format!("tests/calc{k}.spec.ts:7:"));
            }
            write(&d.join(format!("tests/calc{k}.spec.ts")), &t)?;
        }
        facts.push(if failing {
            format!("{n} failed")
        } else {
            format!("{} passed", 3 * n)
        });
        rows.push((
            format!("npx playwright test ({state})"),
            d,
            "npx playwright test".into(),
            facts,
        ));
    }
    Ok(rows)
}

fn bun(e: &Env<'_>) -> Result<Vec<Row>> {
    let n = e.n;
    let mut rows = Vec::new();
    for failing in [false, true] {
        let state = if failing { "failing" } else { "passing" };
        let d = e.root.join(format!("bun-{state}"));
        let mut facts = Vec::new();
        for k in 1..=n {
            let mut t = format!(
                "import {{ test, expect }} from \"bun:test\";\n\ntest(\"adds {k}\", () => {{ expect({k} + 1).toBe({}); }});\ntest(\"keeps {k}\", () => {{ expect({k} + 0).toBe({k}); }});\ntest(\"negates {k}\", () => {{ expect(-{k}).toBe(-{k}); }});\n",
                k + 1
            );
            if failing {
                // The expectation is on line 7, column 17.
                t.push_str(&format!(
                    "test(\"doubles {k}\", () => {{\n  expect({k} * 2).toBe({});\n}});\n",
                    2 * k + 1
                ));
                facts.push(format!("(fail) doubles {k}"));
                facts.push(format!("Expected: {}\nReceived: {}", 2 * k + 1, 2 * k));
                facts.push(format!("calc{k}.test.ts:7:"));
            }
            write(&d.join(format!("calc{k}.test.ts")), &t)?;
        }
        facts.push(format!(" {} pass", 3 * n));
        facts.push(format!(" {} fail", if failing { n } else { 0 }));
        rows.push((format!("bun test ({state})"), d, "bun test".into(), facts));
    }
    Ok(rows)
}

/// A class with sixteen PHP_CodeSniffer (PEAR standard) violations, four of them wrapped
/// over two table rows: (line, level, message) as reported.
const MESSY_PHP: &str = "<?php\nclass cart {\n    public function Total($prices) {\n        $sum = 0;\n        foreach ($prices as $p) { $sum = $sum + $p; }\n        return $sum;\n    }\n  public function average($prices)\n  {\n      if (count($prices) == 0) return 0;\n      return $this->Total($prices) / count($prices);\n  }\n}\n";
const MESSY_PHP_FACTS: [(u32, &str, &str); 6] = [
    (2, "ERROR", "[ ] Missing file doc comment"),
    (
        2,
        "ERROR",
        "[ ] Class name must begin with a capital letter",
    ),
    (3, "ERROR", "[x] Opening brace should be on a new line"),
    (5, "ERROR", "[x] Closing brace must be on a line by itself"),
    (8, "ERROR", "[ ] Missing doc comment for function average()"),
    (
        10,
        "WARNING",
        "[x] Inline control structures are discouraged",
    ),
];

fn phpcs(e: &Env<'_>) -> Result<Row> {
    let d = e.root.join("phpcs-report");
    let mut facts = Vec::new();
    for k in 1..=e.n {
        write(&d.join(format!("src/Cart{k}.php")), MESSY_PHP)?;
        facts.push(format!("src/Cart{k}.php"));
        for (line, level, msg) in MESSY_PHP_FACTS {
            // The raw table row, or rtk's line (`[ ]` dropped).
            let short = msg.strip_prefix("[ ] ").unwrap_or(msg);
            facts.push(format!(
                "{line:>3} | {level:<7} | {msg} || {line} {level} {short}"
            ));
        }
    }
    facts.push("FOUND 15 ERRORS AND 1 WARNING AFFECTING 8 LINES".into());
    let label = format!("phpcs src ({} violations)", 16 * e.n);
    Ok((label, d, "phpcs src".into(), facts))
}
