// A latch open while en is low, shown while en is high: different from
// latch.v, and its latch holds 0 until it first opens (the power-on rule).
module latch(input en, input d, output q);
  reg p;
  always @* if (!en) p = d;
  assign q = en ? p : 1'b0;
endmodule
