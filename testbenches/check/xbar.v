// nimforge check's corpus (issue 59): a crossbar; a function called in a clocked block (its variables are registers to yosys only).
module xbar(clock, load, sel, d0, d1, d2, d3, q0, q1, q2, q3);
  input clock, load;
  input [7:0] sel;
  input [15:0] d0, d1, d2, d3;
  output reg [15:0] q0, q1, q2, q3;
  reg [7:0] s;
  function [15:0] pick(input [1:0] k, input [15:0] a, input [15:0] b, input [15:0] c, input [15:0] e);
    pick = k == 2'd0 ? a : k == 2'd1 ? b : k == 2'd2 ? c : e;
  endfunction
  always @(posedge clock) begin
    if (load) s <= sel;
    q0 <= pick(s[1:0], d0, d1, d2, d3);
    q1 <= pick(s[3:2], d0, d1, d2, d3);
    q2 <= pick(s[5:4], d0, d1, d2, d3);
    q3 <= pick(s[7:6], d0, d1, d2, d3);
  end
endmodule
