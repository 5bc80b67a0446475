// nimforge check's corpus (issue 59): a register r never written read through a compare: o is 0, then 1.
module t(clock, o);
  input clock;
  output reg o;
  reg [3:0] r;
  always @(posedge clock) o <= (r == 4'd0);
endmodule
