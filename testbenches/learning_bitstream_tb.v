// Made by nimforge from crates/verify/templates/testbench.v.j2: replays a vector file on
// learning as icebox_vlog writes it back from a bitstream (one port per bit).
// Each line of the file is "<inputs> <outputs>" in hex: the inputs for one
// clock cycle, and every output as the oracle expects it after that cycle's
// rising edge. Run with +vectors=FILE. Prints "MISMATCH <cycle> <outputs>" for
// the first ten mismatches and "RESULT <cycles> <mismatches>" at the end.
//
// Icarus runs nimforge_clock around nimforge_tb. Inputs change and outputs
// are compared at the falling edge, half a cycle away from the rising one
// (in steps, at the step's own times: below).
module nimforge_tb (input wire clock);
    reg [7:0] vin;
    reg [144:0] want;
    wire [144:0] got;
    wire [0:0] in_reset = vin[7:7];
    wire [0:0] in_new_game = vin[6:6];
    wire [0:0] in_memory_reset = vin[5:5];
    wire [0:0] in_memory_preload = vin[4:4];
    wire [0:0] in_play = vin[3:3];
    wire [2:0] in_choice = vin[2:0];
    wire [29:0] out_memory_a;
    wire [29:0] out_memory_b;
    wire [29:0] out_memory_c;
    wire [11:0] out_memory_d;
    wire [4:0] out_total;
    wire [2:0] out_h_play;
    wire [2:0] out_m_play;
    wire [2:0] out_phase;
    wire [3:0] out_selector;
    wire [1:0] out_pair;
    wire [2:0] out_goof;
    wire [15:0] out_lfsr;
    wire [1:0] out_winner;
    wire [0:0] out_your_turn;
    wire [0:0] out_illegal;
    assign got = { out_memory_a, out_memory_b, out_memory_c, out_memory_d, out_total, out_h_play, out_m_play, out_phase, out_selector, out_pair, out_goof, out_lfsr, out_winner, out_your_turn, out_illegal };

    learning dut (
        .clock(clock),
        .reset(in_reset),
        .new_game(in_new_game),
        .memory_reset(in_memory_reset),
        .memory_preload(in_memory_preload),
        .play(in_play),
        .\choice[0] (in_choice[0]),
        .\choice[1] (in_choice[1]),
        .\choice[2] (in_choice[2]),
        .\memory_a[0] (out_memory_a[0]),
        .\memory_a[1] (out_memory_a[1]),
        .\memory_a[2] (out_memory_a[2]),
        .\memory_a[3] (out_memory_a[3]),
        .\memory_a[4] (out_memory_a[4]),
        .\memory_a[5] (out_memory_a[5]),
        .\memory_a[6] (out_memory_a[6]),
        .\memory_a[7] (out_memory_a[7]),
        .\memory_a[8] (out_memory_a[8]),
        .\memory_a[9] (out_memory_a[9]),
        .\memory_a[10] (out_memory_a[10]),
        .\memory_a[11] (out_memory_a[11]),
        .\memory_a[12] (out_memory_a[12]),
        .\memory_a[13] (out_memory_a[13]),
        .\memory_a[14] (out_memory_a[14]),
        .\memory_a[15] (out_memory_a[15]),
        .\memory_a[16] (out_memory_a[16]),
        .\memory_a[17] (out_memory_a[17]),
        .\memory_a[18] (out_memory_a[18]),
        .\memory_a[19] (out_memory_a[19]),
        .\memory_a[20] (out_memory_a[20]),
        .\memory_a[21] (out_memory_a[21]),
        .\memory_a[22] (out_memory_a[22]),
        .\memory_a[23] (out_memory_a[23]),
        .\memory_a[24] (out_memory_a[24]),
        .\memory_a[25] (out_memory_a[25]),
        .\memory_a[26] (out_memory_a[26]),
        .\memory_a[27] (out_memory_a[27]),
        .\memory_a[28] (out_memory_a[28]),
        .\memory_a[29] (out_memory_a[29]),
        .\memory_b[0] (out_memory_b[0]),
        .\memory_b[1] (out_memory_b[1]),
        .\memory_b[2] (out_memory_b[2]),
        .\memory_b[3] (out_memory_b[3]),
        .\memory_b[4] (out_memory_b[4]),
        .\memory_b[5] (out_memory_b[5]),
        .\memory_b[6] (out_memory_b[6]),
        .\memory_b[7] (out_memory_b[7]),
        .\memory_b[8] (out_memory_b[8]),
        .\memory_b[9] (out_memory_b[9]),
        .\memory_b[10] (out_memory_b[10]),
        .\memory_b[11] (out_memory_b[11]),
        .\memory_b[12] (out_memory_b[12]),
        .\memory_b[13] (out_memory_b[13]),
        .\memory_b[14] (out_memory_b[14]),
        .\memory_b[15] (out_memory_b[15]),
        .\memory_b[16] (out_memory_b[16]),
        .\memory_b[17] (out_memory_b[17]),
        .\memory_b[18] (out_memory_b[18]),
        .\memory_b[19] (out_memory_b[19]),
        .\memory_b[20] (out_memory_b[20]),
        .\memory_b[21] (out_memory_b[21]),
        .\memory_b[22] (out_memory_b[22]),
        .\memory_b[23] (out_memory_b[23]),
        .\memory_b[24] (out_memory_b[24]),
        .\memory_b[25] (out_memory_b[25]),
        .\memory_b[26] (out_memory_b[26]),
        .\memory_b[27] (out_memory_b[27]),
        .\memory_b[28] (out_memory_b[28]),
        .\memory_b[29] (out_memory_b[29]),
        .\memory_c[0] (out_memory_c[0]),
        .\memory_c[1] (out_memory_c[1]),
        .\memory_c[2] (out_memory_c[2]),
        .\memory_c[3] (out_memory_c[3]),
        .\memory_c[4] (out_memory_c[4]),
        .\memory_c[5] (out_memory_c[5]),
        .\memory_c[6] (out_memory_c[6]),
        .\memory_c[7] (out_memory_c[7]),
        .\memory_c[8] (out_memory_c[8]),
        .\memory_c[9] (out_memory_c[9]),
        .\memory_c[10] (out_memory_c[10]),
        .\memory_c[11] (out_memory_c[11]),
        .\memory_c[12] (out_memory_c[12]),
        .\memory_c[13] (out_memory_c[13]),
        .\memory_c[14] (out_memory_c[14]),
        .\memory_c[15] (out_memory_c[15]),
        .\memory_c[16] (out_memory_c[16]),
        .\memory_c[17] (out_memory_c[17]),
        .\memory_c[18] (out_memory_c[18]),
        .\memory_c[19] (out_memory_c[19]),
        .\memory_c[20] (out_memory_c[20]),
        .\memory_c[21] (out_memory_c[21]),
        .\memory_c[22] (out_memory_c[22]),
        .\memory_c[23] (out_memory_c[23]),
        .\memory_c[24] (out_memory_c[24]),
        .\memory_c[25] (out_memory_c[25]),
        .\memory_c[26] (out_memory_c[26]),
        .\memory_c[27] (out_memory_c[27]),
        .\memory_c[28] (out_memory_c[28]),
        .\memory_c[29] (out_memory_c[29]),
        .\memory_d[0] (out_memory_d[0]),
        .\memory_d[1] (out_memory_d[1]),
        .\memory_d[2] (out_memory_d[2]),
        .\memory_d[3] (out_memory_d[3]),
        .\memory_d[4] (out_memory_d[4]),
        .\memory_d[5] (out_memory_d[5]),
        .\memory_d[6] (out_memory_d[6]),
        .\memory_d[7] (out_memory_d[7]),
        .\memory_d[8] (out_memory_d[8]),
        .\memory_d[9] (out_memory_d[9]),
        .\memory_d[10] (out_memory_d[10]),
        .\memory_d[11] (out_memory_d[11]),
        .\total[0] (out_total[0]),
        .\total[1] (out_total[1]),
        .\total[2] (out_total[2]),
        .\total[3] (out_total[3]),
        .\total[4] (out_total[4]),
        .\h_play[0] (out_h_play[0]),
        .\h_play[1] (out_h_play[1]),
        .\h_play[2] (out_h_play[2]),
        .\m_play[0] (out_m_play[0]),
        .\m_play[1] (out_m_play[1]),
        .\m_play[2] (out_m_play[2]),
        .\phase[0] (out_phase[0]),
        .\phase[1] (out_phase[1]),
        .\phase[2] (out_phase[2]),
        .\selector[0] (out_selector[0]),
        .\selector[1] (out_selector[1]),
        .\selector[2] (out_selector[2]),
        .\selector[3] (out_selector[3]),
        .\pair[0] (out_pair[0]),
        .\pair[1] (out_pair[1]),
        .\goof[0] (out_goof[0]),
        .\goof[1] (out_goof[1]),
        .\goof[2] (out_goof[2]),
        .\lfsr[0] (out_lfsr[0]),
        .\lfsr[1] (out_lfsr[1]),
        .\lfsr[2] (out_lfsr[2]),
        .\lfsr[3] (out_lfsr[3]),
        .\lfsr[4] (out_lfsr[4]),
        .\lfsr[5] (out_lfsr[5]),
        .\lfsr[6] (out_lfsr[6]),
        .\lfsr[7] (out_lfsr[7]),
        .\lfsr[8] (out_lfsr[8]),
        .\lfsr[9] (out_lfsr[9]),
        .\lfsr[10] (out_lfsr[10]),
        .\lfsr[11] (out_lfsr[11]),
        .\lfsr[12] (out_lfsr[12]),
        .\lfsr[13] (out_lfsr[13]),
        .\lfsr[14] (out_lfsr[14]),
        .\lfsr[15] (out_lfsr[15]),
        .\winner[0] (out_winner[0]),
        .\winner[1] (out_winner[1]),
        .your_turn(out_your_turn),
        .illegal(out_illegal)
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