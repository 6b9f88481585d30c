//! Cycles in an import graph, and ARCHITECTURE.md's layers and graph as the checks read them.

use std::collections::{BTreeMap, BTreeSet};

use super::scan::Graph;

/// Every cycle's modules (the strongly connected components with more than one module).
pub fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    // Tarjan's algorithm.
    struct State<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.found.push(comp);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found
}

/// The edges inside one cycle, to print it.
pub fn cycle_edges(graph: &Graph, comp: &[String]) -> Vec<String> {
    comp.iter()
        .flat_map(|a| {
            graph[a]
                .iter()
                .filter(|b| comp.contains(b))
                .map(move |b| format!("{a} -> {b}"))
        })
        .collect()
}

/// The graph as ARCHITECTURE.md writes it: `a -> b c d`, one module a line.
pub fn render(graph: &Graph) -> String {
    graph
        .iter()
        .map(|(a, bs)| {
            let bs: Vec<&str> = bs.iter().map(String::as_str).collect();
            format!("{a} -> {}", bs.join(" ")).trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The layers of ARCHITECTURE.md, top first: the rows of the table after `## Layers`, whose
/// second column lists the layer's modules in backticks.
pub fn layers(doc: &str) -> Vec<Vec<String>> {
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Layers"))
        .expect("ARCHITECTURE.md has a `## Layers` section");
    section
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|-") && !l.starts_with("| layer"))
        .map(|row| {
            let cell = row.split('|').nth(2).unwrap_or("");
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// Edges that do not point to a lower layer, and modules in no layer (or in two).
pub fn layer_violations(graph: &Graph, layers: &[Vec<String>]) -> Vec<String> {
    let mut level = BTreeMap::new();
    let mut problems = Vec::new();
    for (n, layer) in layers.iter().enumerate() {
        for m in layer {
            if level.insert(m.as_str(), n).is_some() {
                problems.push(format!("`{m}` is in two layers"));
            }
        }
    }
    for (a, bs) in graph {
        let Some(&la) = level.get(a.as_str()) else {
            problems.push(format!("`{a}` is in no layer"));
            continue;
        };
        for b in bs {
            match level.get(b.as_str()) {
                Some(&lb) if lb > la => {}
                Some(_) => {
                    problems.push(format!("{a} -> {b}: `{b}` is not in a layer below `{a}`'s"))
                }
                None => {}
            }
        }
    }
    problems
}

/// The fenced block after `## Module graph` in ARCHITECTURE.md.
pub fn documented_graph(doc: &str) -> String {
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Module graph"))
        .expect("ARCHITECTURE.md has a `## Module graph` section");
    let block = section.split("```").nth(1).expect("a fenced block");
    block
        .lines()
        .skip(1) // the fence's info string
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

/// Every module `from` reaches through the graph's edges (itself excluded), sorted.
pub fn reachable(graph: &Graph, from: &str) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    let mut todo = vec![from.to_string()];
    while let Some(m) = todo.pop() {
        for next in graph.get(&m).into_iter().flatten() {
            if next != from && seen.insert(next.clone()) {
                todo.push(next.clone());
            }
        }
    }
    seen.into_iter().collect()
}
