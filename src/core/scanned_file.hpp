#pragma once
#include "core/facts.hpp"
#include "core/source_file.hpp"

namespace ascendify {

// One scanned file with the facts its front end produced; kept for assess and fix.
struct ScannedFile {
  SourceFile file;
  FileFacts facts;
};

}  // namespace ascendify
