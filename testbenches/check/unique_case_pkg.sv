// unique_case.v through a package, which yosys 0.23 cannot read: read by
// yosys-slang, whose `unique case` with no default takes x where no item
// matches (issue 56). Refused as unique_case.v is.
package unique_case_pkg;
  typedef struct packed { logic [1:0] s; logic a; } in_t;
endpackage
module t(input logic clk, input logic [1:0] s, input logic a, output logic q);
  unique_case_pkg::in_t i;
  assign i = '{s: s, a: a};
  logic y;
  always_comb begin
    unique case (i.s)
      2'd0: y = i.a;
      2'd1: y = ~i.a;
    endcase
  end
  always_ff @(posedge clk) q <= y;
endmodule
