// A `casez` marked parallel_case whose items overlap at s = 3 (issue 56):
// yosys takes both items at once, a simulator the first (q <= a). The
// check called it equal to parallel_case_both.v (q <= 1 at s = 3), which
// Icarus shows different (s = 3 with a = 0); it now reads the case as a
// simulator runs it.
module t(input clk, input [1:0] s, input a, output reg q);
  always @(posedge clk)
    (* parallel_case *)
    casez (s)
      2'b1?: q <= a;
      2'b?1: q <= ~a;
      default: q <= 1'b0;
    endcase
endmodule
