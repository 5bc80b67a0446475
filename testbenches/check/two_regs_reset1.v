// nimforge check's corpus (issue 59): two_regs.v with reset value 1: different at cycle 0 with reset held.
module t(clock, rst, o);
  input clock, rst;
  output [1:0] o;
  reg m;
  reg [1:0] r;
  always @(posedge clock) m <= ~m;
  always @(posedge clock or posedge rst)
    if (rst) r <= 2'd1;
    else r <= ~m;
  assign o = r;
endmodule
