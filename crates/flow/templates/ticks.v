// Made by nimforge from crates/flow/templates/ticks.v: time in ticks
// (`flow::yosys::Time::Ticks`), for a pair whose every register is on the
// rising edge of one input clock read nowhere else, some with an
// asynchronous reset, and no latch. The same steps as `clk2fflogic`'s, with
// one flip-flop a register where `clk2fflogic` makes three (the register,
// its input and its clock of the step before).
//
// Each register becomes a flip-flop on the one global step, and the clock
// input CLK says whether it ticks: where it is 1 at a step, the register
// takes at the next step the value its input D has at this one, as in
// steps it takes, at a step where its clock rises, the value its input had
// at the step before. An asynchronous reset acts at the step it is on, and
// a register that was reset at a step holds its reset value at the next,
// tick or none (`clk2fflogic`'s reset, sampled, wins over the edge).
//
// The flip-flop holds the register's value XOR its power-on value, so that
// it powers on at 0 whatever the register's (`setundef -zero -init` gives
// every register one first); the register's own initial value is removed.
// Run after `dffunmap` (enables and synchronous resets as logic): every
// register is then a `$dff` or an `$adff`.

(* techmap_celltype = "$dff" *)
module _nimforge_tick_dff (CLK, D, Q);
  parameter WIDTH = 1;
  parameter CLK_POLARITY = 1'b1;
  parameter _TECHMAP_WIREINIT_Q_ = 1'b0;
  input CLK;
  input [WIDTH-1:0] D;
  output [WIDTH-1:0] Q;
  wire [WIDTH-1:0] stored;
  assign Q = stored ^ _TECHMAP_WIREINIT_Q_;
  \$ff #(.WIDTH(WIDTH)) _TECHMAP_REPLACE_ (.D((CLK ? D : Q) ^ _TECHMAP_WIREINIT_Q_), .Q(stored));
  wire [WIDTH-1:0] _TECHMAP_REMOVEINIT_Q_ = {WIDTH{1'b1}};
endmodule

(* techmap_celltype = "$adff" *)
module _nimforge_tick_adff (CLK, ARST, D, Q);
  parameter WIDTH = 1;
  parameter CLK_POLARITY = 1'b1;
  parameter ARST_POLARITY = 1'b1;
  parameter ARST_VALUE = 0;
  parameter _TECHMAP_WIREINIT_Q_ = 1'b0;
  input CLK, ARST;
  input [WIDTH-1:0] D;
  output [WIDTH-1:0] Q;
  wire reset = ARST_POLARITY ? ARST : !ARST;
  wire [WIDTH-1:0] stored;
  assign Q = reset ? ARST_VALUE : stored ^ _TECHMAP_WIREINIT_Q_;
  \$ff #(.WIDTH(WIDTH)) _TECHMAP_REPLACE_ (.D(((CLK && !reset) ? D : Q) ^ _TECHMAP_WIREINIT_Q_), .Q(stored));
  wire [WIDTH-1:0] _TECHMAP_REMOVEINIT_Q_ = {WIDTH{1'b1}};
endmodule
