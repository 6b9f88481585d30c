//! Containers, cloud and network CLIs: docker (and its run/exec), docker compose, kubectl, gh,
//! glab, curl, wget, pip, jq, aws, helm, gcloud and terraform; the system tables of ps and df,
//! stat's blocks, du's listings; database clients' result tables.
//! Shared here: column tables re-joined without padding and repeated log lines collapsed (the
//! JSON minifier they use is `crate::json`, shared with the hook path).

pub mod aws;
pub mod cloud;
pub mod container_run;
pub mod docker;
pub mod dockerbuild;
pub mod du;
pub mod gh;
pub mod gh_api;
pub mod jq;
pub mod net;
pub mod pip;
pub mod procs;
pub mod sql;
pub mod stat;
pub mod terraform;

/// A whitespace-aligned table (`docker ps`, `kubectl get`): columns start where the header has
/// a word after two or more spaces (offsets in characters: Go's tabwriter pads by rune). Rows
/// are cut at those offsets (so empty cells stay empty) and re-joined with a tab; `drop` names
/// header columns left out. `None` when a row does not fit the header's columns (a cell runs
/// into the next column), so the caller prints the output raw.
pub fn retable(text: &str, drop: &[&str]) -> Option<(String, usize)> {
    let mut lines = text.lines();
    let header = lines.next()?;
    let starts = column_starts(header);
    if starts.len() < 2 {
        return None;
    }
    let names = cut(&header.chars().collect::<Vec<_>>(), &starts)?;
    let keep: Vec<bool> = names.iter().map(|n| !drop.contains(&n.as_str())).collect();
    let dropped = keep.iter().filter(|k| !**k).count();
    let mut out = String::new();
    for line in std::iter::once(header).chain(lines) {
        if line.trim().is_empty() {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let cells = cut(&chars, &starts)?;
        let row: Vec<&str> = cells
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(c, _)| c.as_str())
            .collect();
        out.push_str(row.join("\t").trim_end());
        out.push('\n');
    }
    Some((out, dropped))
}

fn column_starts(header: &str) -> Vec<usize> {
    let c: Vec<char> = header.chars().collect();
    let mut starts = vec![0];
    let mut i = 0;
    while i < c.len() {
        if c[i] == ' ' {
            let run = c[i..].iter().take_while(|&&x| x == ' ').count();
            if run >= 2 && i + run < c.len() {
                starts.push(i + run);
            }
            i += run;
        } else {
            i += 1;
        }
    }
    starts
}

/// Cells of a row cut at `starts` (character offsets), trimmed; `None` when a cell runs into
/// the next column (no space before a column start).
fn cut(line: &[char], starts: &[usize]) -> Option<Vec<String>> {
    let mut cells = Vec::with_capacity(starts.len());
    for (k, &s) in starts.iter().enumerate() {
        if s > 0 && s < line.len() && line[s - 1] != ' ' && line[s] != ' ' {
            return None;
        }
        let s = s.min(line.len());
        let e = if k + 1 == starts.len() {
            line.len()
        } else {
            starts[k + 1].min(line.len())
        };
        let cell: String = line[s..e].iter().collect();
        cells.push(cell.trim().to_string());
    }
    Some(cells)
}

/// Collapses runs of identical consecutive lines to one line + ` [×N]`. Returns the text and
/// how many lines were folded.
pub fn fold_repeats(text: &str) -> (String, usize) {
    let mut out = String::new();
    let mut folded = 0;
    let mut prev: Option<&str> = None;
    let mut run = 0;
    let flush = |out: &mut String, prev: Option<&str>, run: usize| {
        if let Some(p) = prev {
            out.push_str(p);
            if run > 1 {
                out.push_str(&format!(" [×{run}]"));
            }
            out.push('\n');
        }
    };
    for line in text.lines() {
        if Some(line) == prev {
            run += 1;
            folded += 1;
        } else {
            flush(&mut out, prev, run);
            prev = Some(line);
            run = 1;
        }
    }
    flush(&mut out, prev, run);
    (out, folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_keeps_empty_cells_and_drops_named_columns() {
        let raw = "CONTAINER ID   IMAGE     COMMAND       STATUS        PORTS     NAMES\nabc123         nginx     \"nginx -g…\"   Up 2 hours    80/tcp    web\ndef456         redis     \"redis\"       Exited (0)              cache\n";
        let (t, dropped) = retable(raw, &["COMMAND"]).unwrap();
        assert_eq!(dropped, 1);
        assert_eq!(
            t,
            "CONTAINER ID\tIMAGE\tSTATUS\tPORTS\tNAMES\nabc123\tnginx\tUp 2 hours\t80/tcp\tweb\ndef456\tredis\tExited (0)\t\tcache\n"
        );
    }

    #[test]
    fn repeats_fold() {
        assert_eq!(
            fold_repeats("a\na\na\nb\na\n"),
            ("a [×3]\nb\na\n".into(), 2)
        );
    }
}
