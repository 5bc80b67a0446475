// nimforge check's corpus (issue 59): never_written.v with o = 4'hf: equal.
module t(clock, a, o);
  parameter DEBUG = 0;
  input clock;
  input [3:0] a;
  output [3:0] o;
  reg [3:0] dbg;
  always @(posedge clock) if (DEBUG) dbg <= a;
  assign o = 4'hf;
endmodule
