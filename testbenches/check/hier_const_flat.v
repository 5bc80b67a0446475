// hier_const.v as a flat netlist names its registers (`\two.q `, one
// escaped identifier with a dot in it), with the register of constant input
// taken for the constant 1, as a synthesis that leaves registers without an
// initial value free at power-on does: at power-on (registers at 0) y is
// inverted, so the two differ in cycle 0.
module hier_const (input clock, input a, output y);
  reg \two.q ;
  always @(posedge clock) \two.q  <= a ^ \two.q ;
  assign y = ~(\two.q  ^ a);
endmodule
