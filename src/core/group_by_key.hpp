#pragma once
// Items grouped by a small integer key, each group in item order: a counting sort. Used where a
// per-key list of vectors (or a hash map of them) would cost a vector per key: the program
// model's edges by source unit, the wrapper pass's calls by callee.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ascendify {

// Key k's items are order[starts[k], starts[k + 1]) (indexes of the items).
struct KeyGroups {
  std::vector<uint32_t> starts;
  std::vector<uint32_t> order;
};

// Groups items 0 .. `items` - 1 by key_of(i), a key in [0, keys). `out`'s buffers are reused.
template <typename KeyOf>
void group_by_key(size_t keys, size_t items, KeyOf&& key_of, KeyGroups& out) {
  out.starts.assign(keys + 1, 0);
  for (size_t i = 0; i < items; ++i) ++out.starts[static_cast<size_t>(key_of(i)) + 1];
  for (size_t k = 0; k < keys; ++k) out.starts[k + 1] += out.starts[k];
  out.order.resize(items);
  // Each key's start moves to its end as its items are placed, then all move back by one.
  for (size_t i = 0; i < items; ++i)
    out.order[out.starts[static_cast<size_t>(key_of(i))]++] = static_cast<uint32_t>(i);
  for (size_t k = keys; k > 0; --k) out.starts[k] = out.starts[k - 1];
  out.starts[0] = 0;
}

}  // namespace ascendify
