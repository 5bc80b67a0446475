// struct_member.sv in plain Verilog: the struct a vector, its members
// slices (hi the upper four bits).
module t(input en, input valid, input [1:0] part_q, input [3:0] d, input [7:0] held, output reg [7:0] out);
  always @* begin
    out = held;
    if (en && valid) begin
      if (part_q == 2'b00) out[7:4] = d;
      else if (part_q == 2'b01) out[3:0] = d;
    end else if (en) out[3:0] = 4'h0;
  end
endmodule
