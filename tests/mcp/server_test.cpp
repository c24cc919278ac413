#include "mcp/server.hpp"

#include <gtest/gtest.h>

using namespace ascendify::mcp;
using Json = nlohmann::json;

namespace {

struct Recorder {
  std::vector<std::pair<std::string, Json>> calls;
  ToolResult operator()(const std::string& name, const Json& args) {
    calls.push_back({name, args});
    ToolResult r;
    r.structured = {{"ok", true}};
    return r;
  }
};

Json answer(Server& s, const std::string& line) {
  return Json::parse(s.handle_line(line));
}

}  // namespace

TEST(McpServer, InitializeThenCallAToolWithCheckedArguments) {
  Recorder rec;
  Server s(std::ref(rec), "9.9");
  EXPECT_EQ(answer(s, R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})")["error"]["code"],
            -32600);
  const Json init = answer(
      s,
      R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-03-26"}})");
  EXPECT_EQ(init["result"]["protocolVersion"], "2025-03-26");
  EXPECT_EQ(init["result"]["serverInfo"]["version"], "9.9");
  EXPECT_EQ(s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"), "");
  EXPECT_TRUE(s.initialized());
  const Json call = answer(
      s,
      R"({"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"scan","arguments":{"path":"a","limit":5}}})");
  EXPECT_EQ(call["id"], "x");
  EXPECT_EQ(call["result"]["isError"], false);
  EXPECT_EQ(call["result"]["structuredContent"]["ok"], true);
  ASSERT_EQ(rec.calls.size(), 1u);
  EXPECT_EQ(rec.calls[0].second["limit"], 5);
  // Arguments outside the schema never reach the tool.
  for (const char* bad : {R"({"path":1})", R"({"limit":0})", R"({"limit":"5"})",
                          R"({"extra":true})", R"({"domain":"gpu"})", R"([])"}) {
    const Json r = answer(
        s,
        std::string(
            R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"scan","arguments":)") +
            bad + "}}");
    EXPECT_EQ(r["error"]["code"], -32602) << bad;
  }
  EXPECT_EQ(
      answer(
          s,
          R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"explain","arguments":{}}})")
          ["error"]["message"],
      "explain: missing argument 'rule'");
  EXPECT_EQ(rec.calls.size(), 1u);
}

TEST(McpServer, BadFramesGetErrorsAndNotificationsNoAnswer) {
  Recorder rec;
  Server s(std::ref(rec), "1");
  EXPECT_EQ(answer(s, "{")["error"]["code"], -32700);
  EXPECT_EQ(answer(s, "42")["error"]["code"], -32600);
  EXPECT_EQ(answer(s, R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])")["error"]["code"], -32600);
  EXPECT_EQ(answer(s, R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})")["error"]["code"], -32600);
  EXPECT_EQ(answer(s, R"({"jsonrpc":"2.0","id":1,"method":7})")["error"]["code"], -32600);
  EXPECT_EQ(answer(s, R"({"jsonrpc":"2.0","id":1,"method":"ping","params":[1]})")["error"]["code"],
            -32602);
  // Found by fuzz/mcp_fuzz.cpp: a number where a string is expected once ended the server.
  EXPECT_EQ(answer(s, R"({"jsonrpc":1,"id":1,"method":"ping"})")["error"]["code"], -32600);
  EXPECT_EQ(answer(s, R"({"jsonrpc":null,"id":1,"method":"ping"})")["error"]["code"], -32600);
  EXPECT_EQ(s.handle_line(R"({"jsonrpc":"2.0","method":"whatever"})"), "");
  EXPECT_EQ(s.handle_line(R"({"jsonrpc":"2.0","id":5,"result":{}})"), "");
  EXPECT_EQ(s.handle_line("   "), "");
  EXPECT_EQ(answer(s, std::string(kMaxMessageBytes + 1, ' '))["error"]["code"], -32600);
  // Invalid UTF-8 in a string still gives a valid JSON answer.
  const std::string bad_utf8 =
      std::string(R"({"jsonrpc":"2.0","id":1,"method":"no)") + "\xff" + R"("})";
  EXPECT_FALSE(Json::parse(s.handle_line(bad_utf8), nullptr, false).is_discarded());
  EXPECT_EQ(answer(s, R"({"jsonrpc":"2.0","id":9,"method":"ping"})")["result"], Json::object());
  EXPECT_TRUE(rec.calls.empty());
}
