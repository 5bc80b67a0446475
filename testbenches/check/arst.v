// A register with an asynchronous reset (issue 56).
module arst(input clock, input rst, input d, output reg q);
  always @(posedge clock or posedge rst)
    if (rst) q <= 1'b0;
    else q <= d;
endmodule
