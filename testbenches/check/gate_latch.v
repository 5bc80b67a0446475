// A latch-based clock gate (issue 56): the enable is held by a latch open
// while the clock is low, so the gated clock has no glitch.
module gate(input clk, input en, input d, output reg q);
  reg en_l;
  always @* if (!clk) en_l = en;
  wire gclk = clk & en_l;
  always @(posedge gclk) q <= d;
endmodule
