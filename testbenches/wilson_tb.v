// Made by nimforge from crates/verify/templates/testbench.v.j2: replays a vector file on
// wilson.
// Each line of the file is "<inputs> <outputs>" in hex: the inputs for one
// clock cycle, and every output as the oracle expects it after that cycle's
// rising edge. Run with +vectors=FILE. Prints "MISMATCH <cycle> <outputs>" for
// the first ten mismatches and "RESULT <cycles> <mismatches>" at the end.
//
// Icarus runs nimforge_clock around nimforge_tb. Inputs change and outputs
// are compared at the falling edge, half a cycle away from the rising one
// (in steps, at the step's own times: below).
module nimforge_tb (input wire clock);
    reg [12:0] vin;
    reg [30:0] want;
    wire [30:0] got;
    wire [0:0] in_reset = vin[12:12];
    wire [0:0] in_load = vin[11:11];
    wire [2:0] in_slot = vin[10:8];
    wire [6:0] in_size = vin[7:1];
    wire [0:0] in_start = vin[0:0];
    wire [2:0] out_stage;
    wire [0:0] out_busy;
    wire [0:0] out_done;
    wire [0:0] out_won;
    wire [0:0] out_found;
    wire [1:0] out_kind;
    wire [2:0] out_group;
    wire [6:0] out_left;
    wire [3:0] out_second;
    wire [6:0] out_second_left;
    wire [0:0] out_illegal;
    assign got = { out_stage, out_busy, out_done, out_won, out_found, out_kind, out_group, out_left, out_second, out_second_left, out_illegal };

    wilson dut (
        .clock(clock),
        .reset(in_reset),
        .load(in_load),
        .slot(in_slot),
        .size(in_size),
        .start(in_start),
        .stage(out_stage),
        .busy(out_busy),
        .done(out_done),
        .won(out_won),
        .found(out_found),
        .kind(out_kind),
        .group(out_group),
        .left(out_left),
        .second(out_second),
        .second_left(out_second_left),
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