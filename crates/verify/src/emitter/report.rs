//! The tables the commands print (`verify`, `build`), from the template
//! `crates/verify/src/emitter/templates/table.txt.j2`: a header row and one row per result,
//! each column as wide as its widest cell; numbers right-aligned, the last
//! column (a note) left as it is.

use askama::Template;

#[derive(Template)]
#[template(path = "table.txt.j2", escape = "none")]
struct Table {
    lines: Vec<String>,
}

/// `right[i]`: column i is right-aligned.
pub fn table(header: &[&str], rows: &[Vec<String>], right: &[bool]) -> String {
    let n = header.len();
    let mut width: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate().take(n - 1) {
            width[i] = width[i].max(cell.len());
        }
    }
    let line = |cells: Vec<&str>| {
        let mut out = Vec::new();
        for (i, c) in cells.iter().enumerate() {
            out.push(if i == n - 1 {
                c.to_string()
            } else if right[i] {
                format!("{c:>w$}", w = width[i])
            } else {
                format!("{c:<w$}", w = width[i])
            });
        }
        out.join("  ").trim_end().to_string()
    };
    let mut lines = vec![line(header.to_vec())];
    lines.extend(rows.iter().map(|r| line(r.iter().map(String::as_str).collect())));
    Table { lines }.render().expect("the table template renders").trim_end().to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn columns_line_up() {
        let t = super::table(
            &["level", "vectors", "note"],
            &[vec!["rtl".into(), "12".into(), "".into()], vec!["netlist".into(), "3".into(), "x y".into()]],
            &[false, true, false],
        );
        assert_eq!(t, "level    vectors  note\nrtl           12\nnetlist        3  x y");
    }
}
