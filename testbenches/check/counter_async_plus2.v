// An up/down counter with an asynchronous active-low reset and a load
// (written for nimforge's check corpus; mutant: count + 2).
module counter_async (
    input  wire       clock,
    input  wire       reset_n,
    input  wire       up,
    input  wire       load,
    input  wire [3:0] value,
    output reg  [3:0] count,
    output wire       zero
);
    assign zero = count == 4'd0;
    always @(posedge clock or negedge reset_n) begin
        if (!reset_n) count <= 4'd0;
        else if (load) count <= value;
        else if (up) count <= count + 4'd2;
        else count <= count - 4'd1;
    end
endmodule
