#pragma once
// The list of `scan --batch` (one repository path per line) and its sharding. Header-only so
// that tests/cli tests it without the command-line executable.
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/short_hash.hpp"

namespace ascendify::cli {

struct Shard {
  size_t index = 0;  // K of K/N, from 0
  size_t count = 1;  // N
};

// "" = the whole list; "K/N" with 0 <= K < N. nullopt with a one-line reason in `error`.
inline std::optional<Shard> parse_shard(const std::string& text, std::string& error) {
  if (text.empty()) return Shard{};
  const size_t slash = text.find('/');
  auto number = [](const std::string& s, size_t& out) {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out = std::stoul(s);
    return true;
  };
  Shard shard;
  if (slash == std::string::npos || !number(text.substr(0, slash), shard.index) ||
      !number(text.substr(slash + 1), shard.count) || shard.count == 0 ||
      shard.index >= shard.count) {
    error = "expects K/N with 0 <= K < N (e.g. 0/4), got '" + text + "'";
    return std::nullopt;
  }
  return shard;
}

// The entries of a list's text: lines trimmed, blank lines and '#' comments skipped, a path
// listed twice kept once (at its first place, so that every shard sees the same order).
inline std::vector<std::string> batch_entries(const std::string& text) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    const size_t e = line.find_last_not_of(" \t\r");
    std::string entry = line.substr(b, e - b + 1);
    if (seen.insert(entry).second) out.push_back(std::move(entry));
  }
  return out;
}

// The list file ('-' = standard input); nullopt with a reason when it cannot be read.
inline std::optional<std::vector<std::string>> read_batch_list(const std::string& path,
                                                               std::string& error) {
  std::ostringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      error = "cannot read the list " + path;
      return std::nullopt;
    }
    text << in.rdbuf();
  }
  return batch_entries(text.str());
}

// The report folder of an entry: its last path component (characters safe in a file name)
// and a hash of the entry as listed, so that two checkouts named alike get two folders and a
// repository gets the same folder in whichever shard it is scanned.
inline std::string batch_entry_name(const std::string& entry) {
  std::string path = entry;
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  const size_t slash = path.find_last_of('/');
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string safe;
  for (char c : base) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '-' || c == '_';
    safe += ok ? c : '_';
  }
  if (safe.empty() || safe == "." || safe == "..") safe = "repo";
  return safe + "-" + short_hash(entry);
}

}  // namespace ascendify::cli
