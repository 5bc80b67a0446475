// Made by nimforge from crates/verify/templates/testbench.v.j2: replays a vector file on
// nimatron as icebox_vlog writes it back from a bitstream (one port per bit).
// Each line of the file is "<inputs> <outputs>" in hex: the inputs for one
// clock cycle, and every output as the oracle expects it after that cycle's
// rising edge. Run with +vectors=FILE. Prints "MISMATCH <cycle> <outputs>" for
// the first ten mismatches and "RESULT <cycles> <mismatches>" at the end.
//
// Icarus runs nimforge_clock around nimforge_tb. Inputs change and outputs
// are compared at the falling edge, half a cycle away from the rising one
// (in steps, at the step's own times: below).
module nimforge_tb (input wire clock);
    reg [5:0] vin;
    reg [84:0] want;
    wire [84:0] got;
    wire [0:0] in_reset = vin[5:5];
    wire [0:0] in_pa = vin[4:4];
    wire [0:0] in_pb = vin[3:3];
    wire [0:0] in_pc = vin[2:2];
    wire [0:0] in_pd = vin[1:1];
    wire [0:0] in_mtr = vin[0:0];
    wire [6:0] out_lamps_a;
    wire [6:0] out_lamps_b;
    wire [6:0] out_lamps_c;
    wire [6:0] out_lamps_d;
    wire [3:0] out_combination;
    wire [1:0] out_r;
    wire [3:0] out_lock;
    wire [1:0] out_phase;
    wire [3:0] out_chain;
    wire [3:0] out_machine_row;
    wire [0:0] out_correct;
    wire [2:0] out_taken;
    wire [0:0] out_ended;
    wire [0:0] out_player_won;
    wire [0:0] out_illegal;
    wire [0:0] out_tp_pulse;
    wire [0:0] out_mwc_pulse;
    wire [0:0] out_pwc_pulse;
    wire [0:0] out_token;
    wire [7:0] out_tp;
    wire [7:0] out_mwc;
    wire [7:0] out_pwc;
    wire [0:0] out_lamp_p;
    wire [0:0] out_lamp_m;
    assign got = { out_lamps_a, out_lamps_b, out_lamps_c, out_lamps_d, out_combination, out_r, out_lock, out_phase, out_chain, out_machine_row, out_correct, out_taken, out_ended, out_player_won, out_illegal, out_tp_pulse, out_mwc_pulse, out_pwc_pulse, out_token, out_tp, out_mwc, out_pwc, out_lamp_p, out_lamp_m };

    nimatron dut (
        .clock(clock),
        .reset(in_reset),
        .pa(in_pa),
        .pb(in_pb),
        .pc(in_pc),
        .pd(in_pd),
        .mtr(in_mtr),
        .\lamps_a[0] (out_lamps_a[0]),
        .\lamps_a[1] (out_lamps_a[1]),
        .\lamps_a[2] (out_lamps_a[2]),
        .\lamps_a[3] (out_lamps_a[3]),
        .\lamps_a[4] (out_lamps_a[4]),
        .\lamps_a[5] (out_lamps_a[5]),
        .\lamps_a[6] (out_lamps_a[6]),
        .\lamps_b[0] (out_lamps_b[0]),
        .\lamps_b[1] (out_lamps_b[1]),
        .\lamps_b[2] (out_lamps_b[2]),
        .\lamps_b[3] (out_lamps_b[3]),
        .\lamps_b[4] (out_lamps_b[4]),
        .\lamps_b[5] (out_lamps_b[5]),
        .\lamps_b[6] (out_lamps_b[6]),
        .\lamps_c[0] (out_lamps_c[0]),
        .\lamps_c[1] (out_lamps_c[1]),
        .\lamps_c[2] (out_lamps_c[2]),
        .\lamps_c[3] (out_lamps_c[3]),
        .\lamps_c[4] (out_lamps_c[4]),
        .\lamps_c[5] (out_lamps_c[5]),
        .\lamps_c[6] (out_lamps_c[6]),
        .\lamps_d[0] (out_lamps_d[0]),
        .\lamps_d[1] (out_lamps_d[1]),
        .\lamps_d[2] (out_lamps_d[2]),
        .\lamps_d[3] (out_lamps_d[3]),
        .\lamps_d[4] (out_lamps_d[4]),
        .\lamps_d[5] (out_lamps_d[5]),
        .\lamps_d[6] (out_lamps_d[6]),
        .\combination[0] (out_combination[0]),
        .\combination[1] (out_combination[1]),
        .\combination[2] (out_combination[2]),
        .\combination[3] (out_combination[3]),
        .\r[0] (out_r[0]),
        .\r[1] (out_r[1]),
        .\lock[0] (out_lock[0]),
        .\lock[1] (out_lock[1]),
        .\lock[2] (out_lock[2]),
        .\lock[3] (out_lock[3]),
        .\phase[0] (out_phase[0]),
        .\phase[1] (out_phase[1]),
        .\chain[0] (out_chain[0]),
        .\chain[1] (out_chain[1]),
        .\chain[2] (out_chain[2]),
        .\chain[3] (out_chain[3]),
        .\machine_row[0] (out_machine_row[0]),
        .\machine_row[1] (out_machine_row[1]),
        .\machine_row[2] (out_machine_row[2]),
        .\machine_row[3] (out_machine_row[3]),
        .correct(out_correct),
        .\taken[0] (out_taken[0]),
        .\taken[1] (out_taken[1]),
        .\taken[2] (out_taken[2]),
        .ended(out_ended),
        .player_won(out_player_won),
        .illegal(out_illegal),
        .tp_pulse(out_tp_pulse),
        .mwc_pulse(out_mwc_pulse),
        .pwc_pulse(out_pwc_pulse),
        .token(out_token),
        .\tp[0] (out_tp[0]),
        .\tp[1] (out_tp[1]),
        .\tp[2] (out_tp[2]),
        .\tp[3] (out_tp[3]),
        .\tp[4] (out_tp[4]),
        .\tp[5] (out_tp[5]),
        .\tp[6] (out_tp[6]),
        .\tp[7] (out_tp[7]),
        .\mwc[0] (out_mwc[0]),
        .\mwc[1] (out_mwc[1]),
        .\mwc[2] (out_mwc[2]),
        .\mwc[3] (out_mwc[3]),
        .\mwc[4] (out_mwc[4]),
        .\mwc[5] (out_mwc[5]),
        .\mwc[6] (out_mwc[6]),
        .\mwc[7] (out_mwc[7]),
        .\pwc[0] (out_pwc[0]),
        .\pwc[1] (out_pwc[1]),
        .\pwc[2] (out_pwc[2]),
        .\pwc[3] (out_pwc[3]),
        .\pwc[4] (out_pwc[4]),
        .\pwc[5] (out_pwc[5]),
        .\pwc[6] (out_pwc[6]),
        .\pwc[7] (out_pwc[7]),
        .lamp_p(out_lamp_p),
        .lamp_m(out_lamp_m)
    );

    integer fd, r, cycle, mismatches;
    reg [8*1024-1:0] path;
    initial begin
        cycle = 0;
        mismatches = 0;
        if (!$value$plusargs("vectors=%s", path)) begin
            $display("ERROR give the vector file as +vectors=FILE");
            $finish;
        end
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("ERROR cannot open the vector file");
            $finish;
        end
        r = $fscanf(fd, "%h %h\n", vin, want);
        if (r != 2) begin
            $display("RESULT 0 0");
            $finish;
        end
    end

    always @(negedge clock) begin
        if (got !== want) begin
            if (mismatches < 10) $display("MISMATCH %0d %h", cycle, got);
            mismatches = mismatches + 1;
        end
        cycle = cycle + 1;
        r = $fscanf(fd, "%h %h\n", vin, want);
        if (r != 2) begin
            $display("RESULT %0d %0d", cycle, mismatches);
            $finish;
        end
    end
endmodule

module nimforge_clock;
    reg clock = 1'b0;
    always #5 clock = !clock;
    nimforge_tb tb (.clock(clock));
    // With +vcd=FILE, every signal of the run into FILE (a mismatch's replay).
    reg [8*1024-1:0] vcd;
    initial if ($value$plusargs("vcd=%s", vcd)) begin
        $dumpfile(vcd);
        $dumpvars(0, tb);
    end
endmodule