// gate_latch.v with a flip-flop on the falling edge in place of the latch:
// it takes the enable when the clock falls, not while it is low, so an
// enable that changes while the clock is low shows the difference.
module gate(input clk, input en, input d, output reg q);
  reg en_f;
  always @(negedge clk) en_f <= en;
  wire gclk = clk & en_f;
  always @(posedge gclk) q <= d;
endmodule
