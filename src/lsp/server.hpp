#pragma once
// `ascendify lsp`: a Language Server over stdio. This part is the protocol alone: the bodies of
// the frames FrameReader cut from the stream go in, JSON-RPC messages come out through `send`;
// the lifecycle (initialize / initialized / shutdown / exit), the open documents and the
// position encoding live here. What the diagnostics, hovers and code actions say comes from a
// Backend (src/cli/lsp_*.cpp). No I/O, so that tests and the fuzzer drive it directly.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "lsp/documents.hpp"
#include "lsp/positions.hpp"

namespace ascendify::lsp {

using Json = nlohmann::json;

// JSON-RPC and LSP error codes.
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kServerNotInitialized = -32002;

// window/logMessage types.
enum class LogType { Error = 1, Warning = 2, Info = 3, Log = 4 };

// What initialize told the server.
struct Session {
  std::string root_uri;  // rootUri, else the first workspace folder, else "" (rootPath: a path)
  std::string root_path;
  Encoding encoding = Encoding::Utf16;
};

// A failed request: code and message of the JSON-RPC error.
struct RequestError {
  int code = 0;
  std::string message;
};

// The analysis behind the protocol. Calls come on the thread that calls Server::handle.
class Backend {
 public:
  virtual ~Backend() = default;
  // initialize; the answer's capabilities list `commands()`.
  virtual void initialize(const Session& session) = 0;
  virtual std::vector<std::string> commands() const { return {}; }
  // didOpen / didChange: the document's new text.
  virtual void changed(const Document& doc) = 0;
  virtual void closed(const std::string& uri) = 0;
  virtual void saved(const std::string& uri) = 0;
  // textDocument/hover at byte `offset` of the document: a Hover or null.
  virtual Json hover(const Document& doc, size_t offset) = 0;
  // textDocument/codeAction for bytes [begin, end); `context` as the client sent it.
  virtual Json code_actions(const Document& doc, size_t begin, size_t end, const Json& context) = 0;
  // workspace/executeCommand: the result, or `error.code` set.
  virtual Json execute(const std::string& command, const Json& arguments, RequestError& error) = 0;
};

class Server {
 public:
  using Send = std::function<void(const Json& message)>;
  Server(Backend& backend, Send send, std::string version)
      : backend_(backend), send_(std::move(send)), version_(std::move(version)) {}

  // One frame's body. Whatever it holds, the answer (if any) is a JSON-RPC message: nothing a
  // client sends ends the server but `exit`.
  void handle(std::string_view body);
  // A frame FrameReader could not cut: answered with an error whose id is null.
  void frame_error(const std::string& why, bool too_large);

  void notify(const std::string& method, Json params);
  void log(LogType type, const std::string& message);

  bool exited() const { return exited_; }
  int exit_code() const { return shut_down_ ? 0 : 1; }
  bool initialized() const { return initialize_answered_; }
  Encoding encoding() const { return session_.encoding; }
  const Documents& documents() const { return documents_; }

 private:
  void handle_message(std::string_view body);
  void reply(const Json& id, Json result);
  void reply_error(const Json& id, int code, const std::string& message);
  Json request(const std::string& method, const Json& params, RequestError& error);
  void notification(const std::string& method, const Json& params);
  Json initialize(const Json& params);

  Backend& backend_;
  Send send_;
  std::string version_;
  Session session_;
  Documents documents_;
  bool initialize_answered_ = false;
  bool shut_down_ = false;
  bool exited_ = false;
};

}  // namespace ascendify::lsp
