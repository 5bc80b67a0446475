// logikbench's spi_host behind the TileLink host (tl_host.sv): its first 16
// words (its registers and its RXDATA and TXDATA windows, 0x00 to 0x34),
// its alert's receiver idle, no RACL policy, no passthrough.
module spi_host_tl (
  input               clk_i,
  input        [7:0]  rst_n_any,
  input               a_valid,
  input               a_write,
  input        [3:0]  a_word,
  input        [31:0] a_data,
  input               d_ready,
  input        [3:0]  cio_sd_i,
  output tlul_pkg::tl_d2h_t tl_o,
  output prim_alert_pkg::alert_tx_t [spi_host_reg_pkg::NumAlerts-1:0] alert_tx_o,
  output top_racl_pkg::racl_error_log_t racl_error_o,
  output logic        cio_sck_o,
  output logic        cio_sck_en_o,
  output logic        cio_csb_o,
  output logic        cio_csb_en_o,
  output logic [3:0]  cio_sd_o,
  output logic [3:0]  cio_sd_en_o,
  output spi_device_pkg::passthrough_rsp_t passthrough_o,
  output logic        lsio_trigger_o,
  output logic        intr_error_o,
  output logic        intr_spi_event_o
);
  logic rst_n;
  tlul_pkg::tl_h2d_t tl_i;
  tl_host u_host (.rst_n_any, .a_valid, .a_write, .a_address ({26'd0, a_word, 2'b00}), .a_data, .d_ready, .rst_n, .tl (tl_i));
  spi_host u_spi_host (
    .clk_i, .rst_ni (rst_n), .tl_i, .tl_o,
    .alert_rx_i ({spi_host_reg_pkg::NumAlerts{prim_alert_pkg::ALERT_RX_DEFAULT}}), .alert_tx_o,
    .racl_policies_i (top_racl_pkg::RACL_POLICY_VEC_DEFAULT), .racl_error_o,
    .cio_sck_o, .cio_sck_en_o, .cio_csb_o, .cio_csb_en_o, .cio_sd_o, .cio_sd_en_o, .cio_sd_i,
    .passthrough_i (spi_device_pkg::PASSTHROUGH_REQ_DEFAULT), .passthrough_o,
    .lsio_trigger_o, .intr_error_o, .intr_spi_event_o
  );
endmodule
