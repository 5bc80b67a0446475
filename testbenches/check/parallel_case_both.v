// parallel_case.v as yosys reads it, each value of s written out (issue 56).
module t(input clk, input [1:0] s, input a, output reg q);
  always @(posedge clk)
    case (s)
      2'b11: q <= 1'b1;
      2'b10: q <= a;
      2'b01: q <= ~a;
      default: q <= 1'b0;
    endcase
endmodule
