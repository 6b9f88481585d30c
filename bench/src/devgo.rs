//! The Go module of the test-and-build corpus: `calc` with two failing tests (one a failing
//! subtest of a table), `util` passing, `cmd` without tests — for `go test` — and a `store`
//! package with fourteen `go vet` findings over three files (printf verbs, a self-assignment,
//! a lock passed by value, unreachable code, a bad struct tag…). The facts of these rows are
//! read off the raw output (devfacts.rs).

use std::path::Path;

use anyhow::Result;

use crate::devbench::write;

/// Writes the module for `state`: `test` (go test rows) or `vet` (the go vet row).
pub fn module(dir: &Path, state: &str) -> Result<()> {
    write(&dir.join("go.mod"), "module example.com/shop\n\ngo 1.19\n")?;
    if state == "vet" {
        for (name, text) in VET {
            write(&dir.join("store").join(name), text)?;
        }
        return Ok(());
    }
    write(
        &dir.join("calc/calc.go"),
        "package calc\n\nfunc Add(a, b int) int { return a + b }\n",
    )?;
    write(&dir.join("calc/calc_test.go"), CALC_TEST)?;
    write(&dir.join("util/util.go"), "package util\n\nfunc Clamp(x, lo, hi int) int {\n\tif x < lo {\n\t\treturn lo\n\t}\n\tif x > hi {\n\t\treturn hi\n\t}\n\treturn x\n}\n")?;
    write(&dir.join("util/util_test.go"), "package util\n\nimport \"testing\"\n\nfunc TestClamp(t *testing.T) {\n\tif Clamp(5, 0, 3) != 3 {\n\t\tt.Fatal(\"clamp high\")\n\t}\n}\n")?;
    write(&dir.join("cmd/main.go"), "package main\n\nfunc main() {}\n")
}

const CALC_TEST: &str = r#"package calc

import "testing"

func TestAdd(t *testing.T) {
	if got := Add(2, 2); got != 5 {
		t.Errorf("Add(2, 2) = %d, want 5", got)
	}
}

func TestAddNegative(t *testing.T) {
	if got := Add(-1, -1); got != -2 {
		t.Errorf("Add(-1, -1) = %d, want -2", got)
	}
}

func TestTable(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{{1, 1, 2}, {2, 3, 6}, {0, 0, 0}} {
		c := c
		t.Run("sum", func(t *testing.T) {
			if got := Add(c.a, c.b); got != c.want {
				t.Errorf("Add(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
			}
		})
	}
}
"#;

const VET: [(&str, &str); 3] = [
    (
        "store.go",
        r#"package store

import (
	"fmt"
	"sync"
)

type Counter struct {
	mu sync.Mutex
	n  int
}

type Item struct {
	Name  string `json:"name"`
	Price int    `json:price`
}

func Add(a, b int) int { return a + b }

func Report(c Counter, name string, n int) string {
	fmt.Printf("%d items for %s\n", name, n)
	fmt.Printf("%s has %d\n", n)
	n = n
	if Add == nil {
		return ""
	}
	return fmt.Sprintf("%s: %d", name)
}
"#,
    ),
    (
        "log.go",
        r#"package store

import "fmt"

func Log(msg string, n int) {
	fmt.Printf("%d\n", msg)
	fmt.Println("done\n")
	fmt.Printf("%d of %s\n", msg, n)
	fmt.Sprintf("unused %d", n)
}
"#,
    ),
    (
        "math.go",
        r#"package store

func Shift(x int8) int8 { return x << 9 }

func Same(n int) bool {
	if n == 1 || n == 1 {
		return true
	}
	return false
	return true
}
"#,
    ),
];
