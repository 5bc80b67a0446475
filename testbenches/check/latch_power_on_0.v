// latch_power_on.v's register with its output held at 0: different from it
// as yosys reads it (q is 1, y follows r), the same as Icarus runs it.
module t(input clk, input d, output y);
  reg r;
  always @(posedge clk) r <= d;
  assign y = 1'b0;
endmodule
