// nimforge check's corpus (issue 59): never_read_cmp.v with o <= 0: different at cycle 1.
module t(clock, o);
  input clock;
  output reg o;
  reg [3:0] r;
  always @(posedge clock) o <= 1'b0;
endmodule
