// nimforge check's corpus (issue 59): two registers, one merged by yosys's opt in the walk's miter (a dead buffer from nothing in its BLIF).
module t(clock, rst, o);
  input clock, rst;
  output [1:0] o;
  reg m;
  reg [1:0] r;
  always @(posedge clock) m <= ~m;
  always @(posedge clock or posedge rst)
    if (rst) r <= 2'd0;
    else r <= ~m;
  assign o = r;
endmodule
