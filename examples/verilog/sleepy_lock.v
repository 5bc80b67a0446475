// The lock of lock.v with one flaw the model has no state for (issue 44):
// three quiet cycles at rest (no key, nothing entered, not open, no
// lockout) put it to sleep, and a sleeping lock ignores the next key, which
// only wakes it. Its outputs are the lock's in every state the model has;
// it goes wrong only on a road that stays at rest for three cycles, which a
// search that keeps one set of registers per model state never takes
// (staying at rest leaves the model where it was). Its file is named
// otherwise than its module, as users' files often are.
// examples/verilog_design.rs checks that every level catches it.
module lock (
    input  wire       clock,
    input  wire       reset,
    input  wire [3:0] key,
    output reg        open,
    output wire       lockout,
    output reg  [1:0] entered,
    output reg  [1:0] tries
);
    reg [3:0] timer;
    reg [3:0] expected;
    reg [1:0] quiet;
    wire      at_rest = !open && entered == 2'd0 && timer == 4'd0;

    assign lockout = timer != 4'd0;

    always @* begin
        case (entered)
            2'd0: expected = 4'd4;
            2'd1: expected = 4'd1;
            2'd2: expected = 4'd9;
            default: expected = 4'd2;
        endcase
    end

    initial begin
        open = 1'b0;
        entered = 2'd0;
        tries = 2'd0;
        timer = 4'd0;
        quiet = 2'd0;
    end

    always @(posedge clock) begin
        if (reset) begin
            open <= 1'b0;
            entered <= 2'd0;
            tries <= 2'd0;
            timer <= 4'd0;
            quiet <= 2'd0;
        end else if (at_rest && key == 4'd0) begin
            if (quiet != 2'd3) quiet <= quiet + 2'd1;
        end else if (at_rest && quiet == 2'd3) begin
            quiet <= 2'd0; // asleep: the key only wakes the lock
        end else if (timer != 4'd0) begin
            timer <= timer - 4'd1;
        end else if (key != 4'd0) begin
            quiet <= 2'd0;
            if (open) begin
                open <= 1'b0;
                entered <= 2'd0;
            end else if (key == expected) begin
                if (entered == 2'd3) begin
                    open <= 1'b1;
                    entered <= 2'd0;
                    tries <= 2'd0;
                end else begin
                    entered <= entered + 2'd1;
                end
            end else begin
                entered <= 2'd0;
                if (tries == 2'd2) begin
                    tries <= 2'd0;
                    timer <= 4'd15;
                end else begin
                    tries <= tries + 2'd1;
                end
            end
        end
    end
endmodule
