// onehot_hits.sv with two offsets alike (C_OFFSET is B_OFFSET): two hits
// can be true together, where yosys-slang takes both items at once and a
// simulator the first.
package onehot_pkg;
  parameter logic [1:0] A_OFFSET = 2'h0;
  parameter logic [1:0] B_OFFSET = 2'h1;
  parameter logic [1:0] C_OFFSET = 2'h1;
endpackage

module t import onehot_pkg::*; (
  input logic [1:0] addr,
  input logic [3:0] a,
  input logic [3:0] b,
  input logic [3:0] c,
  output logic [3:0] y
);
  logic [2:0] addr_hit, read_hit;
  assign addr_hit[0] = (addr == A_OFFSET);
  assign addr_hit[1] = (addr == B_OFFSET);
  assign addr_hit[2] = (addr == C_OFFSET);
  assign read_hit = addr_hit;
  always_comb begin
    y = '0;
    unique case (1'b1)
      read_hit[0]: y = a;
      read_hit[1]: y = b;
      read_hit[2]: y = c;
      default: y = '0;
    endcase
  end
endmodule
