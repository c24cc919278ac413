// libFuzzer target: the MCP server's framing and dispatch (mcp::Server::handle_line). The input
// is split into lines as the stdio loop splits it; every answer must be one line of valid JSON
// (a JSON-RPC response), and the tool callback only ever sees arguments that fit the schema.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mcp/server.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using nlohmann::json;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  ascendify::mcp::Server server(
      [](const std::string& name, const json& args) {
        if (!ascendify::mcp::check_arguments(name, args).empty()) __builtin_trap();
        ascendify::mcp::ToolResult r;
        r.structured = args;
        return r;
      },
      "fuzz");
  // Start initialised half the time, so that tools/call is reached.
  if (size > 0 && (data[0] & 1))
    server.handle_line(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{}})");
  size_t start = 0;
  while (start <= input.size()) {
    size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string out = server.handle_line(input.substr(start, end - start));
    if (!out.empty()) {
      if (out.find('\n') != std::string::npos) __builtin_trap();
      const json reply = json::parse(out, nullptr, false);
      if (reply.is_discarded() || !reply.is_object() || reply.value("jsonrpc", "") != "2.0")
        __builtin_trap();
    }
    start = end + 1;
  }
  return 0;
}
