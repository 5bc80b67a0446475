// nimforge check's corpus (issue 59): a register never written (DEBUG = 0) is 0 for ever, so o = 4'hf.
module t(clock, a, o);
  parameter DEBUG = 0;
  input clock;
  input [3:0] a;
  output [3:0] o;
  reg [3:0] dbg;
  always @(posedge clock) if (DEBUG) dbg <= a;
  assign o = a | ~dbg;
endmodule
