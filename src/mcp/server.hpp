#pragma once
// `ascendify mcp`: a Model Context Protocol server over stdio (newline-delimited JSON-RPC 2.0).
// This part is the protocol alone: one input line in, at most one output line out, no I/O and
// no process, so that tests and the fuzzer drive it directly. The tools themselves run behind
// a callback (src/cli/mcp_command.cpp spawns ascendify for each).
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace ascendify::mcp {

// Lines longer than this are answered with an error and dropped (a tool call is a few hundred
// bytes; a client that sends megabytes is broken or hostile).
inline constexpr size_t kMaxMessageBytes = 4u << 20;

struct ToolResult {
  nlohmann::json structured;  // the result as data (also sent as its JSON text)
  std::string text;           // when set: sent as the text content instead of the JSON
  bool is_error = false;      // the tool ran and failed (MCP's isError), e.g. a bad path
};

// Runs a tool whose arguments passed the schema of tool_list().
using ToolCall = std::function<ToolResult(const std::string& name, const nlohmann::json& args)>;

// The tools with their input schemas (tools/list).
const nlohmann::json& tool_list();

// "" when `args` fit the schema of tool `name`, else why not (one line).
std::string check_arguments(const std::string& name, const nlohmann::json& args);

class Server {
 public:
  Server(ToolCall call, std::string version)
      : call_(std::move(call)), version_(std::move(version)) {}
  // One JSON-RPC message (a line without its newline) -> the response line without a newline,
  // "" when nothing is to be sent (a notification, a response from the client).
  std::string handle_line(std::string_view line);
  // The response to a line that was too long to keep.
  static std::string too_large();
  bool initialized() const { return initialized_; }

 private:
  std::string handle_message(std::string_view line);
  nlohmann::json dispatch(const std::string& method, const nlohmann::json& params,
                          nlohmann::json& error);
  ToolCall call_;
  std::string version_;
  bool initialize_answered_ = false;
  bool initialized_ = false;  // notifications/initialized received
};

}  // namespace ascendify::mcp
