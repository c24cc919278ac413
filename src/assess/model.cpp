#include "assess/model.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "assess/entry_points.hpp"
#include "assess/model_snapshot.hpp"
#include "core/text.hpp"
#include "rules/embedded.hpp"

namespace ascendify::assess {

namespace {

double num(const YAML::Node& n, double fallback) {
  if (!n || !n.IsScalar()) return fallback;
  return n.as<double>();
}

std::vector<std::string> strings(const YAML::Node& n) {
  std::vector<std::string> out;
  if (n && n.IsSequence())
    for (const auto& x : n) out.push_back(x.as<std::string>());
  return out;
}

std::map<std::string, double> number_map(const YAML::Node& n) {
  std::map<std::string, double> out;
  if (n && n.IsMap())
    for (const auto& kv : n) out[kv.first.as<std::string>()] = kv.second.as<double>();
  return out;
}

VerificationModel verification(const YAML::Node& n, const char* site_key) {
  VerificationModel v;
  if (!n) return v;
  v.base = num(n["base"], 0);
  v.per_phase = num(n["per_phase"], 0);
  v.per_kernel = num(n["per_kernel"], 0);
  v.per_site = num(n[site_key], 0);
  return v;
}

void load_effort(EffortModel& e, const YAML::Node& n) {
  e.hours_per_week = num(n["hours_per_week"], e.hours_per_week);
  if (e.hours_per_week <= 0) e.hours_per_week = 40.0;
  e.range_low = num(n["range"]["low"], e.range_low);
  e.range_high = num(n["range"]["high"], e.range_high);
  e.default_first = num(n["default_rule"]["first"], e.default_first);
  e.default_each = num(n["default_rule"]["each"], e.default_each);
  const YAML::Node f = n["site_factors"];
  e.factors.guarded = num(f["guarded"], e.factors.guarded);
  e.factors.transfer_to_npu_covered =
      num(f["transfer_to_npu_covered"], e.factors.transfer_to_npu_covered);
  e.factors.unreached = num(f["unreached"], e.factors.unreached);
  e.environment_hours = num(n["environment_hours"], e.environment_hours);
  const YAML::Node k = n["kernels"];
  if (k) {
    KernelModel& m = e.kernels;
    m.base_hours = number_map(k["base_hours"]);
    m.default_base_hours = num(k["default_base_hours"], m.default_base_hours);
    m.hours_per_100_loc = number_map(k["hours_per_100_loc"]);
    m.feature_hours = number_map(k["feature_hours"]);
    m.default_feature_hours = num(k["default_feature_hours"], m.default_feature_hours);
    m.templated_factor = num(k["templated_factor"], m.templated_factor);
    m.backward_kinds = strings(k["backward_kinds"]);
    m.backward_factor = num(k["backward_factor"], m.backward_factor);
    m.fallback_factor = num(k["fallback_factor"], m.fallback_factor);
  }
  e.precision = verification(n["verification"]["precision"], "per_precision_site");
  e.performance = verification(n["verification"]["performance"], "per_attention_site");
  e.smoke_hours_per_phase = num(n["verification"]["smoke_per_phase"], e.smoke_hours_per_phase);
  e.smoke_ignore_rules = strings(n["verification"]["ignore_rules"]);
}

void load_phases(PhaseModel& p, const YAML::Node& n) {
  if (n["conventions"]) {
    p.conventions.clear();
    for (const auto& c : n["conventions"]) {
      PhaseConvention conv{c["phase"].as<std::string>(), strings(c["words"]), {}};
      conv.word_tokens = convention_tokens(conv.words);
      p.conventions.push_back(std::move(conv));
    }
  }
  if (n["fallback_phase"]) p.fallback_phase = n["fallback_phase"].as<std::string>();
  if (n["training_phases"]) p.training_phases = strings(n["training_phases"]);
  if (n["order"]) p.order = strings(n["order"]);
  const YAML::Node t = n["tests"];
  if (t) {
    if (t["policy"]) p.tests_policy = t["policy"].as<std::string>();
    p.test_folders = strings(t["folders"]);
    p.test_prefixes = strings(t["prefixes"]);
    p.test_suffixes = strings(t["suffixes"]);
    p.test_names = strings(t["names"]);
  }
  if (const YAML::Node s = n["scripts"]; s) {
    p.script_exclude_names = strings(s["exclude_names"]);
    p.script_ignore_calls = strings(s["ignore_calls"]);
  }
  if (const YAML::Node d = n["dispatchers"]; d) {
    p.dispatcher_stems = strings(d["stems"]);
    if (d["min_phases"]) p.dispatcher_min_phases = d["min_phases"].as<uint32_t>();
  }
  p.pure_decorators = strings(n["pure_decorators"]);
  p.task_options = strings(n["task_options"]);
}

std::string str_of(const YAML::Node& n) {
  return n ? n.as<std::string>() : std::string();
}

void load_counterparts(std::vector<CounterpartModel>& out, const YAML::Node& n) {
  out.clear();
  for (const auto& c : n["counterparts"]) {
    CounterpartModel m;
    m.id = str_of(c["id"]);
    m.framework = str_of(c["framework"]);
    m.name = str_of(c["counterpart"]);
    m.how = str_of(c["how"]);
    m.how_zh = str_of(c["how_zh"]);
    if (const YAML::Node is = c["is"]; is) {
      m.packages = strings(is["packages"]);
      m.min_share = num(is["min_share"], m.min_share);
      m.hours_is = num(is["hours"], 0);
    }
    if (const YAML::Node on = c["built_on"]; on) {
      m.distributions = strings(on["distributions"]);
      m.hours_built_on = num(on["hours"], 0);
      m.rules = strings(on["rules"]);
    }
    m.feasibility = str_of(c["feasibility"]);
    m.refs = strings(c["refs"]);
    out.push_back(std::move(m));
  }
}

void load_roadmap(std::vector<RoadmapStepModel>& steps, const YAML::Node& n) {
  if (!n["steps"]) return;
  steps.clear();
  for (const auto& s : n["steps"]) {
    RoadmapStepModel m;
    m.id = s["id"].as<std::string>();
    m.title = s["title"] ? s["title"].as<std::string>() : m.id;
    m.detail = s["detail"] ? s["detail"].as<std::string>() : "";
    m.title_zh = s["title_zh"] ? s["title_zh"].as<std::string>() : "";
    m.detail_zh = s["detail_zh"] ? s["detail_zh"].as<std::string>() : "";
    m.domains = strings(s["domains"]);
    m.always = s["always"] && s["always"].as<bool>();
    m.kernels = s["kernels"] && s["kernels"].as<bool>();
    m.verification = s["verification"] && s["verification"].as<bool>();
    steps.push_back(std::move(m));
  }
}

}  // namespace

void load_model_file(Model& model, std::string_view name, std::string_view text,
                     std::vector<Diagnostic>& diagnostics) {
  std::string_view stem = name.substr(name.find_last_of('/') + 1);
  stem = stem.substr(0, stem.find('.'));
  Model copy = model;  // all-or-nothing per file
  try {
    const YAML::Node root = YAML::Load(std::string(text));
    if (stem == "effort")
      load_effort(copy.effort, root);
    else if (stem == "phases")
      load_phases(copy.phases, root);
    else if (stem == "roadmap")
      load_roadmap(copy.roadmap, root);
    else if (stem == "feasibility") {
      copy.feasibility.infeasible_tags = strings(root["infeasible_tags"]);
      copy.feasibility.difficult_tags = strings(root["difficult_tags"]);
      copy.feasibility.rewrite_kernel_kinds = strings(root["rewrite_kernel_kinds"]);
      copy.feasibility.ported_kernel_kinds = strings(root["ported_kernel_kinds"]);
      copy.feasibility.port_blocking_rules = strings(root["port_blocking_rules"]);
      copy.feasibility.feasible_max_adapt_hours =
          num(root["feasible_max_adapt_hours"], copy.feasibility.feasible_max_adapt_hours);
    } else if (stem == "counterparts") {
      load_counterparts(copy.counterparts, root);
    } else if (stem == "assumptions") {
      copy.assumptions.clear();
      for (const auto& a : root["assumptions"])
        copy.assumptions.push_back({str_of(a["id"]), str_of(a["en"]), str_of(a["zh"])});
    } else if (stem == "hardware") {
      copy.hardware.clear();
      copy.default_hardware = str_of(root["default"]);
      for (const auto& h : root["profiles"])
        copy.hardware.push_back({str_of(h["id"]), str_of(h["name"]), str_of(h["name_zh"]),
                                 strings(h["aliases"]), str_of(h["summary"]),
                                 str_of(h["summary_zh"]), strings(h["refs"])});
    } else if (stem == "versions") {
      copy.npu_releases.clear();
      for (const auto& v : root["releases"])
        copy.npu_releases.push_back(
            {str_of(v["torch_npu"]), str_of(v["torch"]), str_of(v["cann"]), str_of(v["status"])});
      copy.npu_release_refs = strings(root["refs"]);
    } else if (stem == "operators") {
      copy.operator_lists.clear();
      for (const auto& v : root["versions"]) {
        OperatorListModel l;
        l.torch = str_of(v["torch"]);
        std::vector<std::string> unsupported = strings(v["unsupported"]);
        std::vector<std::pair<std::string, std::string>> supported;
        for (const auto& s : v["supported"])
          supported.emplace_back(s.IsSequence() ? s[0].as<std::string>() : s.as<std::string>(),
                                 s.IsSequence() ? s[1].as<std::string>() : std::string());
        std::sort(supported.begin(), supported.end());
        std::sort(unsupported.begin(), unsupported.end());
        l.unsupported = PackedNames::of(unsupported);
        for (const auto& [name, note] : supported) {
          l.supported.push_back(name);
          l.notes.push_back(note);
        }
        l.supported.shrink_to_fit();
        l.notes.shrink_to_fit();
        copy.operator_lists.push_back(std::move(l));
      }
      copy.operator_refs = strings(root["refs"]);
    } else if (stem == "kernels") {
      // Read by kernel_model.cpp (purpose keywords -> Ascend path).
    } else {
      diagnostics.push_back({std::string(name), 0, "unknown model file (ignored)"});
      return;
    }
  } catch (const YAML::Exception& e) {
    diagnostics.push_back({std::string(name), static_cast<uint32_t>(e.mark.line + 1),
                           std::string("bad model file: ") + e.what()});
    return;
  }
  model = std::move(copy);
}

Model parse_embedded_model() {
  Model m;
  std::vector<Diagnostic> ignored;  // embedded files are tested (tests/assess/model_test)
  for (const auto& f : rules::embedded_model_files()) load_model_file(m, f.name, f.text, ignored);
  return m;
}

const HardwareProfileModel* find_hardware(const Model& model, std::string_view name) {
  const std::string want = ascii_lower(name);
  for (const auto& h : model.hardware) {
    if (h.id == want) return &h;
    for (const auto& a : h.aliases)
      if (ascii_lower(a) == want) return &h;
  }
  return nullptr;
}

const Model& embedded_model() {
  static const Model model = [] {
    Model m;
    if (read_model_snapshot(rules::embedded_model_snapshot(), rules::embedded_model_hash(), &m,
                            nullptr))
      return m;
    return parse_embedded_model();
  }();
  return model;
}

}  // namespace ascendify::assess
