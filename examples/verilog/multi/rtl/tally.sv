// A tally: each `bump` adds STEP to the count; `reset` clears it. With
// TALLY_SATURATE defined it stops at tally_pkg::MAX (and `full` says so),
// else it wraps at 2^WIDTH. Sizes from the package, the step's arithmetic
// from an included header, STEP a parameter: the design is read from
// design.f or design.core, which give the include directory, the define
// and the parameter.
`include "tally_defs.vh"

module tally #(parameter int STEP = 1) (
  input  logic clock,
  input  logic reset,
  input  logic bump,
  output logic [tally_pkg::WIDTH-1:0] count,
  output logic full
);
  logic [tally_pkg::WIDTH:0] next;
  assign next = `TALLY_ADD({1'b0, count}, STEP);
  initial count = 0;
  always_ff @(posedge clock) begin
    if (reset)
      count <= 0;
    else if (bump)
`ifdef TALLY_SATURATE
      count <= (next > tally_pkg::MAX) ? tally_pkg::MAX[tally_pkg::WIDTH-1:0] : next[tally_pkg::WIDTH-1:0];
`else
      count <= next[tally_pkg::WIDTH-1:0];
`endif
  end
  assign full = count == tally_pkg::MAX[tally_pkg::WIDTH-1:0];
endmodule
