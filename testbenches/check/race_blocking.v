// Two clocked blocks on one edge, each writing a register with a blocking
// `=` that the other reads: a race (IEEE 1800 4.7, the order of the two
// blocks is left open). Icarus runs them one after the other; yosys
// synthesises each as a flip-flop, as if written with `<=`.
module t (input clk, input d, output [1:0] q);
  reg a, b;
  always @(posedge clk) a = d ^ b;
  always @(posedge clk) b = ~d ^ a;
  assign q = {a, b};
endmodule
