// An `always @*` that reads no signal: yosys takes it for a constant driver,
// Icarus never runs it (IEEE 1364: `@*` waits for a change of what the block
// reads), so the two read the module differently (issue 56).
module t(input clk, input d, output o);
  reg q;
  always @* q = 1'b1;
  assign o = q;
endmodule
