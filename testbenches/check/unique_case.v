// A `unique case` with no default (issue 56): yosys reads a value no item
// matches (s = 2, 3) as any value of y, a simulator keeps y. The check
// called it equal to unique_case_default0.v (y = 0 there), which Icarus
// shows different (s = 1 with a = 0, then s = 2: y stays 1 here).
module t(input clk, input [1:0] s, input a, output reg q);
  reg y;
  always @* begin
    unique case (s)
      2'd0: y = a;
      2'd1: y = ~a;
    endcase
  end
  always @(posedge clk) q <= y;
endmodule
