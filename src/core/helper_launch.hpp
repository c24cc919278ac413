#pragma once
// Where a helper task of a scan runs under the `-j N` budget: on a thread of its own when the
// run may use more than one (the project stage's passes beside each other, the report blocks),
// else on the thread that waits for it, when it waits (std::launch::deferred). `-j 1` then keeps
// a scan on one core at a time, as `rg -j1` does, and the -j1 -> -j2 speed-up measures scaling
// rather than helpers that ran beside the "single" thread anyway.
#include <future>

namespace ascendify {

// `threads`: the -j value; 0 = every core.
inline std::launch helper_launch(unsigned threads) {
  return threads == 1 ? std::launch::deferred : std::launch::async;
}

}  // namespace ascendify
