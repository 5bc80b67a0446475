// unique_case_pkg.sv with a default (issue 56): read by yosys-slang and
// decided, equal to unique_case_default0.v.
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
      default: y = 1'b0;
    endcase
  end
  always_ff @(posedge clk) q <= y;
endmodule
