#include "lsp/server.hpp"

#include <gtest/gtest.h>

#include "lsp/framing.hpp"
#include "lsp/uri.hpp"

using namespace ascendify::lsp;

namespace {

std::vector<Frame> feed_all(FrameReader& r, std::string_view bytes) {
  r.feed(bytes);
  std::vector<Frame> out;
  Frame f;
  while (r.next(f)) out.push_back(f);
  return out;
}

struct Recorder : Backend {
  std::vector<std::string> calls;
  Session session;
  size_t hover_offset = 0;
  void initialize(const Session& s) override {
    session = s;
    calls.push_back("initialize");
  }
  void changed(const Document& d) override { calls.push_back("changed " + d.uri + " " + d.text); }
  void closed(const std::string& uri) override { calls.push_back("closed " + uri); }
  void saved(const std::string& uri) override { calls.push_back("saved " + uri); }
  Json hover(const Document&, size_t offset) override {
    hover_offset = offset;
    return {{"contents", "h"}};
  }
  Json code_actions(const Document&, size_t, size_t, const Json&) override {
    return Json::array({"a"});
  }
  Json execute(const std::string& command, const Json&, RequestError& error) override {
    if (command != "go") error = {kInvalidParams, "no"};
    return "done";
  }
};

struct Harness {
  Recorder backend;
  std::vector<Json> out;
  Server server{backend, [this](const Json& m) { out.push_back(m); }, "9.9"};
  // The messages one body produced.
  std::vector<Json> send(const std::string& body) {
    out.clear();
    server.handle(body);
    return out;
  }
  Json request(int id, const std::string& method, const Json& params = Json::object()) {
    auto r =
        send(Json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
    return r.empty() ? Json() : r.back();
  }
  std::vector<Json> notify(const std::string& method, const Json& params = Json::object()) {
    return send(Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump());
  }
  void init(const Json& caps = Json::object()) {
    request(1, "initialize", {{"rootUri", "file:///w"}, {"capabilities", caps}});
    notify("initialized");
  }
};

Json pos(int line, int ch) {
  return {{"line", line}, {"character", ch}};
}

}  // namespace

TEST(LspFraming, FrameSplitByteByByteAndTwoFramesInOneChunk) {
  const std::string a = frame(R"({"a":1})"), b = frame(R"({"b":"é"})");
  FrameReader r;
  std::vector<Frame> got;
  for (char c : a + b) {
    auto f = feed_all(r, std::string_view(&c, 1));
    got.insert(got.end(), f.begin(), f.end());
  }
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].text, R"({"a":1})");
  EXPECT_EQ(got[1].text, R"({"b":"é"})");
  FrameReader r2;
  auto both = feed_all(r2, a + b);
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[1].kind, Frame::Kind::Body);
  EXPECT_EQ(r2.buffered(), 0u);
}

TEST(LspFraming, OtherHeaderFieldsAndCaseAreAccepted) {
  FrameReader r;
  auto f = feed_all(r,
                    "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
                    "content-length:  2 \r\n\r\n{}");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, Frame::Kind::Body);
  EXPECT_EQ(f[0].text, "{}");
}

TEST(LspFraming, GarbageBeforeAHeaderIsOneErrorThenTheFrame) {
  FrameReader r;
  auto f = feed_all(r, "hello\r\nworld\r\n\r\nxx" + frame("{}"));
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].kind, Frame::Kind::Error);
  EXPECT_EQ(f[1].kind, Frame::Kind::Body);
  EXPECT_EQ(f[1].text, "{}");
}

TEST(LspFraming, BytesGluedBeforeAHeaderLoseNoFrame) {
  for (std::string glued : {"abc", "a:b", "x: y\r\nz:", "Content-Length"}) {
    FrameReader r;
    auto f = feed_all(r, glued + frame("{}") + frame("[]"));
    ASSERT_EQ(f.size(), 3u) << glued;
    EXPECT_EQ(f[0].kind, Frame::Kind::Error) << glued;
    EXPECT_EQ(f[1].text, "{}") << glued;
    EXPECT_EQ(f[2].text, "[]") << glued;
  }
}

TEST(LspFraming, BadLengthsAreDroppedAndTheNextFrameRead) {
  for (std::string bad :
       {"Content-Length: abc\r\n\r\n", "Content-Length: -3\r\n\r\n",
        "Content-Length: 99999999999999999999999\r\n\r\n",
        "Content-Length: 5\r\nContent-Length: 7\r\n\r\n", "Content-Type: x\r\n\r\n"}) {
    FrameReader r;
    auto f = feed_all(r, bad + frame("[1]"));
    ASSERT_EQ(f.size(), 2u) << bad;
    EXPECT_EQ(f[0].kind, Frame::Kind::Error) << bad;
    EXPECT_EQ(f[1].text, "[1]") << bad;
  }
  FrameReader same;  // a repeated field with the same value is fine
  auto f = feed_all(same, "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, Frame::Kind::Body);
}

TEST(LspFraming, AHugeBodyIsRefusedAndSkippedWithoutBeingHeld) {
  FrameReader r(1000);
  auto f = feed_all(r, "Content-Length: 5000\r\n\r\n");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, Frame::Kind::TooLarge);
  for (int i = 0; i < 50; ++i) {
    EXPECT_TRUE(feed_all(r, std::string(100, 'x')).empty());
    EXPECT_EQ(r.buffered(), 0u);
  }
  f = feed_all(r, frame("{}"));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].text, "{}");
}

TEST(LspFraming, EndlessGarbageIsNotKept) {
  FrameReader r;
  size_t errors = 0;
  for (int i = 0; i < 100; ++i)
    for (const Frame& f : feed_all(r, std::string(1000, 'g')))
      errors += f.kind == Frame::Kind::Error;
  EXPECT_EQ(errors, 1u);
  EXPECT_LT(r.buffered(), kMaxHeaderBytes + 1000);
  auto f = feed_all(r, frame("{}"));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].text, "{}");
}

TEST(LspPositions, Utf16CountsSurrogatePairsAndClamps) {
  const std::string text =
      "a\xF0\x9F\x98\x80"
      "b\r\nc\xC3\xA9"
      "d\rx";  // a😀b / céd / x
  LineIndex idx(text);
  EXPECT_EQ(idx.lines(), 3u);
  const size_t b = text.find('b');
  EXPECT_EQ(idx.position(b, Encoding::Utf16).character, 3u);
  EXPECT_EQ(idx.position(b, Encoding::Utf8).character, 5u);
  EXPECT_EQ(idx.offset({0, 3}, Encoding::Utf16), b);
  const size_t d = text.find('d');
  EXPECT_EQ(idx.position(d, Encoding::Utf16).line, 1u);
  EXPECT_EQ(idx.position(d, Encoding::Utf16).character, 2u);
  EXPECT_EQ(idx.offset({1, 99}, Encoding::Utf16), d + 1);  // clamped to the line's end
  EXPECT_EQ(idx.offset({2, 0}, Encoding::Utf16), text.size() - 1);
  EXPECT_EQ(idx.offset({9, 0}, Encoding::Utf16), text.size());
}

TEST(LspDocuments, RangeChangesApplyInOrder) {
  Documents docs;
  docs.open({"u", "python", "ab\ncd\n", 1});
  Json changes =
      Json::array({{{"range", {{"start", pos(1, 0)}, {"end", pos(1, 1)}}}, {"text", "X"}},
                   {{"range", {{"start", pos(0, 2)}, {"end", pos(0, 2)}}}, {"text", "!"}}});
  ASSERT_TRUE(docs.change("u", 2, changes, Encoding::Utf16));
  EXPECT_EQ(docs.find("u")->text, "ab!\nXd\n");
  EXPECT_FALSE(docs.change("u", 3, Json::array({{{"range", 5}, {"text", "y"}}}), Encoding::Utf16));
  EXPECT_EQ(docs.find("u")->text, "ab!\nXd\n");  // a bad change leaves the text
  EXPECT_FALSE(docs.change("nope", 1, Json::array(), Encoding::Utf16));
}

TEST(LspUri, PercentDecodingAndForeignUris) {
  EXPECT_EQ(uri_to_path("file:///a%20b/c%C3%A9.py"), "/a b/cé.py");
  EXPECT_EQ(uri_to_path("file://localhost/x"), "/x");
  EXPECT_EQ(uri_to_path("file://host/x"), "");
  EXPECT_EQ(uri_to_path("untitled:Untitled-1"), "");
  EXPECT_EQ(uri_to_path("file:///a%00b"), "");
  EXPECT_EQ(uri_to_path(path_to_uri("/tmp/a b#c.py")), "/tmp/a b#c.py");
}

TEST(LspServer, RequestsBeforeInitializeAreRefusedNotificationsDropped) {
  Harness h;
  EXPECT_EQ(h.request(1, "textDocument/hover")["error"]["code"], kServerNotInitialized);
  EXPECT_EQ(h.request(2, "shutdown")["error"]["code"], kServerNotInitialized);
  EXPECT_TRUE(h.notify("textDocument/didOpen",
                       {{"textDocument", {{"uri", "file:///w/a.py"}, {"text", "x"}}}})
                  .empty());
  EXPECT_TRUE(h.backend.calls.empty());
}

TEST(LspServer, InitializeNegotiatesUtf8AndReadsTheRoot) {
  Harness h;
  Json r = h.request(1, "initialize",
                     {{"workspaceFolders", {{{"uri", "file:///ws"}, {"name", "ws"}}}},
                      {"capabilities", {{"general", {{"positionEncodings", {"utf-8"}}}}}}});
  EXPECT_EQ(r["result"]["capabilities"]["positionEncoding"], "utf-8");
  EXPECT_EQ(h.backend.session.root_uri, "file:///ws");
  EXPECT_EQ(h.backend.session.encoding, Encoding::Utf8);
  EXPECT_EQ(h.request(2, "initialize")["error"]["code"], kInvalidRequest);
  Harness plain;
  r = plain.request(1, "initialize", {{"capabilities", Json::object()}});
  EXPECT_EQ(r["result"]["capabilities"]["positionEncoding"], "utf-16");
}

TEST(LspServer, MalformedMessagesGetErrorsAndTheServerGoesOn) {
  Harness h;
  h.init();
  auto r = h.send("{nope");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["error"]["code"], kParseError);
  EXPECT_TRUE(r[0]["id"].is_null());
  EXPECT_EQ(h.send("[1,2]")[0]["error"]["code"], kInvalidRequest);
  EXPECT_EQ(h.send(R"({"jsonrpc":"2.0","id":[1],"method":"x"})")[0]["error"]["code"],
            kInvalidRequest);
  EXPECT_EQ(h.send(R"({"jsonrpc":"1.0","id":3,"method":"x"})")[0]["id"], 3);
  EXPECT_EQ(h.send(R"({"jsonrpc":"2.0","id":4,"method":7})")[0]["error"]["code"], kInvalidRequest);
  EXPECT_EQ(h.send(R"({"jsonrpc":"2.0","id":5,"method":"x","params":3})")[0]["error"]["code"],
            kInvalidParams);
  EXPECT_EQ(h.request(6, "textDocument/definition")["error"]["code"], kMethodNotFound);
  EXPECT_EQ(h.request(7, "$/unknown")["error"]["code"], kMethodNotFound);
  EXPECT_TRUE(h.notify("textDocument/unknown").empty());
  EXPECT_TRUE(h.notify("$/cancelRequest", {{"id", 6}}).empty());
  EXPECT_TRUE(h.send(R"({"jsonrpc":"2.0","id":9,"result":1})").empty());  // a response
  EXPECT_EQ(h.request(8, "textDocument/hover", {{"textDocument", {{"uri", 1}}}})["error"]["code"],
            kInvalidParams);
  h.server.frame_error("too big", true);
  EXPECT_EQ(h.out.back()["error"]["code"], kInvalidRequest);
}

TEST(LspServer, DocumentsFlowToTheBackendAndPositionsBecomeOffsets) {
  Harness h;
  h.init();
  const std::string uri = "file:///w/a.py";
  h.notify("textDocument/didOpen", {{"textDocument",
                                     {{"uri", uri},
                                      {"languageId", "python"},
                                      {"version", 1},
                                      {"text", "x\n\xF0\x9F\x98\x80y\n"}}}});
  EXPECT_EQ(h.backend.calls.back(), "changed " + uri + " x\n\xF0\x9F\x98\x80y\n");
  Json r = h.request(2, "textDocument/hover",
                     {{"textDocument", {{"uri", uri}}}, {"position", pos(1, 2)}});
  EXPECT_EQ(r["result"]["contents"], "h");
  EXPECT_EQ(h.backend.hover_offset, 6u);  // after the 4-byte emoji (2 UTF-16 units)
  // A document never opened: a warning, no backend call; hover null, no code actions.
  auto logs = h.notify("textDocument/didChange",
                       {{"textDocument", {{"uri", "file:///w/b.py"}, {"version", 2}}},
                        {"contentChanges", {{{"text", "y"}}}}});
  ASSERT_EQ(logs.size(), 1u);
  EXPECT_EQ(logs[0]["method"], "window/logMessage");
  EXPECT_EQ(
      h.request(3, "textDocument/hover",
                {{"textDocument", {{"uri", "file:///w/b.py"}}}, {"position", pos(0, 0)}})["result"],
      nullptr);
  EXPECT_EQ(h.request(4, "textDocument/codeAction",
                      {{"textDocument", {{"uri", "file:///w/b.py"}}},
                       {"range", {{"start", pos(0, 0)}, {"end", pos(0, 0)}}}})["result"],
            Json::array());
  h.notify("textDocument/didChange", {{"textDocument", {{"uri", uri}, {"version", 2}}},
                                      {"contentChanges", {{{"text", "z"}}}}});
  EXPECT_EQ(h.backend.calls.back(), "changed " + uri + " z");
  EXPECT_EQ(h.server.documents().find(uri)->version, 2);
  h.notify("textDocument/didSave", {{"textDocument", {{"uri", uri}}}});
  EXPECT_EQ(h.backend.calls.back(), "saved " + uri);
  h.notify("textDocument/didClose", {{"textDocument", {{"uri", uri}}}});
  EXPECT_EQ(h.backend.calls.back(), "closed " + uri);
  EXPECT_EQ(h.server.documents().find(uri), nullptr);
  EXPECT_EQ(h.request(5, "workspace/executeCommand", {{"command", "go"}})["result"], "done");
  EXPECT_EQ(h.request(6, "workspace/executeCommand", {{"command", "x"}})["error"]["code"],
            kInvalidParams);
}

TEST(LspServer, ShutdownThenExitIsZeroExitAloneIsOne) {
  Harness h;
  h.init();
  EXPECT_TRUE(h.send(R"({"jsonrpc":"2.0","id":1,"method":"shutdown","params":null})")[0]["result"]
                  .is_null());
  EXPECT_EQ(h.request(2, "textDocument/hover")["error"]["code"], kInvalidRequest);
  EXPECT_FALSE(h.server.exited());
  h.notify("exit");
  EXPECT_TRUE(h.server.exited());
  EXPECT_EQ(h.server.exit_code(), 0);
  Harness early;
  early.notify("exit");
  EXPECT_TRUE(early.server.exited());
  EXPECT_EQ(early.server.exit_code(), 1);
}
