// tb.sv - co-simulation testbench: libsimt (through the DPI-C shim in
// shim.c) is the golden model; every warp instruction it retires for warp 0
// of CTA 0 is compared, on a clock edge, with the instruction the DUT
// (dut.sv) retires: PC and active mask.  A mismatch stops the simulation
// with $fatal (non-zero exit) and a message naming the cycle, warp, PC and
// both masks.  +program=FILE selects the kernel (default
// examples/diverge.s).  docs/cosim.md explains the flow.
module tb;
  import "DPI-C" function int cosim_open(input string path);
  import "DPI-C" function int cosim_next(
      output longint cycle, output int cta_x, output int warp,
      output longint pc, output int active, output int exec_mask,
      output longint word0);
  import "DPI-C" function int cosim_buffer_u32(input int b, input int i);
  import "DPI-C" function void cosim_close();

  logic clk = 1'b0;
  logic rst = 1'b1;
  logic step = 1'b0;
  logic [31:0] dut_pc, dut_mask;
  logic dut_done;

  always #5 clk = ~clk;

  simt_ctrl_dut dut (
      .clk (clk),
      .rst (rst),
      .step(step),
      .pc  (dut_pc),
      .mask(dut_mask),
      .done(dut_done)
  );

  initial begin
    string  path;
    longint cycle, pc, word0;
    int cta_x, warp, active, exec_mask, rc, n, total;
    if (!$value$plusargs("program=%s", path)) path = "examples/diverge.s";
    if (cosim_open(path) != 0) $fatal(1, "cosim: cannot load %s", path);
    @(posedge clk);
    @(negedge clk);
    rst = 1'b0;
    n = 0;
    total = 0;
    forever begin
      rc = cosim_next(cycle, cta_x, warp, pc, active, exec_mask, word0);
      if (rc < 0) $fatal(1, "cosim: the golden model stopped with an error");
      if (rc == 0) break;
      total++;
      if (cta_x == 0 && warp == 0) begin
        if (dut_done)
          $fatal(1, "MISMATCH at cycle %0d, warp %0d: libsimt retired PC 0x%04h mask 0x%08h after the DUT exited",
                 cycle, warp, pc[31:0], active);
        if (dut_pc != pc[31:0] || dut_mask != active) begin
          $display("MISMATCH at cycle %0d, warp %0d, PC 0x%04h (word 0x%016h): expected (libsimt) PC 0x%04h mask 0x%08h, actual (DUT) PC 0x%04h mask 0x%08h",
                   cycle, warp, pc[31:0], word0, pc[31:0], active, dut_pc, dut_mask);
          $fatal(1, "cosim: DUT deviates from the golden model after %0d matching instructions", n);
        end
        $display("ok cycle %0d warp %0d PC 0x%04h mask 0x%08h exec 0x%08h", cycle, warp,
                 pc[31:0], active, exec_mask);
        n++;
        step = 1'b1;
        @(posedge clk);
        @(negedge clk);
        step = 1'b0;
      end
    end
    if (!dut_done) $fatal(1, "MISMATCH: libsimt finished but the DUT has not exited (PC 0x%04h)", dut_pc);
    $display("cosim PASS: %0d instructions of warp 0 matched (%0d retired in all); out[1] = %0d",
             n, total, cosim_buffer_u32(0, 1));
    cosim_close();
    $finish;
  end
endmodule
