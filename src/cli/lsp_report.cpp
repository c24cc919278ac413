// `ascendify.writeReport`, the one thing `ascendify lsp` writes besides its cache: the reports
// of the last whole-project scan, only when asked, and only inside the workspace root: into
// ROOT/.ascendify/reports (a folder git ignores: `.ascendify/.gitignore` says `*`), or a folder
// of the workspace the client names. A place outside the root is refused.
#include <algorithm>
#include <chrono>

#include "cli/lsp_workspace.hpp"
#include "cli/output_dir.hpp"
#include "cli/report_plan.hpp"
#include "core/text.hpp"
#include "render/render.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

constexpr int kRequestFailed = -32803;                    // LSP: the request was valid and failed
constexpr const char* kReportDir = ".ascendify/reports";  // the default, in the workspace

const char* kFormats[] = {"json", "md", "html", "sarif", "csv"};

void render_report(const Assessment& a, const std::string& format, const std::string& lang,
                   const std::function<void(std::string_view)>& put) {
  const render::Lang l = lang == "en" ? render::Lang::En : render::Lang::Zh;
  if (format == "json") return render::render_json_to(a, put, 1);
  if (format == "sarif") return render::render_sarif_to(a, put);
  if (format == "md") return render::render_markdown_to(a, l, put);
  if (format == "html") return render::render_html_to(a, l, put);
  render::render_csv_to(a, put);
}

}  // namespace

// Arguments: none, or one object {"formats": ["json", "md", ...], "dir": "/abs/folder",
// "lang": "zh"|"en"}. Answers {"dir", "paths"}.
Json Workspace::write_report(const Json& arguments, lsp::RequestError& error) {
  if (root_.empty()) {
    error = {kRequestFailed, "no workspace root: nothing to report"};
    return {};
  }
  const Json opts = arguments.empty() ? Json::object() : arguments[0];
  auto bad = [&](const std::string& why) {
    error = {lsp::kInvalidParams, concat({kWriteReportCommand, ": ", why})};
    return Json();
  };
  if (!opts.is_object()) return bad("the argument is one object {formats, dir, lang}");
  ScanArgs sa;
  sa.path = root_.string();
  sa.formats = {"json", "md"};
  if (const auto f = opts.find("formats"); f != opts.end()) {
    if (!f->is_array() || f->empty()) return bad("formats is a non-empty array");
    sa.formats.clear();
    for (const Json& v : *f) {
      if (!v.is_string() ||
          std::find(std::begin(kFormats), std::end(kFormats), v) == std::end(kFormats))
        return bad("formats are json, md, html, sarif, csv");
      sa.formats.push_back(v.get<std::string>());
    }
  }
  sa.formats_given = true;
  if (const auto l = opts.find("lang"); l != opts.end()) {
    if (*l != "zh" && *l != "en") return bad("lang is zh or en");
    sa.lang = l->get<std::string>();
  }
  fs::path dir = root_ / kReportDir;
  if (const auto d = opts.find("dir"); d != opts.end()) {
    if (!d->is_string() || d->get<std::string>().empty())
      return bad("dir is a folder of the workspace (relative to its root, or absolute)");
    dir = root_ / d->get<std::string>();  // an absolute path replaces the root
  }
  // Refused before anything is made; a folder that leads out through a symbolic link once it
  // exists is removed again by make_output_dir.
  if (!is_inside(root_, dir))
    return bad(concat({"output ", dir.string(), " is outside the workspace root; refused"}));
  // The report of the last project scan; the first one may still be running.
  if (!last_ && scanning_) {
    std::unique_lock lock(mutex_);
    done_.wait_for(lock, std::chrono::minutes(10), [&] { return finished_ready_; });
  }
  poll();
  if (!last_) {
    error = {kRequestFailed, "the project scan has not finished; try again"};
    return {};
  }
  const bool new_state_dir = !fs::exists(root_ / ".ascendify");
  switch (make_output_dir(dir, root_, Side::InsideRoot)) {
    case OutputDir::Ready:
      break;
    case OutputDir::CannotCreate:
      error = {kRequestFailed, "cannot create " + dir.string()};
      return {};
    case OutputDir::WrongSide:
      return bad(concat({"output ", dir.string(), " is outside the workspace root; refused"}));
  }
  // A folder of ours in the user's tree: git ignores it (never an existing .gitignore).
  if (new_state_dir && fs::is_directory(root_ / ".ascendify"))
    write_file_atomic(root_ / ".ascendify", ".gitignore",
                      "# Written by ascendify lsp (writeReport): reports, not sources.\n*\n");
  Json paths = Json::array();
  for (const std::string& f : sa.formats) {
    const std::string name = report_file_name(f, sa.lang);
    const std::string err =
        write_file_atomic(dir, name, [&](const std::function<void(std::string_view)>& put) {
          render_report(last_->assessment, f, sa.lang, put);
        });
    if (!err.empty()) {
      error = {kRequestFailed, err};
      return {};
    }
    paths.push_back((dir / name).string());
  }
  log(lsp::LogType::Info, concat({"ascendify: report written to ", dir.string()}));
  return {{"dir", dir.string()}, {"paths", std::move(paths)}};
}

}  // namespace ascendify::cli
