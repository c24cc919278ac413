#pragma once
// The text of each open document as the client sent it (didOpen, then didChange: whole texts or
// ranges), keyed by URI. No I/O.
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "lsp/positions.hpp"

namespace ascendify::lsp {

struct Document {
  std::string uri;
  std::string language;  // languageId of didOpen
  std::string text;
  int64_t version = 0;
};

class Documents {
 public:
  void open(Document doc);
  // Applies the `contentChanges` of a didChange in order: an entry with a `range` replaces it,
  // one without replaces the whole text. False (nothing changed) when `uri` is not open or a
  // change is malformed.
  bool change(const std::string& uri, int64_t version, const nlohmann::json& changes, Encoding enc);
  void close(const std::string& uri) { docs_.erase(uri); }
  const Document* find(const std::string& uri) const;
  const std::map<std::string, Document>& all() const { return docs_; }

 private:
  std::map<std::string, Document> docs_;
};

}  // namespace ascendify::lsp
