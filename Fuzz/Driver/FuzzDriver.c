// Only the header matters: the driver itself is in libFuzzer (-sanitize=fuzzer).
#include "FuzzDriver.h"
