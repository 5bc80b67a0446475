// A latch open from power-on whose value is a constant: Icarus runs its
// `always @*` only at an event, so the replay gives its enable the step-0
// value by an assignment after power-on (found by the fuzzer's latch class,
// issue 56; the difference did not replay, exit 4).
module latch_on(input le, output [3:0] o);
  reg [3:0] q;
  always @* if (le) q = 4'd7;
  assign o = q;
endmodule
