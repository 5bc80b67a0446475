//! Verilog from the rust-hdl designs, as committed in `generated/`.
//!
//! rust-hdl names the top module `top` and each submodule `top$<path>`; the
//! machine's own name replaces `top`, so several machines can sit in one
//! simulation. A header says where the file comes from and carries the
//! Verilator lint waivers, each with its reason, for what rust-hdl's writer
//! produces by construction.

use rust_hdl::prelude::*;

/// The Verilog of `uut` as module `module`, or one line saying why the
/// design cannot be written (checked first).
pub fn emit<B: Block>(uut: &mut B, module: &str, origin: &str) -> Result<String, crate::Error> {
    uut.connect_all();
    check(uut, module)?;
    let raw = generate_verilog(uut);
    let mut body = String::with_capacity(raw.len());
    for line in raw.lines() {
        let line = line.trim_end();
        let line = line.replace("module top(", &format!("module {module}("));
        let line = line.replace("top$", &format!("{module}$"));
        let line = line.replace("endmodule // top", &format!("endmodule // {module}"));
        body.push_str(&line);
        body.push('\n');
    }
    // Collapse rust-hdl's runs of blank lines.
    while body.contains("\n\n\n") {
        body = body.replace("\n\n\n", "\n\n");
    }
    Ok(format!("{}{}", header(module, origin), body.trim_start()))
}

/// Verilog's and SystemVerilog's reserved words (IEEE 1800-2017, annex B):
/// a field so named makes a file yosys may take and Icarus and Verilator
/// refuse.
const KEYWORDS: &[&str] = &[
    "accept_on",
    "alias",
    "always",
    "always_comb",
    "always_ff",
    "always_latch",
    "and",
    "assert",
    "assign",
    "assume",
    "automatic",
    "before",
    "begin",
    "bind",
    "bins",
    "binsof",
    "bit",
    "break",
    "buf",
    "bufif0",
    "bufif1",
    "byte",
    "case",
    "casex",
    "casez",
    "cell",
    "chandle",
    "checker",
    "class",
    "clocking",
    "cmos",
    "config",
    "const",
    "constraint",
    "context",
    "continue",
    "cover",
    "covergroup",
    "coverpoint",
    "cross",
    "deassign",
    "default",
    "defparam",
    "design",
    "disable",
    "dist",
    "do",
    "edge",
    "else",
    "end",
    "endcase",
    "endchecker",
    "endclass",
    "endclocking",
    "endconfig",
    "endfunction",
    "endgenerate",
    "endgroup",
    "endinterface",
    "endmodule",
    "endpackage",
    "endprimitive",
    "endprogram",
    "endproperty",
    "endspecify",
    "endsequence",
    "endtable",
    "endtask",
    "enum",
    "event",
    "eventually",
    "expect",
    "export",
    "extends",
    "extern",
    "final",
    "first_match",
    "for",
    "force",
    "foreach",
    "forever",
    "fork",
    "forkjoin",
    "function",
    "generate",
    "genvar",
    "global",
    "highz0",
    "highz1",
    "if",
    "iff",
    "ifnone",
    "ignore_bins",
    "illegal_bins",
    "implements",
    "implies",
    "import",
    "incdir",
    "include",
    "initial",
    "inout",
    "input",
    "inside",
    "instance",
    "int",
    "integer",
    "interconnect",
    "interface",
    "intersect",
    "join",
    "join_any",
    "join_none",
    "large",
    "let",
    "liblist",
    "library",
    "local",
    "localparam",
    "logic",
    "longint",
    "macromodule",
    "matches",
    "medium",
    "modport",
    "module",
    "nand",
    "negedge",
    "nettype",
    "new",
    "nexttime",
    "nmos",
    "nor",
    "noshowcancelled",
    "not",
    "notif0",
    "notif1",
    "null",
    "or",
    "output",
    "package",
    "packed",
    "parameter",
    "pmos",
    "posedge",
    "primitive",
    "priority",
    "program",
    "property",
    "protected",
    "pull0",
    "pull1",
    "pulldown",
    "pullup",
    "pulsestyle_ondetect",
    "pulsestyle_onevent",
    "pure",
    "rand",
    "randc",
    "randcase",
    "randsequence",
    "rcmos",
    "real",
    "realtime",
    "ref",
    "reg",
    "reject_on",
    "release",
    "repeat",
    "restrict",
    "return",
    "rnmos",
    "rpmos",
    "rtran",
    "rtranif0",
    "rtranif1",
    "s_always",
    "s_eventually",
    "s_nexttime",
    "s_until",
    "s_until_with",
    "scalared",
    "sequence",
    "shortint",
    "shortreal",
    "showcancelled",
    "signed",
    "small",
    "soft",
    "solve",
    "specify",
    "specparam",
    "static",
    "string",
    "strong",
    "strong0",
    "strong1",
    "struct",
    "super",
    "supply0",
    "supply1",
    "sync_accept_on",
    "sync_reject_on",
    "table",
    "tagged",
    "task",
    "this",
    "throughout",
    "time",
    "timeprecision",
    "timeunit",
    "tran",
    "tranif0",
    "tranif1",
    "tri",
    "tri0",
    "tri1",
    "triand",
    "trior",
    "trireg",
    "type",
    "typedef",
    "union",
    "unique",
    "unique0",
    "unsigned",
    "until",
    "until_with",
    "untyped",
    "use",
    "uwire",
    "var",
    "vectored",
    "virtual",
    "void",
    "wait",
    "wait_order",
    "wand",
    "weak",
    "weak0",
    "weak1",
    "while",
    "wildcard",
    "wire",
    "with",
    "within",
    "wor",
    "xnor",
    "xor",
];

/// What the Verilog writer would get wrong, refused before it runs: a
/// field named after a Verilog keyword (it would name a wire), an output of
/// the top block that nothing drives. The error names the field and its
/// block.
pub fn check<B: Block>(uut: &B, module: &str) -> Result<(), crate::Error> {
    #[derive(Default)]
    struct Fields {
        path: Vec<String>,
        keyword: Option<String>,
        undriven: Vec<String>,
    }
    impl Probe for Fields {
        fn visit_start_scope(&mut self, name: &str, _node: &dyn Block) {
            self.path.push(name.to_string());
        }
        fn visit_start_namespace(&mut self, name: &str, _node: &dyn Block) {
            self.path.push(name.to_string());
            if KEYWORDS.contains(&name) && self.keyword.is_none() {
                self.keyword = Some(self.path[1..].join("."));
            }
        }
        fn visit_atom(&mut self, name: &str, signal: &dyn Atom) {
            let at = self.path[1..].iter().map(String::as_str).chain([name]).collect::<Vec<_>>().join(".");
            if KEYWORDS.contains(&name) && self.keyword.is_none() {
                self.keyword = Some(at.clone());
            }
            if self.path.len() == 1 && signal.kind() == AtomKind::OutputParameter && !signal.connected() {
                self.undriven.push(at);
            }
        }
        fn visit_end_namespace(&mut self, _name: &str, _node: &dyn Block) {
            self.path.pop();
        }
        fn visit_end_scope(&mut self, _name: &str, _node: &dyn Block) {
            self.path.pop();
        }
    }
    let mut fields = Fields::default();
    uut.accept(module, &mut fields);
    if let Some(at) = fields.keyword {
        let word = at.rsplit('.').next().unwrap_or_default().to_string();
        return Err(crate::Error::Design(format!(
            "{module}: the field `{at}` is named `{word}`, a Verilog keyword, and would name a wire Icarus and Verilator refuse: rename the field"
        )));
    }
    if !fields.undriven.is_empty() {
        return Err(crate::Error::Design(format!(
            "{module}: the output{} {} {} never driven: give {} a value in `update` on every path",
            if fields.undriven.len() > 1 { "s" } else { "" },
            fields.undriven.join(", "),
            if fields.undriven.len() > 1 { "are" } else { "is" },
            if fields.undriven.len() > 1 { "each" } else { "it" },
        )));
    }
    Ok(())
}

fn header(module: &str, origin: &str) -> String {
    format!(
        "// {module}: generated by nimforge-verify from {origin}.
// Do not edit; change the design and generate it again.
//
// Lint waivers (for `verilator --lint-only -Wall`), each for something rust-hdl's
// Verilog writer produces by construction:
// - WIDTH: it writes every integer literal as 32 bits (32'h1) and lets the
//   assignment size it; each such width change is of a constant.
// - UNUSED: a block's output that this machine does not read (a counter's
//   `empty`, say) stays in the block for its other users.
// - DECLFILENAME: one file holds the machine and all its submodules.
// - UNOPTFLAT: each block's logic is one always block, so a parent that both
//   feeds a child and reads the child's outputs looks circular at that
//   granularity; no signal really depends on itself (the netlist flow runs
//   yosys `check -assert`, which refuses a true combinational loop).
/* verilator lint_off UNOPTFLAT */
/* verilator lint_off WIDTH */
/* verilator lint_off UNUSED */
/* verilator lint_off DECLFILENAME */
`default_nettype none

"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(LogicBlock, Default)]
    struct Waits {
        pub clock: Signal<In, Clock>,
        pub wait: Signal<Out, Bit>,
    }

    impl Logic for Waits {
        #[hdl_gen]
        fn update(&mut self) {
            self.wait.next = true;
        }
    }

    #[derive(LogicBlock, Default)]
    struct Open {
        pub clock: Signal<In, Clock>,
        pub done: Signal<Out, Bit>,
        pub left: Signal<Out, Bit>,
    }

    impl Logic for Open {
        #[hdl_gen]
        fn update(&mut self) {
            self.done.next = true;
        }
    }

    /// A field named `wait` and an output never driven are refused in one
    /// line naming the field, not written (nor a panic of rust-hdl's).
    #[test]
    fn keywords_and_undriven_outputs_are_refused_in_one_line() {
        let e = emit(&mut Waits::default(), "waits", "test").unwrap_err().to_string();
        assert!(e.contains("`wait`") && e.contains("keyword") && !e.contains('\n'), "{e}");
        let e = emit(&mut Open::default(), "open", "test").unwrap_err().to_string();
        assert!(e.contains("output left is never driven") && !e.contains("done") && !e.contains('\n'), "{e}");
    }
}
