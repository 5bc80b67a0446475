//! The README's example, run: a module's ports read by yosys, and the
//! same design simulated in Icarus with a parameter set from outside; a
//! missing tool's one line.

use nimforge_flow::flow::{iverilog, yosys, Tool, ToolError};
use nimforge_flow::Sources;
use std::path::PathBuf;

const COUNTER: &str = "module counter #(parameter STEP = 1) (input clk, input en, output reg [3:0] q);\n\
    initial q = 0;\n\
    always @(posedge clk) if (en) q <= q + STEP;\n\
endmodule\n";

const BENCH: &str = "module tb;\n\
    reg clk = 0, en = 1; wire [3:0] q;\n\
    counter dut(.clk(clk), .en(en), .q(q));\n\
    initial begin repeat (5) begin #1 clk = 1; #1 clk = 0; end $display(\"q=%0d\", q); $finish; end\n\
endmodule\n";

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("nimforge-flow-{name}-{}", std::process::id()));
    nimforge_flow::files::create_dir_all(&d).unwrap();
    d
}

#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn yosys_reads_the_ports() {
    let d = dir("ports");
    nimforge_flow::files::save(d.join("counter.v"), COUNTER).unwrap();
    let ports = yosys::ports(d.join("counter.v"), "counter", &d).unwrap();
    let seen: Vec<(&str, bool, usize)> = ports.iter().map(|p| (p.name.as_str(), p.input, p.width)).collect();
    assert_eq!(seen, [("clk", true, 1), ("en", true, 1), ("q", false, 4)]);
    std::fs::remove_dir_all(&d).ok();
}

#[test]
#[cfg_attr(not(all(have_iverilog, have_vvp)), ignore = "needs iverilog and vvp: bash .ci/deps installs them")]
fn icarus_runs_the_design() {
    let d = dir("icarus");
    nimforge_flow::files::save(d.join("counter.v"), COUNTER).unwrap();
    nimforge_flow::files::save(d.join("tb.v"), BENCH).unwrap();
    // STEP set from outside: the `defparam` of templates/parameters.v.j2.
    let design = Sources { parameters: vec![("STEP".into(), "2".into())], ..Sources::files(&[d.join("counter.v")]) };
    let out = iverilog::simulate_design(&design, &[&d.join("tb.v")], ("tb", "tb.dut"), &[], &[], &d).unwrap();
    assert!(out.contains("q=10"), "{out}");
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn a_missing_tool_says_what_to_install() {
    let e = Tool::new("nimforge-no-such-tool").run(&["-V"], &std::env::temp_dir(), "asking its version").unwrap_err();
    assert!(matches!(e, ToolError::Missing(_)));
    assert_eq!(e.to_string(), "nimforge-no-such-tool is not installed: install it, or put it on PATH");
}
