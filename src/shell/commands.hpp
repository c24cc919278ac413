#pragma once
// Facts of one simple command (a list of words), shared by scripts and Dockerfiles.
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.hpp"
#include "shell/pos_map.hpp"

namespace ascendify::shell {

struct Word {
  std::string value;  // unquoted
  uint32_t begin = 0, end = 0;
  bool quoted = false;
  uint32_t lit_prefix = 0;  // leading bytes that were plain unquoted characters
};

class Emitter {
 public:
  Emitter(FileFacts& out, const PosMap& pos) : out_(out), pos_(pos) {}
  Fact& add(FactKind kind, std::string name, uint32_t begin, uint32_t end);
  FileFacts& out() { return out_; }
  const PosMap& pos() const { return pos_; }

 private:
  FileFacts& out_;
  const PosMap& pos_;
};

// Emits EnvVar Assign / Command / Dependency facts for one simple command.
void analyze_command(const std::vector<Word>& words, Emitter& em);

// `NAME=value` word (NAME unquoted) -> EnvVar Assign; false when the word is not one.
bool emit_assign(const Word& w, Emitter& em);

// PEP 503 normalisation: lower case, runs of -_. become one '-'.
std::string normalize_dist(std::string_view name);

}  // namespace ascendify::shell
