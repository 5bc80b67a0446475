// The tally as Verilator reads it: verilator -f examples/verilog/multi/design.f
// (paths from the current directory, as -f takes them: the tree's top).
+incdir+examples/verilog/multi/include
+define+TALLY_SATURATE
-GSTEP=3
--top-module tally
examples/verilog/multi/rtl/tally_pkg.sv   // the package first
examples/verilog/multi/rtl/tally.sv
