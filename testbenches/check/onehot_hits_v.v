// onehot_hits.sv in plain Verilog: a case on the address.
module t(input [1:0] addr, input [3:0] a, input [3:0] b, input [3:0] c, output reg [3:0] y);
  always @*
    case (addr)
      2'd0: y = a;
      2'd1: y = b;
      2'd2: y = c;
      default: y = 4'd0;
    endcase
endmodule
