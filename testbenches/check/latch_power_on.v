// A latch open from power-on whose inputs never change (issue 56): yosys
// (and the hardware) has q follow its value, 1, from the start; Icarus runs
// an `always @*` only when a signal it reads changes, and `en` never does,
// so there q keeps its initial 0. The file simulates otherwise than it is
// synthesised, and the check refuses a difference through q in those words.
module t(input clk, input d, output y);
  reg en = 1'b1;
  reg q = 1'b0;
  always @* if (en) q = 1'b1;
  reg r;
  always @(posedge clk) r <= d;
  assign y = q ? r : 1'b0;
endmodule
