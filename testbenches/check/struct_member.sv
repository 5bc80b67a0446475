// A packed struct's members assigned in nested `if`s (issue 56;
// logikbench's hmac.sv:7347, `word_buffer_d.data[63:32] = ...`):
// yosys-slang writes each `if` as a multiplexer that is x where its
// condition is false, and the member as a part of the struct's wire,
// which the multiplexer of the same condition takes whole. Every bit of
// that x is taken only where its condition holds, so it is never seen.
package struct_member_pkg;
  typedef struct packed {
    logic [3:0] hi;
    logic [3:0] lo;
  } word_t;
endpackage

module t import struct_member_pkg::*; (
  input  logic       en,
  input  logic       valid,
  input  logic [1:0] part_q,
  input  logic [3:0] d,
  input  word_t      held,
  output word_t      out
);
  word_t w;
  always_comb begin
    w = held;
    if (en && valid) begin
      if (part_q == 2'b00) begin
        w.hi = d;
      end else if (part_q == 2'b01) begin
        w.lo = d;
      end
    end else if (en) begin
      w.lo = 4'h0;
    end
  end
  assign out = w;
endmodule
