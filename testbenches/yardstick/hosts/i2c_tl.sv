// logikbench's i2c behind the TileLink host (tl_host.sv): its first 32
// words (its registers, 0x00 to 0x7c), its alert's receiver idle, no RACL
// policy, its RAM's configuration the default.
module i2c_tl (
  input               clk_i,
  input        [7:0]  rst_n_any,
  input               a_valid,
  input               a_write,
  input        [4:0]  a_word,
  input        [31:0] a_data,
  input               d_ready,
  input               cio_scl_i,
  input               cio_sda_i,
  output tlul_pkg::tl_d2h_t tl_o,
  output prim_ram_1p_pkg::ram_1p_cfg_rsp_t ram_cfg_rsp_o,
  output prim_alert_pkg::alert_tx_t [i2c_reg_pkg::NumAlerts-1:0] alert_tx_o,
  output top_racl_pkg::racl_error_log_t racl_error_o,
  output logic        cio_scl_o,
  output logic        cio_scl_en_o,
  output logic        cio_sda_o,
  output logic        cio_sda_en_o,
  output logic        lsio_trigger_o,
  output logic [15:0] intr_o
);
  logic rst_n;
  tlul_pkg::tl_h2d_t tl_i;
  tl_host u_host (.rst_n_any, .a_valid, .a_write, .a_address ({25'd0, a_word, 2'b00}), .a_data, .d_ready, .rst_n, .tl (tl_i));
  i2c u_i2c (
    .clk_i, .rst_ni (rst_n), .ram_cfg_i (prim_ram_1p_pkg::RAM_1P_CFG_DEFAULT), .ram_cfg_rsp_o, .tl_i, .tl_o,
    .alert_rx_i ({i2c_reg_pkg::NumAlerts{prim_alert_pkg::ALERT_RX_DEFAULT}}), .alert_tx_o,
    .racl_policies_i (top_racl_pkg::RACL_POLICY_VEC_DEFAULT), .racl_error_o,
    .cio_scl_i, .cio_scl_o, .cio_scl_en_o, .cio_sda_i, .cio_sda_o, .cio_sda_en_o, .lsio_trigger_o,
    .intr_fmt_threshold_o (intr_o[0]), .intr_rx_threshold_o (intr_o[1]), .intr_acq_threshold_o (intr_o[2]),
    .intr_rx_overflow_o (intr_o[3]), .intr_controller_halt_o (intr_o[4]), .intr_scl_interference_o (intr_o[5]),
    .intr_sda_interference_o (intr_o[6]), .intr_stretch_timeout_o (intr_o[7]), .intr_sda_unstable_o (intr_o[8]),
    .intr_cmd_complete_o (intr_o[9]), .intr_tx_stretch_o (intr_o[10]), .intr_tx_threshold_o (intr_o[11]),
    .intr_acq_stretch_o (intr_o[12]), .intr_unexp_stop_o (intr_o[13]), .intr_host_timeout_o (intr_o[14])
  );
  assign intr_o[15] = 1'b0;
endmodule
