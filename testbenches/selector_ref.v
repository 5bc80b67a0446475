// The N x W Nim move selector as a behavioural reference, written by hand
// from the rule (docs: the relay NIM, 002, generalised in issue 7; the
// move-level form is src/oracle/selector.rs), not from designs/src/selector.rs
// or its Verilog. `nimforge prove` shows generated/selector_NxW.v equal to it
// with yosys (crates/flow/templates/prove.ys.j2); testbenches/selector_ref_ports.v.j2 gives it
// the generated module's ports.
//
// The rule, for the position held in the input register:
// - product: the XOR of all the pile sizes; safe: the product is zero.
// - product nonzero: the first pile (lowest index) with a 1 at the product's
//   highest 1 is chosen, and its new size is its size XOR the product.
// - product zero: the first non-empty pile is chosen, and its new size is its
//   size minus one.
// - found: some pile is chosen (only not when every pile is empty); then no
//   `chosen` bit is set and `after` is 0.
//
// Timing: the pile sizes are registered at a rising edge and the move is
// registered at the next, so a position given before edge t shows on the
// outputs after edge t + 1. Every register starts at zero (all outputs 0,
// `safe` included, until the first position arrives).
`default_nettype none

module selector_ref #(
    parameter N = 8,  // piles
    parameter W = 8   // bits per pile
) (
    input wire clock,
    input wire [N*W-1:0] piles,  // pile i is piles[i*W +: W]
    output reg [N-1:0] chosen,   // one-hot, bit i for pile i
    output reg [W-1:0] after,
    output reg found,
    output reg safe
);
    reg [N*W-1:0] held;  // the input register

    initial begin
        held = 0;
        chosen = 0;
        after = 0;
        found = 0;
        safe = 0;
    end

    // The move for the held position.
    reg [W-1:0] product;
    reg [W-1:0] pile;
    integer top;  // where the product's highest 1 is (unused when it is 0)
    integer i;
    reg usable;
    reg taken;
    reg [N-1:0] chosen_next;
    reg [W-1:0] after_next;

    always @(*) begin
        product = 0;
        for (i = 0; i < N; i = i + 1)
            product = product ^ held[i*W +: W];
        top = 0;
        for (i = 0; i < W; i = i + 1)
            if (product[i])
                top = i;
        taken = 0;
        chosen_next = 0;
        after_next = 0;
        for (i = 0; i < N; i = i + 1) begin
            pile = held[i*W +: W];
            if (product == 0)
                usable = pile != 0;
            else
                usable = pile[top];
            if (usable && !taken) begin
                taken = 1;
                chosen_next[i] = 1;
                if (product == 0)
                    after_next = pile - 1;
                else
                    after_next = pile ^ product;
            end
        end
    end

    always @(posedge clock) begin
        held <= piles;
        chosen <= chosen_next;
        after <= after_next;
        found <= taken;
        safe <= product == 0;
    end
endmodule

`default_nettype wire
