#include "cli/lsp_workspace.hpp"

#include <chrono>

#include "cli/explain.hpp"
#include "cli/output_dir.hpp"
#include "cli/project_config.hpp"
#include "cli/scan_cache.hpp"
#include "core/text.hpp"
#include "discover/discover.hpp"
#include "fix/fix.hpp"
#include "lsp/uri.hpp"
#include "match/matcher.hpp"
#include "project/aggregate.hpp"
#include "project/skip_in_tests.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

std::string note_key(const Finding& f) {
  return concat(
      {f.rule_id, std::string_view("\0", 1), f.match, std::string_view("\0", 1), f.scope});
}

bool overlaps(TextRange r, size_t begin, size_t end) {
  return r.begin <= end && begin <= r.end;
}

// `kind` is asked for by the client's `only` list (none: every kind).
bool wanted(const Json& context, const std::string& kind) {
  const auto only = context.is_object() ? context.find("only") : context.end();
  if (!context.is_object() || only == context.end() || !only->is_array()) return true;
  for (const Json& k : *only)
    if (k.is_string()) {
      const std::string& s = k.get_ref<const std::string&>();
      if (kind == s || kind.starts_with(s + ".")) return true;
    }
  return false;
}

}  // namespace

Workspace::Workspace(LspArgs args, Notify notify, std::function<void()> wake)
    : args_(std::move(args)), notify_(std::move(notify)), wake_(std::move(wake)) {}

Workspace::~Workspace() {
  if (worker_.joinable()) worker_.join();
}

void Workspace::log(lsp::LogType type, const std::string& message) {
  notify_("window/logMessage", {{"type", static_cast<int>(type)}, {"message", message}});
}

void Workspace::initialize(const lsp::Session& session) {
  encoding_ = session.encoding;
  std::string root = args_.root;  // --root wins over the client's folder
  if (root.empty()) root = lsp::uri_to_path(session.root_uri);
  if (root.empty()) root = session.root_path;
  if (root.empty()) {
    log(lsp::LogType::Warning,
        "ascendify: no workspace root (rootUri, workspaceFolders or --root): no diagnostics");
    return;
  }
  std::error_code ec;
  const fs::path canon = fs::canonical(root, ec);
  if (ec || !fs::is_directory(canon, ec)) {
    log(lsp::LogType::Error, "ascendify: workspace root " + root + " is not a folder");
    return;
  }
  root_ = canon;
  // The settings `ascendify scan ROOT` would use: pyproject's [tool.ascendify] included.
  ScanArgs sa;
  sa.path = root_.string();
  sa.rule_files = args_.rule_files;
  sa.hardware = args_.hardware;
  sa.all_sites = args_.all_sites;
  sa.threads = args_.threads;
  sa = with_project_config(sa);
  std::string hardware = resolve_hardware(sa.hardware);
  if (hardware.empty()) {
    log(lsp::LogType::Error, "ascendify: unknown hardware profile " + sa.hardware);
    hardware = resolve_hardware("");
  }
  std::vector<Diagnostic> diags;
  rules_ = std::make_unique<rules::RuleSet>(rules::load_rules(sa.rule_files, diags));
  rules_->apply_hardware(hardware);
  for (const Diagnostic& d : diags)
    log(lsp::LogType::Warning, concat({"ascendify: ", d.path, ": ", d.message}));
  args_.all_sites = sa.all_sites;
  scan_options_.discover.max_file_size = sa.max_file_size;
  scan_options_.discover.excludes = sa.excludes;
  scan_options_.threads = sa.threads;
  scan_options_.slim_facts = true;
  for (const std::string& spec : sa.phases)
    if (const size_t eq = spec.find('='); eq != std::string::npos && eq > 0)
      project_args_.phases.emplace_back(spec.substr(0, eq),
                                        split_commas(std::string_view(spec).substr(eq + 1)));
  project_args_.target_phase = sa.target;
  // The own-package filter needs the project's file list: one walk (no file is read).
  filters_ = project::FileFilters(discover::walk(root_, scan_options_.discover).files,
                                  {.own_code = true, .aggregate = false});
  project_args_.root = root_;
  project_args_.root_label = root_.string();
  project_args_.rule_files = sa.rule_files;
  project_args_.hardware = hardware;
  project_args_.all_sites = sa.all_sites;
  cache_args_ = sa;
  cache_args_.no_cache = args_.no_cache;
  cache_args_.cache_dir = args_.cache_dir;
  start_scan();
}

std::string Workspace::relative(const std::string& uri) const {
  if (root_.empty()) return "";
  const std::string path = lsp::uri_to_path(uri);
  if (path.empty()) return "";
  std::error_code ec;
  // Symbolic links resolved (metadata only, nothing is read): a link out of the root is out.
  const fs::path real = fs::weakly_canonical(fs::path(path).lexically_normal(), ec);
  if (ec || !real.is_absolute() || !is_inside(root_, real)) return "";
  const fs::path rel = real.lexically_relative(root_);
  if (rel.empty() || rel == "." || *rel.begin() == "..") return "";
  return rel.generic_string();
}

void Workspace::analyse(Analysis& a) {
  a.file.facts = {};
  a.sites.clear();
  a.shown.clear();
  a.site_ranges.clear();
  a.shown_ranges.clear();
  SourceFile& sf = a.file.file;
  sf.root = interned((root_ / "").string());
  sf.kind = discover::classify_with_content(sf.rel_path, std::string_view(a.text).substr(0, 256));
  sf.size = a.text.size();
  if (sf.kind == FileKind::Other || sf.kind == FileKind::CMake) return;
  if (sf.size > scan_options_.discover.max_file_size) {
    log(lsp::LogType::Info, concat({"ascendify: ", sf.rel_path,
                                    " is over the file size limit; "
                                    "not analysed"}));
    return;
  }
  a.file.facts = pipeline::analyze_file(sf, a.text);
  const match::DropHit drop = [this](const SourceFile& file, const Rule& rule,
                                     std::string_view match) {
    return filters_.drops(file.rel_path, rule, match);
  };
  size_t suppressed = 0;
  a.sites = match::match_file(*rules_, sf, a.text, a.file.facts, &suppressed, &drop);
  a.shown = a.sites;
  if (!args_.all_sites) project::aggregate_per_file(a.shown);
  for (const Finding& f : a.sites)
    a.site_ranges.push_back(locate(f, a.text, a.file.facts, sf.kind));
  for (const Finding& f : a.shown)
    a.shown_ranges.push_back(locate(f, a.text, a.file.facts, sf.kind));
}

void Workspace::publish(Analysis& a) {
  const lsp::LineIndex index(a.text);
  const auto notes = notes_.find(a.file.file.rel_path);
  std::map<std::string, size_t> seen;  // the k-th site of a key gets the k-th note
  a.notes.assign(a.shown.size(), nullptr);
  Json diags = Json::array();
  for (size_t i = 0; i < a.shown.size(); ++i) {
    const Finding& f = a.shown[i];
    if (notes != notes_.end()) {
      const std::string key = note_key(f);
      const size_t k = seen[key]++;
      if (const auto it = notes->second.find(key);
          it != notes->second.end() && k < it->second.size())
        a.notes[i] = &it->second[k];
    }
    diags.push_back(diagnostic_json(f, a.notes[i], a.shown_ranges[i], index, encoding_));
  }
  notify_("textDocument/publishDiagnostics",
          {{"uri", a.uri}, {"version", a.version}, {"diagnostics", std::move(diags)}});
}

void Workspace::changed(const lsp::Document& doc) {
  const std::string rel = relative(doc.uri);
  if (rel.empty()) {  // outside the root: never analysed, never read
    if (open_.erase(doc.uri))
      notify_("textDocument/publishDiagnostics",
              {{"uri", doc.uri}, {"diagnostics", Json::array()}});
    return;
  }
  Analysis& a = open_[doc.uri];
  a.uri = doc.uri;
  a.version = doc.version;
  a.text = doc.text;
  a.file.file.rel_path = rel;
  analyse(a);
  publish(a);
}

void Workspace::closed(const std::string& uri) {
  if (open_.erase(uri))
    notify_("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", Json::array()}});
}

void Workspace::saved(const std::string& uri) {
  if (!relative(uri).empty()) start_scan();
}

Json Workspace::hover(const lsp::Document& doc, size_t offset) {
  const auto it = open_.find(doc.uri);
  if (it == open_.end()) return nullptr;
  const Analysis& a = it->second;
  std::string text;
  TextRange range;
  std::vector<std::string> done;  // one text per rule
  for (size_t i = 0; i < a.sites.size(); ++i) {
    const TextRange r = a.site_ranges[i];
    const Finding& f = a.sites[i];
    if (offset < r.begin || offset > r.end || !f.rule || in_list(done, f.rule_id)) continue;
    if (text.empty()) range = r;
    if (!text.empty()) text.append("\n---\n\n");
    text.append(explain_text(*f.rule));
    done.push_back(f.rule_id);
  }
  if (text.empty()) return nullptr;
  const lsp::LineIndex index(a.text);
  return {{"contents", {{"kind", "plaintext"}, {"value", text}}},
          {"range", range_json(range, index, encoding_)}};
}

Json Workspace::code_actions(const lsp::Document& doc, size_t begin, size_t end,
                             const Json& context) {
  Json actions = Json::array();
  const auto it = open_.find(doc.uri);
  if (it == open_.end() || it->second.sites.empty()) return actions;
  const Analysis& a = it->second;
  // The safe fixes of `ascendify fix` on this buffer (never the unsafe ones); the client
  // applies the edits, the server writes nothing.
  const fix::FixOptions options;
  const fix::TextProvider provider = [&](const SourceFile&) {
    return std::optional<std::string>(a.text);
  };
  const fix::FixResult plan = fix::plan_fixes({a.file}, a.sites, root_, options, provider);
  if (plan.files.empty() || plan.files[0].original != a.text) return actions;
  const fix::FilePlan& fp = plan.files[0];
  const lsp::LineIndex index(a.text);
  auto text_edit = [&](size_t b, size_t e, const std::string& t) {
    return Json{{"range", range_json({b, e}, index, encoding_)}, {"newText", t}};
  };
  auto with_import = [&](Json edits) {
    if (!fp.inserted.empty())
      edits.insert(edits.begin(), text_edit(fp.insert_offset, fp.insert_offset, fp.inserted));
    return Json{{"changes", {{a.uri, std::move(edits)}}}};
  };
  if (wanted(context, "quickfix")) {
    for (const fix::Edit& e : fp.edits) {
      if (e.unsafe || !overlaps({e.offset, e.end_offset}, begin, end)) continue;
      Json diags = Json::array();  // as published (the client matches them by value)
      for (size_t i = 0; i < a.shown.size(); ++i)
        if (a.shown[i].rule_id == e.rule_id && overlaps(a.shown_ranges[i], e.offset, e.end_offset))
          diags.push_back(
              diagnostic_json(a.shown[i], a.notes[i], a.shown_ranges[i], index, encoding_));
      const std::string was = a.text.substr(e.offset, e.end_offset - e.offset);
      actions.push_back(
          {{"title",
            concat({"ascendify: replace `", was, "` with `", e.text, "` (", e.rule_id, ")"})},
           {"kind", "quickfix"},
           {"diagnostics", std::move(diags)},
           {"isPreferred", true},
           {"edit", with_import(Json::array({text_edit(e.offset, e.end_offset, e.text)}))}});
    }
  }
  if (wanted(context, "source.fixAll.ascendify") && !fp.edits.empty()) {
    Json edits = Json::array();
    for (const fix::Edit& e : fp.edits)
      if (!e.unsafe) edits.push_back(text_edit(e.offset, e.end_offset, e.text));
    actions.push_back({{"title", concat({"ascendify: apply the ", std::to_string(edits.size()),
                                         " safe fix(es) of this file"})},
                       {"kind", "source.fixAll.ascendify"},
                       {"edit", with_import(std::move(edits))}});
  }
  return actions;
}

Json Workspace::execute(const std::string& command, const Json& arguments,
                        lsp::RequestError& error) {
  if (command != kWriteReportCommand) {
    error = {lsp::kInvalidParams, "unknown command " + command};
    return {};
  }
  return write_report(arguments, error);
}

void Workspace::start_scan() {
  if (root_.empty()) return;
  if (scanning_) {  // one scan at a time; the latest save gets one more
    scan_again_ = true;
    return;
  }
  scanning_ = true;
  if (worker_.joinable()) worker_.join();
  worker_ = std::thread([this, pargs = project_args_, options = scan_options_]() mutable {
    const auto t0 = std::chrono::steady_clock::now();
    std::shared_ptr<ProjectScan> scan;
    try {
      // A re-scan after a save re-analyses the saved files only (docs/cache.md).
      const auto cache = open_scan_cache(cache_args_, pargs.root, pargs.hardware);
      options.cache = cache.get();
      scan = std::make_shared<ProjectScan>(scan_project(pargs, options));
      scan->files = {};  // the facts fed assess; nothing here reads them again
    } catch (const std::exception&) {
      scan = nullptr;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    {
      std::lock_guard lock(mutex_);
      finished_ = std::move(scan);
      finished_ready_ = true;
      finished_seconds_ = seconds;
    }
    done_.notify_all();
    wake_();
  });
}

void Workspace::poll() {
  std::shared_ptr<ProjectScan> scan;
  double seconds = 0;
  {
    std::lock_guard lock(mutex_);
    if (!finished_ready_) return;
    finished_ready_ = false;
    scan = std::move(finished_);
    seconds = finished_seconds_;
  }
  scanning_ = false;
  if (scan)
    install(std::move(scan), seconds);
  else
    log(lsp::LogType::Error, "ascendify: the project scan failed");
  if (scan_again_) {
    scan_again_ = false;
    start_scan();
  }
}

void Workspace::install(std::shared_ptr<ProjectScan> scan, double seconds) {
  notes_.clear();
  for (const Finding& f : scan->assessment.findings)
    notes_[f.path][note_key(f)].push_back({f.site_class, f.optional, f.phases});
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.0f", seconds * 1000);
  log(lsp::LogType::Info,
      concat({"ascendify: project scan of ", root_.string(),
              " done: ", std::to_string(scan->assessment.findings.size()), " findings, ",
              std::string(to_string(scan->assessment.feasibility)), ", ", ms, " ms"}));
  last_ = std::move(scan);
  for (auto& [uri, a] : open_) publish(a);
}

}  // namespace ascendify::cli
