// A register that remembers one rare input value (12'habc, 1 in 4,096),
// against `rare_never.v`, where it never does: the shortest difference is
// two cycles (the value, then the register's output), and a random run
// meets the value some 60 cycles in (issue 56: the check returns the
// shortest whichever of its engines found a difference first).
module rare(input clk, input [11:0] x, output reg seen);
  always @(posedge clk) seen <= (x == 12'habc);
endmodule
