// gen_scope.v with each input inverted: different after a cycle.
module gen_cell(input clock, input d, output reg q);
  always @(posedge clock) q <= d;
endmodule
module gen_scope(input clock, input [1:0] d, output [1:0] q);
  genvar i;
  for (i = 0; i < 2; i = i + 1) begin
    gen_cell u(.clock(clock), .d(~d[i]), .q(q[i]));
  end
endmodule
