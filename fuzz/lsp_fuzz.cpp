// libFuzzer target: the Language Server's framing and dispatch (lsp::FrameReader feeding
// lsp::Server), driven as the stdio loop drives them. The input is cut into chunks at
// arbitrary points (the first byte picks the chunk size) so that frames split anywhere; every
// message out must be valid JSON-RPC, every open document's text must match what the backend
// was last given, and positions handed to the backend must lie inside the document.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string_view>

#include "lsp/framing.hpp"
#include "lsp/server.hpp"

namespace {

using ascendify::lsp::Json;
namespace lsp = ascendify::lsp;

struct Checker : lsp::Backend {
  std::map<std::string, std::string> texts;
  void initialize(const lsp::Session&) override {}
  void changed(const lsp::Document& d) override { texts[d.uri] = d.text; }
  void closed(const std::string& uri) override { texts.erase(uri); }
  void saved(const std::string&) override {}
  Json hover(const lsp::Document& d, size_t offset) override {
    if (offset > d.text.size()) __builtin_trap();
    return nullptr;
  }
  Json code_actions(const lsp::Document& d, size_t begin, size_t end, const Json&) override {
    if (begin > end || end > d.text.size()) __builtin_trap();
    return Json::array();
  }
  Json execute(const std::string&, const Json& args, lsp::RequestError&) override {
    if (!args.is_array()) __builtin_trap();
    return nullptr;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const size_t chunk = 1 + data[0] % 64;
  std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  Checker backend;
  lsp::Server server(
      backend,
      [](const Json& m) {
        const std::string body = m.dump(-1, ' ', false, Json::error_handler_t::replace);
        const Json back = Json::parse(body, nullptr, false);
        if (back.is_discarded() || back.value("jsonrpc", "") != "2.0") __builtin_trap();
        if (!back.contains("method") && !back.contains("result") && !back.contains("error"))
          __builtin_trap();
      },
      "fuzz");
  // Start initialised half the time, so that the document methods are reached.
  if (data[0] & 0x80)
    server.handle(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{}})");
  lsp::FrameReader reader(1u << 16);
  for (size_t at = 0; at < input.size() && !server.exited(); at += chunk) {
    reader.feed(input.substr(at, chunk));
    lsp::Frame f;
    while (!server.exited() && reader.next(f)) {
      if (f.kind == lsp::Frame::Kind::Body)
        server.handle(f.text);
      else
        server.frame_error(f.text, f.kind == lsp::Frame::Kind::TooLarge);
    }
    if (reader.buffered() > (1u << 16) + lsp::kMaxHeaderBytes + 64) __builtin_trap();
  }
  for (const auto& [uri, doc] : server.documents().all()) {
    const auto it = backend.texts.find(uri);
    if (it == backend.texts.end() || it->second != doc.text) __builtin_trap();
  }
  return 0;
}
