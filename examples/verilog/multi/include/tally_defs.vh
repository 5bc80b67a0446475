// The tally's step, as a macro (included by rtl/tally.sv).
`define TALLY_ADD(count, step) ((count) + (step))
