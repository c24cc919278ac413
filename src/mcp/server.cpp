#include "mcp/server.hpp"

namespace ascendify::mcp {

namespace {

using Json = nlohmann::json;

// JSON-RPC 2.0 error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;

// The protocol revisions this server speaks, newest first: a client asking for one of them
// gets it, any other client the newest.
constexpr const char* kVersions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

Json error_object(int code, const std::string& message) {
  return {{"code", code}, {"message", message}};
}

std::string reply(const Json& id, const Json& result) {
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}.dump(
      -1, ' ', false, Json::error_handler_t::replace);
}

std::string reply_error(const Json& id, const Json& error) {
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", error}}.dump(
      -1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

std::string Server::too_large() {
  return reply_error(nullptr, error_object(kInvalidRequest, "message larger than " +
                                                                std::to_string(kMaxMessageBytes) +
                                                                " bytes; dropped"));
}

std::string Server::handle_line(std::string_view line) {
  // Whatever a message holds, the answer is a JSON-RPC response: nothing a client sends may
  // end the server (an exception here would).
  try {
    return handle_message(line);
  } catch (const std::exception& e) {
    return reply_error(nullptr,
                       error_object(kInternalError, std::string("internal error: ") + e.what()));
  }
}

std::string Server::handle_message(std::string_view line) {
  if (line.size() > kMaxMessageBytes) return too_large();
  if (line.find_first_not_of(" \t\r") == std::string_view::npos) return "";
  Json msg = Json::parse(line, nullptr, false);
  if (msg.is_discarded()) return reply_error(nullptr, error_object(kParseError, "parse error"));
  if (!msg.is_object())
    return reply_error(nullptr,
                       error_object(kInvalidRequest, "a message is one JSON object (no batches)"));
  const bool has_id = msg.contains("id");
  Json id = has_id ? msg["id"] : Json(nullptr);
  if (has_id && !id.is_string() && !id.is_number_integer() && !id.is_null())
    return reply_error(nullptr, error_object(kInvalidRequest, "id must be a string or integer"));
  // Compared as JSON values: .value("jsonrpc", "") would throw on `"jsonrpc": 1`.
  const auto version = msg.find("jsonrpc");
  if (version == msg.end() || *version != "2.0")
    return reply_error(id, error_object(kInvalidRequest, "jsonrpc must be \"2.0\""));
  if (!msg.contains("method")) return "";  // a response to us: we send no requests
  if (!msg["method"].is_string())
    return reply_error(id, error_object(kInvalidRequest, "method must be a string"));
  const std::string method = msg["method"].get<std::string>();
  const Json params = msg.contains("params") ? msg["params"] : Json::object();
  if (!params.is_object())
    return has_id ? reply_error(id, error_object(kInvalidParams, "params must be an object")) : "";
  if (!has_id) {  // a notification: never answered
    if (method == "notifications/initialized" && initialize_answered_) initialized_ = true;
    return "";
  }
  Json error;
  Json result;
  try {
    result = dispatch(method, params, error);
  } catch (const std::exception& e) {
    error = error_object(kInternalError, std::string("internal error: ") + e.what());
  }
  return error.is_null() ? reply(id, result) : reply_error(id, error);
}

Json Server::dispatch(const std::string& method, const Json& params, Json& error) {
  if (method == "ping") return Json::object();
  if (method == "initialize") {
    std::string version = kVersions[0];
    const Json asked = params.contains("protocolVersion") ? params["protocolVersion"] : Json();
    for (const char* v : kVersions)
      if (asked.is_string() && asked == v) version = v;
    initialize_answered_ = true;
    return {{"protocolVersion", version},
            {"capabilities", {{"tools", {{"listChanged", false}}}}},
            {"serverInfo", {{"name", "ascendify"}, {"version", version_}}},
            {"instructions",
             "Assess PyTorch repositories for Huawei Ascend NPUs: `scan` first (verdict, weeks, "
             "what stops the run, findings by page), `explain` for a rule, `fix_preview` for the "
             "mechanical diff. Paths are relative to the workspace root; nothing is written."}};
  }
  // Before initialize only ping is served (the lifecycle of the protocol).
  if (!initialize_answered_) {
    error = error_object(kInvalidRequest, "server not initialized: send initialize first");
    return {};
  }
  if (method == "tools/list") return {{"tools", tool_list()}};
  if (method == "tools/call") {
    if (!params.contains("name") || !params["name"].is_string()) {
      error = error_object(kInvalidParams, "tools/call needs a tool name");
      return {};
    }
    const std::string name = params["name"].get<std::string>();
    const Json args = params.contains("arguments") ? params["arguments"] : Json::object();
    if (std::string why = check_arguments(name, args); !why.empty()) {
      error = error_object(kInvalidParams, name + ": " + why);
      return {};
    }
    ToolResult r = call_(name, args);
    Json out;
    const std::string text =
        r.text.empty() ? r.structured.dump(2, ' ', false, Json::error_handler_t::replace) : r.text;
    out["content"] = Json::array({{{"type", "text"}, {"text", text}}});
    if (!r.structured.is_null() && r.structured.is_object())
      out["structuredContent"] = r.structured;
    out["isError"] = r.is_error;
    return out;
  }
  error = error_object(kMethodNotFound, "method not found: " + method);
  return {};
}

}  // namespace ascendify::mcp
