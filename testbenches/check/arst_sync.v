// arst.v's reset made synchronous, its output forced to 0 while the reset
// is on: what yosys's async2sync makes of arst.v, so equal in cycles of the
// clock. A reset that comes and goes between two edges clears arst.v's
// register and not this one's.
module arst(input clock, input rst, input d, output q);
  reg r;
  always @(posedge clock)
    if (rst) r <= 1'b0;
    else r <= d;
  assign q = rst ? 1'b0 : r;
endmodule
