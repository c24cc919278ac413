#pragma once
#include <deque>

#include "core/facts.hpp"
#include "core/source_file.hpp"

namespace ascendify {

// One scanned file with the facts its front end produced; kept for assess and fix.
struct ScannedFile {
  SourceFile file;
  FileFacts facts;
};

// A scan's files. A deque, not a vector: its elements never move, so the scan's workers fill
// them in place while the walk appends more, and the scan hands them on without a copy (a
// vector's copy of the speed corpus's 8,756 records, 5.5 MB, was held beside them where the
// merge peaked: pipeline/scan.cpp).
using ScannedFiles = std::deque<ScannedFile>;

}  // namespace ascendify
