// A UART transmitter, 8N1, four clocks a bit, registers with no initial
// value (written for nimforge's check corpus): `start` with `data` while
// idle sends a frame on `tx` (high when idle).
module uart_tx (
    input  wire       clock,
    input  wire       start,
    input  wire [7:0] data,
    output wire       tx,
    output wire       busy
);
    reg [1:0] tick;
    reg [3:0] bit_index;
    reg [8:0] shift;
    reg       sending;
    assign busy = sending;
    assign tx = sending ? shift[0] : 1'b1;
    always @(posedge clock) begin
        if (!sending) begin
            tick <= 2'd0;
            bit_index <= 4'd0;
            if (start) begin
                sending <= 1'b1;
                shift <= {data, 1'b0};
            end
        end else begin
            tick <= tick + 2'd1;
            if (tick == 2'd3) begin
                shift <= {1'b1, shift[8:1]};
                bit_index <= bit_index + 4'd1;
                if (bit_index == 4'd9) sending <= 1'b0;
            end
        end
    end
endmodule
