#include "assess/startup_files.hpp"

#include <algorithm>

#include "assess/import_graph.hpp"
#include "assess/model.hpp"
#include "assess/phases.hpp"
#include "core/use_digest.hpp"

namespace ascendify::assess {

namespace {

bool is_torch(std::string_view dotted) {
  return dotted == "torch" || dotted.starts_with("torch.");
}

std::string folder_of(const std::string& rel_path) {
  const size_t slash = rel_path.rfind('/');
  return slash == std::string::npos ? std::string() : rel_path.substr(0, slash + 1);
}

// Python files another project file runs by name: a ".py" path given to open() (to exec it),
// runpy.run_path() or execfile().
std::vector<bool> run_by_name(const ScannedFiles& files, const ImportGraph& graph) {
  std::vector<bool> out(files.size(), false);
  for (const auto& sf : files) {
    if (sf.file.kind != FileKind::Python && sf.file.kind != FileKind::Notebook) continue;
    for (const std::string& named : scripts_run_by_name(sf.facts)) {
      std::string path = named;
      if (path.starts_with("./")) path = path.substr(2);
      int t = graph.find_path(folder_of(sf.file.rel_path) + path);
      if (t < 0) t = graph.find_path(path);
      if (t >= 0) out[static_cast<size_t>(t)] = true;
    }
  }
  return out;
}

}  // namespace

std::vector<int> startup_file_indexes(const ScannedFiles& files, const ImportGraph& graph,
                                      const PhaseMap& pm) {
  std::vector<bool> imported(files.size(), false);
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].file.kind == FileKind::Config) continue;  // a class path imports nothing
    for (int t : graph.edges(static_cast<int>(i)))
      if (t != static_cast<int>(i) && t >= 0 && static_cast<size_t>(t) < files.size())
        imported[static_cast<size_t>(t)] = true;
  }
  const std::vector<bool> by_name = run_by_name(files, graph);
  std::vector<int> out;
  for (int r : pm.entry_roots) {
    const size_t i = static_cast<size_t>(r);
    // Imported by others: a library, unless a launcher also runs it as a program.
    const bool launched = std::binary_search(pm.launched_roots.begin(), pm.launched_roots.end(), r);
    if ((imported[i] && !launched) || by_name[i]) continue;
    // Module code that runs when the entry starts: its own and that of what it imports.
    const std::vector<uint8_t> reach = graph.reach({r});
    bool torch = false;
    for (size_t j = 0; j < files.size() && !torch; ++j) {
      if (reach[j] == ImportGraph::kUnreached || reach[j] == ImportGraph::kAllOptional) continue;
      for (const std::string_view d : graph.external(static_cast<int>(j)))
        torch = torch || is_torch(d);
    }
    if (torch) out.push_back(r);
  }
  return out;
}

std::vector<std::string> startup_files(const ScannedFiles& files) {
  const ImportGraph graph(files);
  std::vector<Diagnostic> ignored;  // the scan reports these
  const PhaseMap pm = build_phases(files, graph, embedded_model().phases, {}, ignored);
  std::vector<std::string> out;
  for (int i : startup_file_indexes(files, graph, pm))
    out.push_back(files[static_cast<size_t>(i)].file.rel_path);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ascendify::assess
