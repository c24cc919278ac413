#include "lsp/server.hpp"

namespace ascendify::lsp {

namespace {

const Json* member(const Json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  const auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

std::string string_at(const Json& j, const char* key) {
  const Json* m = member(j, key);
  return m && m->is_string() ? m->get<std::string>() : std::string();
}

// params.textDocument.uri, "" when absent or not a string.
std::string document_uri(const Json& params) {
  const Json* td = member(params, "textDocument");
  return td ? string_at(*td, "uri") : std::string();
}

bool read_position(const Json* j, Position& out) {
  const Json* line = j ? member(*j, "line") : nullptr;
  const Json* ch = j ? member(*j, "character") : nullptr;
  if (!line || !ch || !line->is_number_integer() || !ch->is_number_integer() ||
      line->get<int64_t>() < 0 || ch->get<int64_t>() < 0)
    return false;
  out.line = static_cast<uint32_t>(std::min<uint64_t>(line->get<uint64_t>(), UINT32_MAX));
  out.character = static_cast<uint32_t>(std::min<uint64_t>(ch->get<uint64_t>(), UINT32_MAX));
  return true;
}

std::string dump(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

void Server::reply(const Json& id, Json result) {
  send_(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Server::reply_error(const Json& id, int code, const std::string& message) {
  send_(Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Server::notify(const std::string& method, Json params) {
  send_(Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

void Server::log(LogType type, const std::string& message) {
  notify("window/logMessage", {{"type", static_cast<int>(type)}, {"message", message}});
}

void Server::frame_error(const std::string& why, bool too_large) {
  reply_error(nullptr, too_large ? kInvalidRequest : kParseError, why);
}

void Server::handle(std::string_view body) {
  try {
    handle_message(body);
  } catch (const std::exception& e) {
    reply_error(nullptr, kInternalError, std::string("internal error: ") + e.what());
  }
}

void Server::handle_message(std::string_view body) {
  const Json msg = Json::parse(body, nullptr, false);
  if (msg.is_discarded()) return reply_error(nullptr, kParseError, "parse error: not JSON");
  if (!msg.is_object())
    return reply_error(nullptr, kInvalidRequest, "a message is one JSON object (no batches)");
  const Json* idp = member(msg, "id");
  if (idp && !idp->is_string() && !idp->is_number_integer() && !idp->is_null())
    return reply_error(nullptr, kInvalidRequest, "id must be a string or an integer");
  const Json id = idp ? *idp : Json(nullptr);
  const Json* version = member(msg, "jsonrpc");
  if (!version || *version != "2.0")
    return reply_error(id, kInvalidRequest, "jsonrpc must be \"2.0\"");
  const Json* method = member(msg, "method");
  if (!method) return;  // a response: this server sends no requests
  if (!method->is_string()) return reply_error(id, kInvalidRequest, "method must be a string");
  const Json* params = member(msg, "params");
  if (params && params->is_null()) params = nullptr;  // as if omitted (clients send null)
  const Json no_params = Json::object();
  if (params && !params->is_object() && !params->is_array()) {
    if (idp) reply_error(id, kInvalidParams, "params must be an object or an array");
    return;
  }
  const std::string name = method->get<std::string>();
  if (!idp) return notification(name, params ? *params : no_params);
  RequestError error;
  Json result;
  try {
    result = request(name, params ? *params : no_params, error);
  } catch (const std::exception& e) {
    error = {kInternalError, std::string("internal error: ") + e.what()};
  }
  if (error.code != 0) return reply_error(id, error.code, error.message);
  reply(id, std::move(result));
}

Json Server::initialize(const Json& params) {
  const Json* caps = member(params, "capabilities");
  const Json* general = caps ? member(*caps, "general") : nullptr;
  const Json* encodings = general ? member(*general, "positionEncodings") : nullptr;
  session_.encoding = Encoding::Utf16;  // the protocol's default
  if (encodings && encodings->is_array())
    for (const Json& e : *encodings)
      if (e == "utf-8") session_.encoding = Encoding::Utf8;
  session_.root_uri = string_at(params, "rootUri");
  if (session_.root_uri.empty())
    if (const Json* folders = member(params, "workspaceFolders");
        folders && folders->is_array() && !folders->empty())
      session_.root_uri = string_at((*folders)[0], "uri");
  session_.root_path = string_at(params, "rootPath");
  initialize_answered_ = true;
  backend_.initialize(session_);
  return {{"capabilities",
           {{"positionEncoding", session_.encoding == Encoding::Utf8 ? "utf-8" : "utf-16"},
            {"textDocumentSync",
             {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
            {"hoverProvider", true},
            {"codeActionProvider", {{"codeActionKinds", {"quickfix", "source.fixAll.ascendify"}}}},
            {"executeCommandProvider", {{"commands", backend_.commands()}}}}},
          {"serverInfo", {{"name", "ascendify"}, {"version", version_}}}};
}

Json Server::request(const std::string& method, const Json& params, RequestError& error) {
  if (shut_down_) {
    error = {kInvalidRequest, "the server is shut down: only exit is accepted"};
    return {};
  }
  if (method == "initialize") {
    if (initialize_answered_) {
      error = {kInvalidRequest, "initialize was already answered"};
      return {};
    }
    return initialize(params);
  }
  if (!initialize_answered_) {
    error = {kServerNotInitialized, "server not initialized: send initialize first"};
    return {};
  }
  if (method == "shutdown") {
    shut_down_ = true;
    return nullptr;
  }
  if (method == "textDocument/hover") {
    Position pos;
    if (!read_position(member(params, "position"), pos)) {
      error = {kInvalidParams, "hover needs textDocument.uri and position"};
      return {};
    }
    const Document* doc = documents_.find(document_uri(params));
    if (!doc) return nullptr;  // not open: nothing to say
    return backend_.hover(*doc, LineIndex(doc->text).offset(pos, session_.encoding));
  }
  if (method == "textDocument/codeAction") {
    const Json* range = member(params, "range");
    Position from, to;
    if (!range || !read_position(member(*range, "start"), from) ||
        !read_position(member(*range, "end"), to)) {
      error = {kInvalidParams, "codeAction needs textDocument.uri and range"};
      return {};
    }
    const Document* doc = documents_.find(document_uri(params));
    if (!doc) return Json::array();
    const LineIndex index(doc->text);
    size_t a = index.offset(from, session_.encoding), b = index.offset(to, session_.encoding);
    if (b < a) std::swap(a, b);
    const Json* context = member(params, "context");
    return backend_.code_actions(*doc, a, b, context ? *context : Json::object());
  }
  if (method == "workspace/executeCommand") {
    const std::string command = string_at(params, "command");
    const Json* args = member(params, "arguments");
    if (command.empty() || (args && !args->is_array())) {
      error = {kInvalidParams, "executeCommand needs a command and an arguments array"};
      return {};
    }
    return backend_.execute(command, args ? *args : Json::array(), error);
  }
  error = {kMethodNotFound, "method not found: " + method};
  return {};
}

void Server::notification(const std::string& method, const Json& params) {
  if (method == "exit") {
    exited_ = true;
    return;
  }
  // Before initialize and after shutdown notifications are dropped (the protocol's lifecycle);
  // $/cancelRequest and the like are ignored: every request is answered at once anyway.
  if (!initialize_answered_ || shut_down_ || method.starts_with("$/")) return;
  const std::string uri = document_uri(params);
  if (method == "textDocument/didOpen") {
    const Json* td = member(params, "textDocument");
    const Json* text = td ? member(*td, "text") : nullptr;
    if (uri.empty() || !text || !text->is_string()) {
      log(LogType::Warning, "didOpen without textDocument.uri and text: ignored");
      return;
    }
    const Json* version = member(*td, "version");
    Document doc;
    doc.uri = uri;
    doc.language = string_at(*td, "languageId");
    doc.text = text->get<std::string>();
    doc.version = version && version->is_number_integer() ? version->get<int64_t>() : 0;
    documents_.open(std::move(doc));
    backend_.changed(*documents_.find(uri));
    return;
  }
  if (method == "textDocument/didChange") {
    if (!documents_.find(uri)) {
      log(LogType::Warning,
          "didChange for a document that is not open: ignored (" + dump(Json(uri)) + ")");
      return;
    }
    const Json* td = member(params, "textDocument");
    const Json* version = td ? member(*td, "version") : nullptr;
    const Json* changes = member(params, "contentChanges");
    const int64_t v = version && version->is_number_integer() ? version->get<int64_t>() : 0;
    if (!changes || !documents_.change(uri, v, *changes, session_.encoding)) {
      log(LogType::Warning, "malformed didChange: ignored (" + dump(Json(uri)) + ")");
      return;
    }
    backend_.changed(*documents_.find(uri));
    return;
  }
  if (method == "textDocument/didClose") {
    if (!documents_.find(uri)) return;
    documents_.close(uri);
    backend_.closed(uri);
    return;
  }
  if (method == "textDocument/didSave") {
    if (!uri.empty()) backend_.saved(uri);
    return;
  }
  // initialized, workspace/didChangeConfiguration, ...: nothing to do.
}

}  // namespace ascendify::lsp
