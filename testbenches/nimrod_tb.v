// Made by nimforge from crates/verify/templates/testbench.v.j2: replays a vector file on
// nimrod.
// Each line of the file is "<inputs> <outputs>" in hex: the inputs for one
// clock cycle, and every output as the oracle expects it after that cycle's
// rising edge. Run with +vectors=FILE. Prints "MISMATCH <cycle> <outputs>" for
// the first ten mismatches and "RESULT <cycles> <mismatches>" at the end.
//
// Icarus runs nimforge_clock around nimforge_tb. Inputs change and outputs
// are compared at the falling edge, half a cycle away from the rising one
// (in steps, at the step's own times: below).
module nimforge_tb (input wire clock);
    reg [16:0] vin;
    reg [45:0] want;
    wire [45:0] got;
    wire [0:0] in_reset = vin[16:16];
    wire [0:0] in_new_game = vin[15:15];
    wire [0:0] in_reverse_switch = vin[14:14];
    wire [1:0] in_k_switch = vin[13:12];
    wire [0:0] in_leave = vin[11:11];
    wire [1:0] in_leave_heap = vin[10:9];
    wire [2:0] in_leave_count = vin[8:6];
    wire [0:0] in_computer_move = vin[5:5];
    wire [0:0] in_step = vin[4:4];
    wire [0:0] in_set_mode = vin[3:3];
    wire [1:0] in_mode_switch = vin[2:1];
    wire [0:0] in_self_play = vin[0:0];
    wire [2:0] out_heap_0;
    wire [2:0] out_heap_1;
    wire [2:0] out_heap_2;
    wire [2:0] out_heap_3;
    wire [1:0] out_column_counter;
    wire [1:0] out_heap_counter;
    wire [3:0] out_heap_selected;
    wire [3:0] out_instruction;
    wire [0:0] out_transition;
    wire [0:0] out_reverse;
    wire [1:0] out_k;
    wire [1:0] out_random;
    wire [2:0] out_phase;
    wire [0:0] out_side;
    wire [0:0] out_self_playing;
    wire [1:0] out_mode;
    wire [0:0] out_dwell;
    wire [1:0] out_winner;
    wire [4:0] out_lamps;
    wire [0:0] out_illegal;
    assign got = { out_heap_0, out_heap_1, out_heap_2, out_heap_3, out_column_counter, out_heap_counter, out_heap_selected, out_instruction, out_transition, out_reverse, out_k, out_random, out_phase, out_side, out_self_playing, out_mode, out_dwell, out_winner, out_lamps, out_illegal };

    nimrod dut (
        .clock(clock),
        .reset(in_reset),
        .new_game(in_new_game),
        .reverse_switch(in_reverse_switch),
        .k_switch(in_k_switch),
        .leave(in_leave),
        .leave_heap(in_leave_heap),
        .leave_count(in_leave_count),
        .computer_move(in_computer_move),
        .step(in_step),
        .set_mode(in_set_mode),
        .mode_switch(in_mode_switch),
        .self_play(in_self_play),
        .heap_0(out_heap_0),
        .heap_1(out_heap_1),
        .heap_2(out_heap_2),
        .heap_3(out_heap_3),
        .column_counter(out_column_counter),
        .heap_counter(out_heap_counter),
        .heap_selected(out_heap_selected),
        .instruction(out_instruction),
        .transition(out_transition),
        .reverse(out_reverse),
        .k(out_k),
        .random(out_random),
        .phase(out_phase),
        .side(out_side),
        .self_playing(out_self_playing),
        .mode(out_mode),
        .dwell(out_dwell),
        .winner(out_winner),
        .lamps(out_lamps),
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