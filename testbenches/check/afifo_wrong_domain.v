// afifo.v with the read pointer synchronised on the wrong clock (rclk): the
module afifo(input wclk, input rclk, input winc, input wdata, input rinc,
             output rdata, output wfull, output rempty);
  reg mem [0:1];
  reg [1:0] wbin, rbin;
  wire [1:0] wgray = wbin ^ (wbin >> 1);
  wire [1:0] rgray = rbin ^ (rbin >> 1);
  reg [1:0] rq1, rq2, wq1, wq2;
  always @(posedge rclk) begin rq1 <= rgray; rq2 <= rq1; end
  always @(posedge rclk) begin wq1 <= wgray; wq2 <= wq1; end
  assign wfull = wgray == ~rq2;
  assign rempty = rgray == wq2;
  always @(posedge wclk)
    if (winc && !wfull) begin
      mem[wbin[0]] <= wdata;
      wbin <= wbin + 2'd1;
    end
  always @(posedge rclk) if (rinc && !rempty) rbin <= rbin + 2'd1;
  assign rdata = mem[rbin[0]];
endmodule
