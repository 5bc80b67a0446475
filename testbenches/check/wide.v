// A 100-bit word, its parity registered and its top 72 bits passed through
// when enabled (written for nimforge's check corpus): too wide to walk.
module wide (
    input  wire         clock,
    input  wire         enable,
    input  wire [99:0]  word,
    output reg          parity,
    output reg  [71:0]  top
);
    always @(posedge clock) begin
        parity <= ^word;
        if (enable) top <= word[99:28];
    end
endmodule
