// A combinational block whose sensitivity list misses `b`: Icarus updates
// y only when a changes, yosys reads it as `a & b` at all times.
module t (input clk, input a, input b, output reg y, output reg r);
  always @(a) y = a & b;
  always @(posedge clk) r <= a;
endmodule
