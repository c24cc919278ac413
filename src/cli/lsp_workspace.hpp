#pragma once
// The analysis behind `ascendify lsp` (the lsp::Backend): each open document of the workspace
// is analysed in memory as it changes (front end, matching, the own-package filter and
// aggregation of `scan`), in milliseconds; a whole-project scan+assess runs on a background
// thread at initialize and after each save, and its notes (stops the run, optional, site class)
// annotate the findings that match it. Reads only files inside the root; writes only the
// report of `ascendify.writeReport`, outside the root.
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "cli/commands.hpp"
#include "cli/lsp_diagnostics.hpp"
#include "cli/project_scan.hpp"
#include "lsp/server.hpp"
#include "project/file_filters.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::cli {

inline constexpr const char* kWriteReportCommand = "ascendify.writeReport";

class Workspace : public lsp::Backend {
 public:
  using Notify = std::function<void(const std::string& method, nlohmann::json params)>;
  // `wake` is called from the scan thread when a project scan is done: the loop then calls
  // poll() on its own thread.
  Workspace(LspArgs args, Notify notify, std::function<void()> wake);
  ~Workspace() override;

  void initialize(const lsp::Session& session) override;
  std::vector<std::string> commands() const override { return {kWriteReportCommand}; }
  void changed(const lsp::Document& doc) override;
  void closed(const std::string& uri) override;
  void saved(const std::string& uri) override;
  nlohmann::json hover(const lsp::Document& doc, size_t offset) override;
  nlohmann::json code_actions(const lsp::Document& doc, size_t begin, size_t end,
                              const nlohmann::json& context) override;
  nlohmann::json execute(const std::string& command, const nlohmann::json& arguments,
                         lsp::RequestError& error) override;

  // Takes a finished project scan: its notes annotate the open documents' diagnostics again.
  void poll();

 private:
  struct Analysis {
    std::string uri;
    int64_t version = 0;
    ScannedFile file;
    std::string text;
    std::vector<Finding> sites;  // every site (hover, code actions)
    std::vector<Finding> shown;  // after the per-file aggregation (the diagnostics)
    std::vector<TextRange> site_ranges, shown_ranges;
    std::vector<const ProjectNote*> notes;  // of `shown`, as last published (into notes_)
  };
  // "rule\0match\0scope" -> the notes of the project scan's findings with that key, in order.
  using Notes = std::map<std::string, std::vector<ProjectNote>>;

  void log(lsp::LogType type, const std::string& message);
  // The root-relative path of a document inside the root; "" otherwise.
  std::string relative(const std::string& uri) const;
  void analyse(Analysis& a);
  void publish(Analysis& a);
  void start_scan();
  void install(std::shared_ptr<ProjectScan> scan, double seconds);
  nlohmann::json write_report(const nlohmann::json& arguments, lsp::RequestError& error);

  LspArgs args_;
  Notify notify_;
  std::function<void()> wake_;
  std::filesystem::path root_;  // empty: no workspace, every document is outside
  lsp::Encoding encoding_ = lsp::Encoding::Utf16;
  ProjectScanArgs project_args_;
  ScanArgs cache_args_;  // what open_scan_cache reads: rule files, hardware, cache options
  pipeline::ScanOptions scan_options_;
  std::unique_ptr<rules::RuleSet> rules_;
  project::FileFilters filters_;                  // own code only: `shown` aggregates on its own
  std::map<std::string, Analysis> open_;          // by URI
  std::shared_ptr<ProjectScan> last_;             // the last project scan (facts freed)
  std::unordered_map<std::string, Notes> notes_;  // by root-relative path
  bool scanning_ = false;
  bool scan_again_ = false;  // saved while a scan ran

  std::mutex mutex_;  // guards finished_
  std::condition_variable done_;
  std::shared_ptr<ProjectScan> finished_;  // null after a failed scan
  bool finished_ready_ = false;
  double finished_seconds_ = 0;
  std::thread worker_;
};

}  // namespace ascendify::cli
