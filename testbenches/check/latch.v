// A latch (issue 56): q follows d while en is high, and holds when it falls.
module latch(input en, input d, output reg q);
  always @* if (en) q = d;
endmodule
