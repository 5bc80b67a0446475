// Registers without an initial value in instances of a generate loop
// (logikbench's umicross, issue 55): yosys names them
// `genblk1[0].u.q`, which the check's testbench must write as the
// generate scope it is to set them to 0 at power-on.
module gen_cell(input clock, input d, output reg q);
  always @(posedge clock) q <= d;
endmodule
module gen_scope(input clock, input [1:0] d, output [1:0] q);
  genvar i;
  for (i = 0; i < 2; i = i + 1) begin
    gen_cell u(.clock(clock), .d(d[i]), .q(q[i]));
  end
endmodule
