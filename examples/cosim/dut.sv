// dut.sv - a deliberately tiny SystemVerilog "DUT": the SIMT control path
// of one warp running examples/diverge.s, modelled independently of
// libsimt.  It knows the program's control structure (a 12-entry ROM of
// instruction classes and targets), the predicate P0 the kernel computes
// (odd lanes), and the reconvergence policy of the golden model for this
// shape: on a divergent branch the fall-through lanes run first and the
// taken lanes park at the target; BSYNC parks the arriving lanes and
// resumes the parked group until every lane of B0 has arrived.
//
// Outputs (pc, mask) name the instruction it retires next; `step` retires
// it on the rising clock edge.  Built with +define+COSIM_BUG it computes
// the branch predicate wrongly (the low 16 lanes instead of the odd ones),
// the injected bug the testbench must catch.
module simt_ctrl_dut (
    input  logic        clk,
    input  logic        rst,
    input  logic        step,
    output logic [31:0] pc,
    output logic [31:0] mask,
    output logic        done
);
  typedef enum logic [2:0] {ALU, BSSY, BRA_P0, BRA, BSYNC, EXIT} kind_t;

  function automatic kind_t kind_of(input logic [31:0] p);
    case (p)
      32'h20:  return BSSY;
      32'h30:  return BRA_P0;
      32'h50:  return BRA;
      32'h70:  return BSYNC;
      32'hb0:  return EXIT;
      default: return ALU;
    endcase
  endfunction

  function automatic logic [31:0] target_of(input logic [31:0] p);
    case (p)
      32'h30:  return 32'h60;  // @P0 BRA .L_odd
      32'h50:  return 32'h70;  // BRA .L_sync
      default: return p + 32'h10;
    endcase
  endfunction

`ifdef COSIM_BUG
  localparam logic [31:0] P0 = 32'h0000_ffff;  // wrong: lanes 0..15
`else
  localparam logic [31:0] P0 = 32'haaaa_aaaa;  // tid & 1
`endif

  logic [31:0] b0, arrived, parked_pc, parked_mask;

  always_ff @(posedge clk) begin
    if (rst) begin
      pc          <= 32'h0;
      mask        <= 32'hffff_ffff;
      done        <= 1'b0;
      b0          <= 32'h0;
      arrived     <= 32'h0;
      parked_mask <= 32'h0;
      parked_pc   <= 32'h0;
    end else if (step && !done) begin
      case (kind_of(pc))
        BSSY: begin
          b0 <= mask;
          pc <= pc + 32'h10;
        end
        BRA_P0: begin
          logic [31:0] taken;
          taken = mask & P0;
          if (taken == mask) pc <= target_of(pc);
          else if (taken == 32'h0) pc <= pc + 32'h10;
          else begin  // diverge: fall-through first, taken lanes park
            parked_pc   <= target_of(pc);
            parked_mask <= taken;
            mask        <= mask & ~taken;
            pc          <= pc + 32'h10;
          end
        end
        BRA: pc <= target_of(pc);
        BSYNC: begin
          if ((arrived | mask) == b0) begin
            mask    <= b0;
            arrived <= 32'h0;
            pc      <= pc + 32'h10;
          end else begin  // wait here; run the parked lanes
            arrived     <= arrived | mask;
            mask        <= parked_mask;
            pc          <= parked_pc;
            parked_mask <= 32'h0;
          end
        end
        EXIT: done <= 1'b1;
        default: pc <= pc + 32'h10;
      endcase
    end
  end
endmodule
