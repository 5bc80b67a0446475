// The clock for nimforge_tb under Verilator (without --timing): toggle,
// evaluate, until the testbench calls $finish.
#include "Vnimforge_tb.h"
#include "verilated.h"

int main(int argc, char** argv) {
    VerilatedContext* context = new VerilatedContext;
    context->commandArgs(argc, argv);
    Vnimforge_tb* tb = new Vnimforge_tb{context};
    tb->clock = 0;
    tb->eval();
    while (!context->gotFinish()) {
        tb->clock = !tb->clock;
        tb->eval();
        context->timeInc(5);
    }
    tb->final();
    delete tb;
    delete context;
    return 0;
}
