// The tally rewritten and renamed: the headroom to MAX compared with the
// step, no wider sum; in one file with its own sizes. Read from
// rewrite/tally_v2.core.
module tally_v2 #(parameter int STEP = 1, parameter int MAX = 12) (
  input  wire clock,
  input  wire reset,
  input  wire bump,
  output reg  [3:0] count = 4'd0,
  output wire full
);
  wire [3:0] room = MAX[3:0] - count;
  always @(posedge clock)
    if (reset)
      count <= 4'd0;
    else if (bump)
      count <= (room < STEP[3:0]) ? MAX[3:0] : count + STEP[3:0];
  assign full = count == MAX[3:0];
endmodule
