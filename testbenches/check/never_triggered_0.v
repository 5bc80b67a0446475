// never_triggered.v with the constant 0, written as an `assign`.
module t(input clk, input d, output o);
  assign o = 1'b0;
endmodule
