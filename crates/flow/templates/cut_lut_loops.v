// A techmap for `blif.ys.j2` in steps and for `cut_loops.ys.j2` (issue
// 56): an iCE40 LUT whose output is one of its own inputs, as `synth_ice40`
// makes a latch (the iCE40 has none), reads that input from a register of
// the step before, which is what `clk2fflogic` makes of a latch: open, the
// LUT passes its data; shut, it gives the value it had. Any other LUT is
// left as it is (`_TECHMAP_FAIL_`). The register powers on at 0, as a latch
// without an initial value does in the rest of the flow.
(* techmap_celltype = "SB_LUT4" *)
module cut_lut_loop (output O, input I0, input I1, input I2, input I3);
  parameter [15:0] LUT_INIT = 0;
  parameter _TECHMAP_CONNMAP_O_ = 0;
  parameter _TECHMAP_CONNMAP_I0_ = 0;
  parameter _TECHMAP_CONNMAP_I1_ = 0;
  parameter _TECHMAP_CONNMAP_I2_ = 0;
  parameter _TECHMAP_CONNMAP_I3_ = 0;
  wire [1023:0] _TECHMAP_FAIL_ = _TECHMAP_CONNMAP_O_ != _TECHMAP_CONNMAP_I0_ && _TECHMAP_CONNMAP_O_ != _TECHMAP_CONNMAP_I1_
    && _TECHMAP_CONNMAP_O_ != _TECHMAP_CONNMAP_I2_ && _TECHMAP_CONNMAP_O_ != _TECHMAP_CONNMAP_I3_;
  (* init = 1'b0 *) wire before;
  \$ff #(.WIDTH(1)) step_before (.D(O), .Q(before));
  wire i0 = _TECHMAP_CONNMAP_I0_ == _TECHMAP_CONNMAP_O_ ? before : I0;
  wire i1 = _TECHMAP_CONNMAP_I1_ == _TECHMAP_CONNMAP_O_ ? before : I1;
  wire i2 = _TECHMAP_CONNMAP_I2_ == _TECHMAP_CONNMAP_O_ ? before : I2;
  wire i3 = _TECHMAP_CONNMAP_I3_ == _TECHMAP_CONNMAP_O_ ? before : I3;
  assign O = LUT_INIT[{i3, i2, i1, i0}];
endmodule
