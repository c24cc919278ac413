#include "assess/kernel_model.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "assess/model_snapshot.hpp"
#include "rules/embedded.hpp"

namespace ascendify::assess {

namespace {

std::vector<std::string> strings(const YAML::Node& n) {
  std::vector<std::string> out;
  if (n && n.IsSequence())
    for (const auto& x : n) out.push_back(x.as<std::string>());
  return out;
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}

}  // namespace

bool load_kernel_paths(KernelPathModel& model, std::string_view name, std::string_view text,
                       std::vector<Diagnostic>& diagnostics) {
  KernelPathModel m;
  try {
    const YAML::Node root = YAML::Load(std::string(text));
    for (const auto& p : root["purposes"]) {
      KernelPurpose kp;
      kp.purpose = p["purpose"].as<std::string>();
      kp.keywords = strings(p["keywords"]);
      kp.ops = strings(p["ops"]);
      kp.ascend = p["ascend"] ? p["ascend"].as<std::string>() : "";
      kp.ascend_zh = p["ascend_zh"] ? p["ascend_zh"].as<std::string>() : "";
      m.purposes.push_back(std::move(kp));
    }
    if (const YAML::Node d = root["default_paths"]; d && d.IsMap())
      for (const auto& kv : d)
        m.default_paths[kv.first.as<std::string>()] = kv.second.as<std::string>();
    if (const YAML::Node d = root["default_paths_zh"]; d && d.IsMap())
      for (const auto& kv : d)
        m.default_paths_zh[kv.first.as<std::string>()] = kv.second.as<std::string>();
    m.no_op_purposes = strings(root["no_op_purposes"]);
    if (root["fallback"]) m.fallback = root["fallback"].as<std::string>();
    if (root["fallback_zh"]) m.fallback_zh = root["fallback_zh"].as<std::string>();
    if (const YAML::Node e = root["external_extensions"]; e) {
      m.external_modules = strings(e["modules"]);
      m.external_suffixes = strings(e["suffixes"]);
      if (e["path"]) m.external_path = e["path"].as<std::string>();
      if (e["path_zh"]) m.external_path_zh = e["path_zh"].as<std::string>();
    }
  } catch (const YAML::Exception& e) {
    diagnostics.push_back({std::string(name), static_cast<uint32_t>(e.mark.line + 1),
                           std::string("bad kernel model: ") + e.what()});
    return false;
  }
  model = std::move(m);
  return true;
}

KernelPathModel parse_embedded_kernel_paths() {
  KernelPathModel m;
  std::vector<Diagnostic> ignored;  // tested in tests/assess/kernel_model_test.cpp
  for (const auto& f : rules::embedded_model_files())
    if (f.name.ends_with("/kernels.yaml")) load_kernel_paths(m, f.name, f.text, ignored);
  return m;
}

const KernelPathModel& embedded_kernel_paths() {
  static const KernelPathModel model = [] {
    KernelPathModel m;
    if (read_model_snapshot(rules::embedded_model_snapshot(), rules::embedded_model_hash(), nullptr,
                            &m))
      return m;
    return parse_embedded_kernel_paths();
  }();
  return model;
}

std::vector<std::string> name_words(std::string_view name) {
  std::vector<std::string> words;
  std::string cur;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '_' || c == '.' || c == '-' || c == ' ') {
      if (!cur.empty()) words.push_back(std::move(cur));
      cur.clear();
      continue;
    }
    // camelCase boundary: aB, or ABc (the last capital of a run starts a word).
    if (is_upper(c) && !cur.empty() &&
        (is_lower(name[i - 1]) ||
         (i + 1 < name.size() && is_lower(name[i + 1]) && is_upper(name[i - 1])))) {
      words.push_back(std::move(cur));
      cur.clear();
    }
    cur += lower(c);
  }
  if (!cur.empty()) words.push_back(std::move(cur));
  return words;
}

std::string name_stem(std::string_view name) {
  static const std::vector<std::string_view> kDrop = {
      "kernel", "kernels", "fwd",   "bwd",    "forward", "backward", "ref", "reference",
      "torch",  "pytorch", "naive", "triton", "cuda",    "impl",     "fn",  "func"};
  std::string stem;
  for (const std::string& w : name_words(name))
    if (std::find(kDrop.begin(), kDrop.end(), w) == kDrop.end()) stem += w;
  return stem;
}

// "num_warps:4" + ("num_warps", "8") -> "num_warps:4,8" (values sorted numerically).
void add_feature_value(std::vector<std::string>& features, const std::string& key,
                       const std::string& value) {
  const std::string prefix = key + ":";
  std::vector<std::string> values;
  std::string_view in = value;
  while (!in.empty()) {
    size_t c = in.find(',');
    values.emplace_back(in.substr(0, c));
    if (c == std::string_view::npos) break;
    in.remove_prefix(c + 1);
  }
  auto it = std::find_if(features.begin(), features.end(),
                         [&](const std::string& f) { return f.starts_with(prefix); });
  if (it != features.end()) {
    std::string_view rest = std::string_view(*it).substr(prefix.size());
    while (!rest.empty()) {
      size_t c = rest.find(',');
      values.emplace_back(rest.substr(0, c));
      if (c == std::string_view::npos) break;
      rest.remove_prefix(c + 1);
    }
  }
  std::sort(values.begin(), values.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::string joined = prefix;
  for (size_t v = 0; v < values.size(); ++v) joined += (v ? "," : "") + values[v];
  if (it != features.end()) {
    *it = std::move(joined);
  } else {
    features.push_back(std::move(joined));
  }
}

namespace {

const KernelPurpose* by_name(const KernelPathModel& m, std::string_view name) {
  const std::vector<std::string> words = name_words(name);
  std::string joined;
  for (const auto& w : words) joined += w;
  for (const KernelPurpose& p : m.purposes)
    for (const std::string& k : p.keywords) {
      if (k.empty()) continue;
      if (k.size() >= 5 && joined.find(k) != std::string::npos) return &p;
      for (const std::string& w : words)
        if (w.starts_with(k)) return &p;
    }
  return nullptr;
}

}  // namespace

const KernelPurpose* purpose_of(const KernelPathModel& m, std::string_view name,
                                const std::vector<std::string>& calls, std::string_view file_stem) {
  if (const KernelPurpose* p = by_name(m, name)) return p;
  if (const KernelPurpose* p = file_stem.empty() ? nullptr : by_name(m, file_stem)) return p;
  for (const KernelPurpose& p : m.purposes)
    for (const std::string& op : p.ops)
      if (std::find(calls.begin(), calls.end(), op) != calls.end()) return &p;
  return nullptr;
}

}  // namespace ascendify::assess
