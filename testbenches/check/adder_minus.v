// A combinational 6-bit adder with carry in and out: no clock, no register
// (written for nimforge's check corpus; mutant: a - b).
module adder (
    input  wire [5:0] a,
    input  wire [5:0] b,
    input  wire       carry_in,
    output wire [5:0] sum,
    output wire       carry_out
);
    assign {carry_out, sum} = a - b + {5'd0, carry_in};
endmodule
