// A four-word FIFO of 4-bit words in a memory array with no initial value
// (written for nimforge's check corpus): push and pop in the same cycle
// both happen when neither is refused.
module fifo (
    input  wire       clock,
    input  wire       push,
    input  wire       pop,
    input  wire [3:0] din,
    output wire [3:0] dout,
    output wire       empty,
    output wire       full
);
    reg [3:0] words [0:3];
    reg [1:0] head, tail;
    reg [2:0] count;
    assign empty = count == 3'd0;
    assign full = count == 3'd4;
    assign dout = words[head];
    wire do_push = push && !full;
    wire do_pop = pop && !empty;
    always @(posedge clock) begin
        if (do_push) begin
            words[tail] <= din;
            tail <= tail + 2'd1;
        end
        if (do_pop) head <= head + 2'd1;
        count <= count + {2'd0, do_push} - {2'd0, do_pop};
    end
endmodule
