// svpkg.sv written by hand in Verilog-2005: the same machine (equal).
module svpkg(clk, rst_n, cmd, acc, zero);
  input clk;
  input rst_n;
  input [5:0] cmd;
  output [5:0] acc;
  output zero;
  reg [5:0] acc_q;
  wire [1:0] op = cmd[5:4];
  wire [5:0] value = {2'b00, cmd[3:0]};
  always @(posedge clk or negedge rst_n)
    if (!rst_n) acc_q <= 6'd0;
    else if (op == 2'd0) acc_q <= acc_q + value;
    else if (op == 2'd1) acc_q <= acc_q - value;
    else if (op == 2'd3) acc_q <= 6'd0;
  assign acc = acc_q;
  assign zero = acc_q == 6'd0;
endmodule
