// A counter of the cycles `en` is high, shown on `n`, against `deep_skip.v`,
// whose counter skips 41: the shortest difference is 41 cycles of `en`
// and the cycle that shows 41, where a random run gets there in some 80.
// The walk meets it breadth first long before the bounded proof, which
// goes cycle by cycle, would; either gives the one counterexample, the
// same whichever engine found a difference first (issue 56).
module deep(input clk, input en, output reg [5:0] n);
  always @(posedge clk) if (en) n <= n + 6'd1;
endmodule
