// Made by nimforge from crates/verify/templates/testbench.v.j2: replays a vector file on
// learning.
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
        .choice(in_choice),
        .memory_a(out_memory_a),
        .memory_b(out_memory_b),
        .memory_c(out_memory_c),
        .memory_d(out_memory_d),
        .total(out_total),
        .h_play(out_h_play),
        .m_play(out_m_play),
        .phase(out_phase),
        .selector(out_selector),
        .pair(out_pair),
        .goof(out_goof),
        .lfsr(out_lfsr),
        .winner(out_winner),
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