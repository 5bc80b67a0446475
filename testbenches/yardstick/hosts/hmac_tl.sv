// logikbench's hmac behind the TileLink host (tl_host.sv): its first 64
// words (its registers, 0x00 to 0xe8) and, where `a_fifo` is 1, its
// message FIFO's window (0x1000); its alert's receiver idle.
module hmac_tl (
  input               clk_i,
  input        [7:0]  rst_n_any,
  input               a_valid,
  input               a_write,
  input               a_fifo,
  input        [5:0]  a_word,
  input        [31:0] a_data,
  input               d_ready,
  output tlul_pkg::tl_d2h_t tl_o,
  output prim_alert_pkg::alert_tx_t [hmac_reg_pkg::NumAlerts-1:0] alert_tx_o,
  output logic        intr_hmac_done_o,
  output logic        intr_fifo_empty_o,
  output logic        intr_hmac_err_o,
  output prim_mubi_pkg::mubi4_t idle_o
);
  logic rst_n;
  tlul_pkg::tl_h2d_t tl_i;
  tl_host u_host (
    .rst_n_any, .a_valid, .a_write, .a_address (a_fifo ? 32'h1000 : {24'd0, a_word, 2'b00}), .a_data, .d_ready, .rst_n, .tl (tl_i)
  );
  hmac u_hmac (
    .clk_i, .rst_ni (rst_n), .tl_i, .tl_o,
    .alert_rx_i ({hmac_reg_pkg::NumAlerts{prim_alert_pkg::ALERT_RX_DEFAULT}}), .alert_tx_o,
    .intr_hmac_done_o, .intr_fifo_empty_o, .intr_hmac_err_o, .idle_o
  );
endmodule
