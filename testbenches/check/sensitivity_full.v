// sensitivity_missing.v with the whole sensitivity list.
module t (input clk, input a, input b, output reg y, output reg r);
  always @* y = a & b;
  always @(posedge clk) r <= a;
endmodule
