// nimforge check's corpus (issue 59): reg_array.v writing d + 1: different.
module t(clock, rst, a, d, o);
  input clock, rst;
  input [1:0] a;
  input [7:0] d;
  output [7:0] o;
  reg [7:0] r [0:3];
  integer i;
  always @(posedge clock or posedge rst)
    if (rst) begin for (i = 0; i < 4; i = i + 1) r[i] <= 8'd0; end
    else r[a] <= d + 8'd1;
  assign o = r[a];
endmodule
