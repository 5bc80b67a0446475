// nimforge check's corpus (issue 59): an output nothing drives reads 0.
module t(clock, a, o, p);
  input clock;
  input [3:0] a;
  output reg [3:0] o;
  output [1:0] p;
  always @(posedge clock) o <= a;
endmodule
