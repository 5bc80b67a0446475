// A register top's read multiplexer as OpenTitan writes it (issue 56;
// logikbench's uart.sv:14451 and spi.sv:24143): each address hit compares
// the one address with a distinct offset, the hits are copied into a
// second vector, and a `unique case (1'b1)` takes the data of the hit.
// The hits are one-hot, so yosys-slang's reading of the case (every
// matching item at once) is the simulator's (the first matching item).
package onehot_pkg;
  parameter logic [1:0] A_OFFSET = 2'h0;
  parameter logic [1:0] B_OFFSET = 2'h1;
  parameter logic [1:0] C_OFFSET = 2'h2;
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
