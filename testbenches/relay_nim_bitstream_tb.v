// Made by nimforge from crates/verify/templates/testbench.v.j2: replays a vector file on
// relay_nim as icebox_vlog writes it back from a bitstream (one port per bit).
// Each line of the file is "<inputs> <outputs>" in hex: the inputs for one
// clock cycle, and every output as the oracle expects it after that cycle's
// rising edge. Run with +vectors=FILE. Prints "MISMATCH <cycle> <outputs>" for
// the first ten mismatches and "RESULT <cycles> <mismatches>" at the end.
//
// Icarus runs nimforge_clock around nimforge_tb. Inputs change and outputs
// are compared at the falling edge, half a cycle away from the rising one
// (in steps, at the step's own times: below).
module nimforge_tb (input wire clock);
    reg [4:0] vin;
    reg [24:0] want;
    wire [24:0] got;
    wire [0:0] in_reset = vin[4:4];
    wire [0:0] in_take_a = vin[3:3];
    wire [0:0] in_take_b = vin[2:2];
    wire [0:0] in_take_c = vin[1:1];
    wire [0:0] in_go = vin[0:0];
    wire [2:0] out_count_a;
    wire [2:0] out_count_b;
    wire [2:0] out_count_c;
    wire [1:0] out_randomizer;
    wire [1:0] out_step;
    wire [0:0] out_dwell;
    wire [0:0] out_selected_a;
    wire [0:0] out_selected_b;
    wire [0:0] out_selected_c;
    wire [0:0] out_xor_was_zero;
    wire [0:0] out_turn_a;
    wire [0:0] out_turn_b;
    wire [0:0] out_turn_c;
    wire [0:0] out_in_game;
    wire [1:0] out_winner;
    wire [0:0] out_illegal;
    assign got = { out_count_a, out_count_b, out_count_c, out_randomizer, out_step, out_dwell, out_selected_a, out_selected_b, out_selected_c, out_xor_was_zero, out_turn_a, out_turn_b, out_turn_c, out_in_game, out_winner, out_illegal };

    relay_nim dut (
        .clock(clock),
        .reset(in_reset),
        .take_a(in_take_a),
        .take_b(in_take_b),
        .take_c(in_take_c),
        .go(in_go),
        .\count_a[0] (out_count_a[0]),
        .\count_a[1] (out_count_a[1]),
        .\count_a[2] (out_count_a[2]),
        .\count_b[0] (out_count_b[0]),
        .\count_b[1] (out_count_b[1]),
        .\count_b[2] (out_count_b[2]),
        .\count_c[0] (out_count_c[0]),
        .\count_c[1] (out_count_c[1]),
        .\count_c[2] (out_count_c[2]),
        .\randomizer[0] (out_randomizer[0]),
        .\randomizer[1] (out_randomizer[1]),
        .\step[0] (out_step[0]),
        .\step[1] (out_step[1]),
        .dwell(out_dwell),
        .selected_a(out_selected_a),
        .selected_b(out_selected_b),
        .selected_c(out_selected_c),
        .xor_was_zero(out_xor_was_zero),
        .turn_a(out_turn_a),
        .turn_b(out_turn_b),
        .turn_c(out_turn_c),
        .in_game(out_in_game),
        .\winner[0] (out_winner[0]),
        .\winner[1] (out_winner[1]),
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