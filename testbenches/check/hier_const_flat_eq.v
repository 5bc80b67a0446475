// hier_const.v as a flat netlist names its registers (`\one.q `, `\two.q `:
// escaped identifiers with a dot in them), the same machine.
module hier_const (input clock, input a, output y);
  reg \one.q ;
  reg \two.q ;
  always @(posedge clock) begin
    \one.q  <= 1'b1;
    \two.q  <= a ^ \two.q ;
  end
  assign y = \one.q  ^ \two.q  ^ a;
endmodule
