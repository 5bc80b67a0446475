// A TileLink-UL host for logikbench's OpenTitan blocks (the public
// yardstick, issue 56): each cycle's request is made of the host's inputs,
// a Get or a PutFullData of a whole word, with the integrity bits the block
// checks (`tlul_pkg::get_cmd_intg`, `get_data_intg`), so that random
// inputs write and read the block's registers where raw random requests
// are refused by its integrity check. The block's reset is on while all of
// `rst_n_any` is 0 (one step in 256 under random inputs), so that a random
// run goes deep between resets. `tlul_pkg` is the block's own (each
// block's file carries its copy).
module tl_host (
  input  logic [7:0]        rst_n_any,
  input  logic              a_valid,
  input  logic              a_write,
  input  logic [31:0]       a_address,
  input  logic [31:0]       a_data,
  input  logic              d_ready,
  output logic              rst_n,
  output tlul_pkg::tl_h2d_t tl
);
  assign rst_n = |rst_n_any;
  always_comb begin
    tl = tlul_pkg::TL_H2D_DEFAULT;
    tl.a_valid = a_valid;
    tl.a_opcode = a_write ? tlul_pkg::PutFullData : tlul_pkg::Get;
    tl.a_size = 2'd2;
    tl.a_address = a_address;
    tl.a_mask = 4'hf;
    tl.a_data = a_data;
    tl.d_ready = d_ready;
    tl.a_user.cmd_intg = tlul_pkg::get_cmd_intg(tl);
    tl.a_user.data_intg = tlul_pkg::get_data_intg(tl.a_data);
  end
endmodule
