// Made by nimforge from src/templates/panel_tb.v.j2: the board wrapper
// nimrod_panel_sim end to end (fpga/protocol.md). Drives its RX pin and its four
// buttons from a file (+rx=FILE, a line a cycle: the RX level, then the
// buttons in hex) and prints "TX <cycle> <level>" whenever its TX pin
// changes, then "END <cycles>".
//
// As in nimforge-verify's testbench.v.j2, nimforge_tb takes its clock from outside (Verilator
// runs it from testbenches/verilator_main.cpp) and nimforge_clock drives it
// under Icarus. RX changes and TX is sampled at the falling edge.
module nimforge_tb (input wire clock);
    reg rx = 1'b1;
    reg [3:0] buttons = 4'h0;
    reg [3:0] pressed;
    wire tx;
    wire [4:0] leds;

    nimrod_panel_sim dut (
        .clock(clock),
        .rx(rx),
        .tx(tx),
        .leds(leds),
        .buttons(buttons)
    );

    integer fd, r, cycle;
    reg level;
    reg last_tx = 1'b1;
    reg [8*1024-1:0] path;
    initial begin
        cycle = 0;
        if (!$value$plusargs("rx=%s", path)) begin
            $display("ERROR give the RX file as +rx=FILE");
            $finish;
        end
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("ERROR cannot open the RX file");
            $finish;
        end
        r = $fscanf(fd, "%b %h\n", level, pressed);
        if (r != 2) begin
            $display("END 0");
            $finish;
        end
        rx = level;
        buttons = pressed;
    end

    always @(negedge clock) begin
        if (tx !== last_tx) begin
            $display("TX %0d %b", cycle, tx);
            last_tx = tx;
        end
        cycle = cycle + 1;
        r = $fscanf(fd, "%b %h\n", level, pressed);
        if (r != 2) begin
            $display("END %0d", cycle);
            $finish;
        end
        rx = level;
        buttons = pressed;
    end
endmodule

module nimforge_clock;
    reg clock = 1'b0;
    always #5 clock = !clock;
    nimforge_tb tb (.clock(clock));
endmodule