// `ascendify.writeReport`, the one thing `ascendify lsp` writes: the reports of the last
// whole-project scan, into the state folder `ascendify scan` falls back to
// (state_report_dir), or a folder the client names; never inside the workspace root.
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

constexpr int kRequestFailed = -32803;  // LSP: the request was valid and failed

const char* kFormats[] = {"json", "md", "html", "sarif", "csv"};

void render_report(const Assessment& a, const std::string& format, const std::string& lang,
                   const std::function<void(std::string_view)>& put) {
  const render::Lang l = lang == "en" ? render::Lang::En : render::Lang::Zh;
  if (format == "json") return render::render_json_to(a, put, 1);
  if (format == "sarif") return render::render_sarif_to(a, put);
  if (format == "md") return put(render::render_markdown(a, l));
  if (format == "html") return put(render::render_html(a, l));
  put(render::render_csv(a));
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
  if (const auto d = opts.find("dir"); d != opts.end()) {
    if (!d->is_string() || !fs::path(d->get<std::string>()).is_absolute())
      return bad("dir is an absolute path outside the workspace root");
    sa.out_dir = d->get<std::string>();
  } else {
    // The editor's current folder says nothing about where reports belong: the state folder
    // `scan` falls back to.
    sa.out_dir = state_report_dir(root_).string();
    if (sa.out_dir.empty()) {
      error = {kRequestFailed, "no folder for the report: XDG_STATE_HOME and HOME unset; pass dir"};
      return {};
    }
  }
  std::string why;
  const std::optional<ReportPlan> plan = plan_reports(sa, root_, false, why);
  if (!plan) return bad(why);  // among others: a folder inside the root
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
  switch (make_output_dir(plan->dir, root_)) {
    case OutputDir::Ready: break;
    case OutputDir::CannotCreate:
      error = {kRequestFailed, "cannot create " + plan->dir.string()};
      return {};
    case OutputDir::InsideRoot:
      return bad(concat({"output ", plan->dir.string(), " is inside the workspace root; refused"}));
  }
  Json paths = Json::array();
  for (const std::string& f : plan->to_files) {
    const std::string name =
        plan->single_name.empty() ? report_file_name(f, sa.lang) : plan->single_name;
    const std::string err =
        write_file_atomic(plan->dir, name, [&](const std::function<void(std::string_view)>& put) {
          render_report(last_->assessment, f, sa.lang, put);
        });
    if (!err.empty()) {
      error = {kRequestFailed, err};
      return {};
    }
    paths.push_back((plan->dir / name).string());
  }
  log(lsp::LogType::Info, concat({"ascendify: report written to ", plan->dir.string()}));
  return {{"dir", plan->dir.string()}, {"paths", std::move(paths)}};
}

}  // namespace ascendify::cli
