// logikbench's uart behind the TileLink host (tl_host.sv): its first 16
// words (its 13 registers, 0x00 to 0x30), its alert's receiver idle, no
// RACL policy.
module uart_tl (
  input               clk_i,
  input        [7:0]  rst_n_any,
  input               a_valid,
  input               a_write,
  input        [3:0]  a_word,
  input        [31:0] a_data,
  input               d_ready,
  input               cio_rx_i,
  output tlul_pkg::tl_d2h_t tl_o,
  output prim_alert_pkg::alert_tx_t [uart_reg_pkg::NumAlerts-1:0] alert_tx_o,
  output top_racl_pkg::racl_error_log_t racl_error_o,
  output logic        lsio_trigger_o,
  output logic        cio_tx_o,
  output logic        cio_tx_en_o,
  output logic [8:0]  intr_o
);
  logic rst_n;
  tlul_pkg::tl_h2d_t tl_i;
  tl_host u_host (.rst_n_any, .a_valid, .a_write, .a_address ({26'd0, a_word, 2'b00}), .a_data, .d_ready, .rst_n, .tl (tl_i));
  uart u_uart (
    .clk_i, .rst_ni (rst_n), .tl_i, .tl_o,
    .alert_rx_i ({uart_reg_pkg::NumAlerts{prim_alert_pkg::ALERT_RX_DEFAULT}}), .alert_tx_o,
    .racl_policies_i (top_racl_pkg::RACL_POLICY_VEC_DEFAULT), .racl_error_o,
    .lsio_trigger_o, .cio_rx_i, .cio_tx_o, .cio_tx_en_o,
    .intr_tx_watermark_o (intr_o[0]), .intr_tx_empty_o (intr_o[1]), .intr_rx_watermark_o (intr_o[2]),
    .intr_tx_done_o (intr_o[3]), .intr_rx_overflow_o (intr_o[4]), .intr_rx_frame_err_o (intr_o[5]),
    .intr_rx_break_err_o (intr_o[6]), .intr_rx_timeout_o (intr_o[7]), .intr_rx_parity_err_o (intr_o[8])
  );
endmodule
