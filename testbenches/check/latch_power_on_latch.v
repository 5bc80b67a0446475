// latch_power_on.v with the latch written `always_latch`, which Icarus also
// runs at power-on: simulated as it is synthesised (the way out the check
// names).
module t(input clk, input d, output y);
  reg en = 1'b1;
  reg q = 1'b0;
  always_latch if (en) q = 1'b1;
  reg r;
  always @(posedge clk) r <= d;
  assign y = q ? r : 1'b0;
endmodule
