// race_blocking.v written with `<=`: no race, the flip-flops yosys reads.
module t (input clk, input d, output [1:0] q);
  reg a, b;
  always @(posedge clk) a <= d ^ b;
  always @(posedge clk) b <= ~d ^ a;
  assign q = {a, b};
endmodule
