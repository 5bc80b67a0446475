// unique_case.v with a default (issue 56): the `unique` changes nothing
// yosys reads, and the check compares it as any other design.
module t(input clk, input [1:0] s, input a, output reg q);
  reg y;
  always @* begin
    unique case (s)
      2'd0: y = a;
      2'd1: y = ~a;
      default: y = 1'b0;
    endcase
  end
  always @(posedge clk) q <= y;
endmodule
