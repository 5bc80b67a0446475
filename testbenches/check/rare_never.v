// `rare.v` with the register never set (see there).
module rare(input clk, input [11:0] x, output reg seen);
  always @(posedge clk) seen <= 1'b0;
endmodule
