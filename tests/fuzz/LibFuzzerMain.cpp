// The libFuzzer entry point of one target; CS_FUZZ_FUNCTION names it (tests/fuzz/CMakeLists.txt).
#include "FuzzTargets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    return CS_FUZZ_FUNCTION(cs::fuzz::Input(data, size));
}
