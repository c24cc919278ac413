// The tools of `ascendify mcp` and their input schemas: the schemas are data here, the one
// place both tools/list and the argument check read.
#include "mcp/server.hpp"

namespace ascendify::mcp {

namespace {

using Json = nlohmann::json;

Json string_prop(const char* description) {
  return {{"type", "string"}, {"description", description}};
}

Json enum_prop(const char* description, std::initializer_list<const char*> values) {
  Json j = string_prop(description);
  j["enum"] = Json::array();
  for (const char* v : values) j["enum"].push_back(v);
  return j;
}

Json strings_prop(const char* description) {
  return {{"type", "array"}, {"items", {{"type", "string"}}}, {"description", description}};
}

Json tool(const char* name, const char* title, const char* description, Json properties,
          std::initializer_list<const char*> required) {
  Json schema = {
      {"type", "object"}, {"properties", std::move(properties)}, {"additionalProperties", false}};
  if (required.size() > 0) {
    schema["required"] = Json::array();
    for (const char* r : required) schema["required"].push_back(r);
  }
  return {{"name", name},
          {"title", title},
          {"description", description},
          {"inputSchema", schema},
          {"annotations", {{"readOnlyHint", true}, {"openWorldHint", false}}}};
}

Json build_tools() {
  const char* path_doc =
      "Repository (or file) to scan, relative to the server's workspace root; default '.'. "
      "Paths outside the root are refused.";
  Json tools = Json::array();
  tools.push_back(tool(
      "scan", "Assess a repository for Ascend NPU",
      "Scan a PyTorch repository for CUDA dependencies: the verdict (feasible / needs-adaptation "
      "/ difficult / infeasible), effort in person-weeks, what stops the default run on an NPU "
      "(file:line), and the findings with their Ascend replacement, paged and filterable by "
      "domain, phase, class and path prefix. Writes nothing.",
      {{"path", string_prop(path_doc)},
       {"target", string_prop("Phase whose minimal migration set is computed (e.g. inference)")},
       {"hardware", enum_prop("Target hardware profile",
                              {"atlas-a2", "atlas-a3", "ascend-950", "atlas-300i-duo"})},
       {"lang", enum_prop("Language of messages and replacements", {"en", "zh"})},
       {"domain",
        enum_prop("Only findings of this domain", {"dependency", "device", "attention", "custom_op",
                                                   "distributed", "precision", "compile"})},
       {"phase", string_prop("Only findings in this phase (e.g. training)")},
       {"class", enum_prop("Only findings of this class",
                           {"stops-run", "must-adapt", "mechanical", "tuning", "no-change"})},
       {"path_prefix", string_prop("Only findings in files under this path (root-relative)")},
       {"offset",
        {{"type", "integer"}, {"minimum", 0}, {"description", "First finding of the page"}}},
       {"limit",
        {{"type", "integer"},
         {"minimum", 1},
         {"maximum", 500},
         {"description", "Findings per page (default 50)"}}}},
      {}));
  tools.push_back(tool("explain", "Explain a rule",
                       "What a rule finds, its Ascend replacement, confidence, whether fix "
                       "applies it, its effort and its sources.",
                       {{"rule", string_prop("Rule id, e.g. attention.flash-attn-func")}},
                       {"rule"}));
  tools.push_back(tool(
      "fix_preview", "Preview the mechanical port",
      "The unified diff that `ascendify fix` would apply (torch.cuda -> torch.npu, device "
      "strings, backends, autocast, the transfer_to_npu start-up block), for chosen rules, "
      "domains or files. Never writes.",
      {{"path", string_prop(path_doc)},
       {"only", strings_prop("Only these rule ids or domains")},
       {"exclude", strings_prop("Not these rule ids or domains")},
       {"files", strings_prop("Only the diff of these files (root-relative paths)")},
       {"transfer_to_npu",
        {{"type", "boolean"},
         {"description", "Add the transfer_to_npu redirect; edit only what it does not cover"}}},
       {"unsafe_fixes",
        {{"type", "boolean"}, {"description", "Include the fixes declared unsafe"}}}},
      {}));
  tools.push_back(tool(
      "rules", "List the knowledge base",
      "The rules: id, domain, confidence, replacement, transfer_to_npu coverage "
      "and fix.",
      {{"domain", enum_prop("Only this domain", {"dependency", "device", "attention", "custom_op",
                                                 "distributed", "precision", "compile"})}},
      {}));
  return tools;
}

std::string check_value(const Json& schema, const Json& value, const std::string& where) {
  const std::string type = schema.value("type", "");
  if (type == "string") {
    if (!value.is_string()) return where + " must be a string";
    if (schema.contains("enum")) {
      for (const auto& e : schema["enum"])
        if (e == value) return "";
      return where + " must be one of " + schema["enum"].dump();
    }
    return "";
  }
  if (type == "integer") {
    if (!value.is_number_integer()) return where + " must be an integer";
    const auto v = value.get<long long>();
    if (schema.contains("minimum") && v < schema["minimum"].get<long long>())
      return where + " must be at least " + schema["minimum"].dump();
    if (schema.contains("maximum") && v > schema["maximum"].get<long long>())
      return where + " must be at most " + schema["maximum"].dump();
    return "";
  }
  if (type == "boolean") return value.is_boolean() ? "" : where + " must be true or false";
  if (type == "array") {
    if (!value.is_array()) return where + " must be an array";
    if (value.size() > 1000) return where + " has more than 1000 items";
    for (const auto& item : value)
      if (std::string e = check_value(schema["items"], item, where + "[]"); !e.empty()) return e;
    return "";
  }
  return "";
}

}  // namespace

const nlohmann::json& tool_list() {
  static const Json tools = build_tools();
  return tools;
}

std::string check_arguments(const std::string& name, const nlohmann::json& args) {
  for (const auto& t : tool_list()) {
    if (t["name"] != name) continue;
    if (!args.is_object()) return "arguments must be an object";
    const Json& schema = t["inputSchema"];
    for (const auto& [key, value] : args.items()) {
      if (!schema["properties"].contains(key)) return "unknown argument '" + key + "'";
      if (std::string e = check_value(schema["properties"][key], value, key); !e.empty()) return e;
    }
    if (schema.contains("required"))
      for (const auto& r : schema["required"])
        if (!args.contains(r.get<std::string>()))
          return "missing argument '" + r.get<std::string>() + "'";
    return "";
  }
  return "unknown tool '" + name + "'";
}

}  // namespace ascendify::mcp
