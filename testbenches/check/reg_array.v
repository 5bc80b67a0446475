// nimforge check's corpus (issue 59): an array yosys keeps as registers (r[0] .. r[3]): the testbench names its elements.
module t(clock, rst, a, d, o);
  input clock, rst;
  input [1:0] a;
  input [7:0] d;
  output [7:0] o;
  reg [7:0] r [0:3];
  integer i;
  always @(posedge clock or posedge rst)
    if (rst) begin for (i = 0; i < 4; i = i + 1) r[i] <= 8'd0; end
    else r[a] <= d;
  assign o = r[a];
endmodule
