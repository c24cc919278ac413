#include "cli/cli_doc.hpp"

#include <CLI/CLI.hpp>

namespace ascendify::cli {
namespace {

// CLI11 appends each validator's description to the type name: "TEXT:{zh,en}" for
// CLI::IsMember({"zh", "en"}). The values between the braces are the choices.
std::vector<std::string> choices_of(const std::string& type_name) {
  std::vector<std::string> out;
  auto open = type_name.find(":{");
  if (open == std::string::npos) return out;
  auto close = type_name.find('}', open);
  if (close == std::string::npos) return out;
  std::string item;
  for (size_t i = open + 2; i < close; ++i) {
    if (type_name[i] == ',') {
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else {
      item += type_name[i];
    }
  }
  if (!item.empty()) out.push_back(item);
  return out;
}

std::string value_name_of(const CLI::Option& opt, const std::vector<std::string>& choices) {
  if (opt.get_expected_max() == 0) return "";
  std::string name = opt.get_type_name();
  auto colon = name.find(':');
  if (colon != std::string::npos) name = name.substr(0, colon);
  if (!choices.empty() && (name == "TEXT" || name.empty())) {
    name.clear();
    for (const auto& c : choices) name += (name.empty() ? "" : "|") + c;
  }
  if (name.empty()) name = "VALUE";
  return name;
}

OptionDoc document(const CLI::Option& opt) {
  OptionDoc d;
  for (const auto& s : opt.get_snames()) d.flags.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) d.flags.push_back("--" + l);
  if (d.flags.empty()) d.positional = opt.get_name();
  d.choices = choices_of(opt.get_type_name());
  d.value_name = value_name_of(opt, d.choices);
  d.description = opt.get_description();
  d.required = opt.get_required();
  d.repeatable = opt.get_items_expected_max() > 1;  // a std::vector option or positional
  for (const char* word : {"PATH", "FILE", "DIR", "LIST", ".json", "REPORT"})
    if (d.value_name.find(word) != std::string::npos) d.path_value = true;
  return d;
}

std::vector<OptionDoc> options_of(const CLI::App& app, bool positionals) {
  std::vector<OptionDoc> out;
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_positional() != positionals) continue;
    out.push_back(document(*opt));
  }
  return out;
}

}  // namespace

CliDoc describe_cli(const CLI::App& app, const std::string& version) {
  CliDoc doc;
  doc.name = "ascendify";
  doc.description = app.get_description();
  doc.version = version;
  doc.global_options = options_of(app, false);
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    CommandDoc c;
    c.name = sub->get_name();
    c.description = sub->get_description();
    c.options = options_of(*sub, false);
    auto pos = options_of(*sub, true);
    c.options.insert(c.options.end(), pos.begin(), pos.end());
    doc.commands.push_back(std::move(c));
  }
  return doc;
}

std::string synopsis_of(const OptionDoc& o) {
  if (!o.positional.empty()) {
    std::string word = o.value_name.empty() || o.value_name == "TEXT" ? o.positional : o.value_name;
    if (o.repeatable) word += "...";
    return o.required ? word : "[" + word + "]";
  }
  std::string s = o.flags.back();
  if (!o.value_name.empty()) s += " " + o.value_name;
  if (o.repeatable) s += "...";
  return o.required ? s : "[" + s + "]";
}

}  // namespace ascendify::cli
