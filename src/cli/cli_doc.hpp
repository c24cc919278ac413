#pragma once
// The command line as data: read off the CLI11 definition once, so that the man page and the
// shell completions are generated from the same definition that parses the arguments.
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace ascendify::cli {

struct OptionDoc {
  std::vector<std::string> flags;  // "-o", "--output"; empty for a positional
  std::string positional;          // "path" for a positional argument
  std::string value_name;          // "DIR|FILE|-"; empty for a flag that takes no value
  std::string description;
  std::vector<std::string> choices;  // the fixed values it accepts (CLI::IsMember), if any
  bool required = false;
  bool repeatable = false;
  bool path_value = false;  // its value is a file or folder (completed as one)
};

struct CommandDoc {
  std::string name;
  std::string description;
  std::vector<OptionDoc> options;  // options first, then positionals in order
};

struct CliDoc {
  std::string name;
  std::string description;
  std::string version;
  std::vector<OptionDoc> global_options;  // --help, --version
  std::vector<CommandDoc> commands;
};

CliDoc describe_cli(const CLI::App& app, const std::string& version);

// "[-o DIR]", "--lang zh|en", "path": how an option reads in a synopsis.
std::string synopsis_of(const OptionDoc& o);

}  // namespace ascendify::cli
