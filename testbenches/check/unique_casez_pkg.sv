// parallel_case.v in SystemVerilog yosys 0.23 cannot read (a package), its
// casez `unique` (issue 56): yosys-slang reads it as one multiplexer that
// takes both items at once at s = 3, where a simulator takes the first.
// The check called it different from the same casez without `unique`,
// which simulates alike; it now refuses it.
package unique_casez_pkg;
  typedef struct packed { logic [1:0] s; } in_t;
endpackage
module t(input logic clk, input logic [1:0] s, input logic a, output logic q);
  unique_casez_pkg::in_t i;
  assign i = '{s: s};
  always_ff @(posedge clk)
    unique casez (i.s)
      2'b1?: q <= a;
      2'b?1: q <= ~a;
      default: q <= 1'b0;
    endcase
endmodule
