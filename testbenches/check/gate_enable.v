// gate_latch.v's flip-flop with an enable in place of the gated clock: the
// same machine.
module gate(input clk, input en, input d, output reg q);
  always @(posedge clk) if (en) q <= d;
endmodule
