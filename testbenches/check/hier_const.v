// nimforge check's corpus: a register in a submodule (its path in the file
// is `one.q`) whose input is a constant. It powers on at 0 and holds 1 from
// the first edge on.
module dff1 (input clock, input d, output reg q);
  always @(posedge clock) q <= d;
endmodule

module hier_const (input clock, input a, output y);
  wire q1, q2;
  dff1 one (.clock(clock), .d(1'b1), .q(q1));
  dff1 two (.clock(clock), .d(a ^ q2), .q(q2));
  assign y = q1 ^ q2 ^ a;
endmodule
