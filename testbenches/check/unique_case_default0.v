// unique_case.v with the value yosys gives where no item matches written
// out as a default (issue 56).
module t(input clk, input [1:0] s, input a, output reg q);
  reg y;
  always @* begin
    case (s)
      2'd0: y = a;
      2'd1: y = ~a;
      default: y = 1'b0;
    endcase
  end
  always @(posedge clk) q <= y;
endmodule
