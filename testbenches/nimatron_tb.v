// Made by nimforge from crates/verify/templates/testbench.v.j2: replays a vector file on
// nimatron.
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
        .lamps_a(out_lamps_a),
        .lamps_b(out_lamps_b),
        .lamps_c(out_lamps_c),
        .lamps_d(out_lamps_d),
        .combination(out_combination),
        .r(out_r),
        .lock(out_lock),
        .phase(out_phase),
        .chain(out_chain),
        .machine_row(out_machine_row),
        .correct(out_correct),
        .taken(out_taken),
        .ended(out_ended),
        .player_won(out_player_won),
        .illegal(out_illegal),
        .tp_pulse(out_tp_pulse),
        .mwc_pulse(out_mwc_pulse),
        .pwc_pulse(out_pwc_pulse),
        .token(out_token),
        .tp(out_tp),
        .mwc(out_mwc),
        .pwc(out_pwc),
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