// A register file written on the falling edge of its clock (issue 56).
module regfile(input clk, input we, input [1:0] wa, input [1:0] wd, input [1:0] ra, output [1:0] rd);
  reg [1:0] r [0:3];
  always @(negedge clk) if (we) r[wa] <= wd;
  assign rd = r[ra];
endmodule
