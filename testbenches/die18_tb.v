// Made by nimforge from crates/verify/templates/testbench.v.j2: replays a vector file on
// die18.
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
    reg [24:0] want;
    wire [24:0] got;
    wire [0:0] in_reset = vin[5:5];
    wire [0:0] in_new_game = vin[4:4];
    wire [0:0] in_play = vin[3:3];
    wire [2:0] in_choice = vin[2:0];
    wire [4:0] out_m_score;
    wire [4:0] out_h_score;
    wire [2:0] out_m_play;
    wire [2:0] out_h_play;
    wire [3:0] out_oscillator;
    wire [1:0] out_step;
    wire [1:0] out_winner;
    wire [0:0] out_illegal;
    assign got = { out_m_score, out_h_score, out_m_play, out_h_play, out_oscillator, out_step, out_winner, out_illegal };

    die18 dut (
        .clock(clock),
        .reset(in_reset),
        .new_game(in_new_game),
        .play(in_play),
        .choice(in_choice),
        .m_score(out_m_score),
        .h_score(out_h_score),
        .m_play(out_m_play),
        .h_play(out_h_play),
        .oscillator(out_oscillator),
        .step(out_step),
        .winner(out_winner),
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