// nimforge check's corpus (issue 59): undriven.v with p = 0: equal.
module t(clock, a, o, p);
  input clock;
  input [3:0] a;
  output reg [3:0] o;
  output [1:0] p; assign p = 2'd0;
  always @(posedge clock) o <= a;
endmodule
