// The tally's sizes, shared by its modules (a SystemVerilog package).
package tally_pkg;
  localparam int WIDTH = 4;
  // The count at which a saturating tally stops.
  localparam int MAX = 12;
endpackage
