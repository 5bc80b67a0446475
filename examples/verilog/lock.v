// A four-digit combination lock with a lockout, written by hand (nimforge
// did not emit it): examples/verilog_design.rs checks it against a model in
// Rust at every level that applies to a Verilog design.
//
// A key is a digit 1..9 for one clock cycle (0: no key). The code is
// 4-1-9-2: a right digit moves `entered` on, the fourth opens the lock; a
// wrong digit starts over and counts a wrong try, and the third wrong try in
// a row locks every key out for 15 cycles. Any key shuts an open lock.
// `reset` (a power-on reset) wins over everything.
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
    end

    always @(posedge clock) begin
        if (reset) begin
            open <= 1'b0;
            entered <= 2'd0;
            tries <= 2'd0;
            timer <= 4'd0;
        end else if (timer != 4'd0) begin
            timer <= timer - 4'd1;
        end else if (key != 4'd0) begin
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
