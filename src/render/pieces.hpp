#pragma once
// Reports written in pieces (render.hpp's render_*_to): the text a renderer has built goes on
// to its sink once it holds kPieceBytes, so a big report is never held whole.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace ascendify::render {

// Passes `out` on to `sink` and empties it once it holds `piece_bytes` or more.
inline void pass_on_when_full(std::string& out, const std::function<void(std::string_view)>& sink,
                              size_t piece_bytes) {
  if (out.size() < piece_bytes) return;
  sink(out);
  out.clear();
}

}  // namespace ascendify::render
