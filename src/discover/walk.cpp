// Directory walk: explicit stack, sorted entries, .gitignore-aware, symlink-safe.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "discover/discover.hpp"
#include "discover/git_index.hpp"
#include "discover/gitignore.hpp"

namespace ascendify::discover {
namespace fs = std::filesystem;
namespace {

constexpr uint64_t kMaxIgnoreFileSize = 4ull * 1024 * 1024;

bool always_skipped_dir(std::string_view name) {
  return name == "site-packages" || name == "node_modules" || name == "__pycache__" ||
         name == ".tox" || name == ".mypy_cache" || name == ".ipynb_checkpoints";
}

std::string join(const std::string& dir, const std::string& name) {
  return dir.empty() ? name : dir + "/" + name;
}

// The git work tree a directory belongs to; its tracked paths are read on first need (only
// when a .gitignore pattern matches something that exists).
struct Repo {
  std::string base;  // work tree root, relative to the walk root ("" for the root)
  fs::path dir;      // the work tree root on disk
  bool loaded = false;
  TrackedPaths tracked;
};

struct Frame {
  fs::path abs;  // path to list (possibly through a followed symlink)
  std::string rel;
  std::shared_ptr<const IgnoreList> ignore;
  std::shared_ptr<Repo> repo;  // null outside a git work tree
  bool ignored = false;        // ignored itself, entered for the tracked paths inside only
};

class Walker {
 public:
  Walker(const Options& options, Result& result, const OnFile* on_file)
      : options_(options), result_(result), on_file_(on_file) {}

  void run(const fs::path& root);

 private:
  void diag(std::string path, std::string message) {
    result_.diagnostics.push_back({std::move(path), 0, std::move(message)});
  }
  // Marks a directory as visited by (dev, inode); false when already visited or on error.
  bool visit(const fs::path& dir);
  bool visit(int dir_fd);
  // Reads a pattern file; nullopt-like empty result and a diagnostic on error.
  bool read_patterns(const fs::path& file, const std::string& rel, std::vector<IgnorePattern>& out);
  void process(const Frame& frame);
  void add_named_file(const std::string& name);
  // `dir_fd`: the open folder of the file (stat and access by name, not by a long path).
  void add_file(const std::string& rel, const Frame& in, const IgnoreList* ignore, Repo* repo,
                int dir_fd, const std::string& name, std::optional<FileKind> named = std::nullopt);
  // Matched by .gitignore / info/exclude (or inside an ignored folder, `in.ignored`).
  static bool matched(const Frame& in, const IgnoreList* ignore, const std::string& rel,
                      bool is_dir) {
    return in.ignored || is_ignored(ignore, rel, is_dir);
  }
  // A matched path stays out unless git tracks it (git never ignores a tracked file); the
  // user's own excludes apply to tracked paths too.
  bool stays_ignored(Repo* repo, const std::string& rel, bool is_dir);
  const TrackedPaths& tracked(Repo& repo);
  bool inside_root(const fs::path& canonical) const;

  const Options& options_;
  Result& result_;
  const OnFile* on_file_;  // optional
  fs::path root_abs_;
  std::string root_abs_prefix_;  // root_abs_ ending with one '/': rel appended gives the path
  SharedText root_;              // root_abs_prefix_ interned: each file's SourceFile::root
  std::string root_canon_;
  std::shared_ptr<const IgnoreList> user_excludes_;  // Options::excludes alone (null: none)
  std::set<std::pair<dev_t, ino_t>> visited_;
  std::vector<Frame> stack_;
  std::deque<Frame> deferred_;  // directories reached through symlinks, walked last
};

bool Walker::visit(const fs::path& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) return false;
  return visited_.insert({st.st_dev, st.st_ino}).second;
}

bool Walker::visit(int dir_fd) {
  struct stat st {};
  if (::fstat(dir_fd, &st) != 0) return false;
  return visited_.insert({st.st_dev, st.st_ino}).second;
}

bool Walker::read_patterns(const fs::path& file, const std::string& rel,
                           std::vector<IgnorePattern>& out) {
  std::error_code ec;
  // Like git, a .gitignore that is a symlink is not followed (it could point anywhere).
  if (!fs::is_regular_file(fs::symlink_status(file, ec))) return false;
  uint64_t size = fs::file_size(file, ec);
  if (ec) {
    diag(rel, "cannot read ignore file: " + ec.message());
    return false;
  }
  if (size > kMaxIgnoreFileSize) {
    diag(rel, "ignore file of " + std::to_string(size) + " bytes is too large; not applied");
    return false;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    diag(rel, "cannot read ignore file");
    return false;
  }
  std::string text(static_cast<size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  text.resize(static_cast<size_t>(in.gcount()));
  out = parse_ignore_file(text);
  return true;
}

bool Walker::inside_root(const fs::path& canonical) const {
  const std::string& s = canonical.native();
  if (s == root_canon_) return true;
  if (root_canon_ == "/") return true;
  return s.size() > root_canon_.size() && s.compare(0, root_canon_.size(), root_canon_) == 0 &&
         s[root_canon_.size()] == '/';
}

const TrackedPaths& Walker::tracked(Repo& repo) {
  if (repo.loaded) return repo.tracked;
  repo.loaded = true;
  std::string why;
  if (!load_tracked_paths(repo.dir, repo.tracked, &why))
    diag(repo.base.empty() ? ".git/index" : repo.base + "/.git/index",
         "cannot read the git index (" + why + "); .gitignore patterns apply to tracked files too");
  return repo.tracked;
}

bool Walker::stays_ignored(Repo* repo, const std::string& rel, bool is_dir) {
  if (repo == nullptr) return true;
  std::string_view in_repo = rel;
  if (!repo->base.empty()) in_repo.remove_prefix(repo->base.size() + 1);
  const TrackedPaths& t = tracked(*repo);
  if (!(is_dir ? t.has_under(in_repo) : t.has_file(in_repo))) return true;
  // Tracked: git does not ignore it; the user's own excludes still apply.
  return user_excludes_ && is_ignored(user_excludes_.get(), rel, is_dir);
}

// `named`: a file the user named (single-file scan), of the kind given, whatever ignores it.
void Walker::add_file(const std::string& rel, const Frame& in, const IgnoreList* ignore, Repo* repo,
                      int dir_fd, const std::string& name, std::optional<FileKind> named) {
  FileKind kind = named ? *named : classify(rel);
  if (kind == FileKind::Other && !options_.include_other && !named) return;
  if (!named && matched(in, ignore, rel, false) && stays_ignored(repo, rel, false))
    return;  // after classify: most files are not source
  struct stat st;
  if (::fstatat(dir_fd, name.c_str(), &st, 0) != 0) {
    diag(rel, std::string("cannot stat file: ") + std::strerror(errno));
    return;
  }
  const auto size = static_cast<uint64_t>(st.st_size);
  if (size > options_.max_file_size) {
    diag(rel, std::to_string(size) + " bytes exceeds the size cap of " +
                  std::to_string(options_.max_file_size) + " bytes");
    return;
  }
  if (::faccessat(dir_fd, name.c_str(), R_OK, 0) != 0) {
    diag(rel, "file is not readable: " + std::error_code(errno, std::generic_category()).message());
    return;
  }
  SourceFile f;
  f.rel_path = rel;
  f.root = root_;  // root_abs_ / rel, without parsing rel into a path
  f.kind = kind;
  f.size = size;
  result_.files.push_back(std::move(f));
  if (on_file_) (*on_file_)(result_.files.back());
}

// The type of a directory entry without following a symlink: from d_type when the file system
// gives it, else from fstatat relative to the folder (st_mode mapped to a d_type by IFTODT).
fs::file_status status_from_dirent(int dir_fd, const std::string& name, unsigned char d_type,
                                   std::error_code& ec) {
  ec.clear();
  if (d_type == DT_UNKNOWN) {
    struct stat st;
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      ec = std::error_code(errno, std::generic_category());
      return fs::file_status(fs::file_type::none);
    }
    d_type = static_cast<unsigned char>(IFTODT(st.st_mode));
  }
  switch (d_type) {
    case DT_DIR:
      return fs::file_status(fs::file_type::directory);
    case DT_REG:
      return fs::file_status(fs::file_type::regular);
    case DT_LNK:
      return fs::file_status(fs::file_type::symlink);
    case DT_FIFO:
      return fs::file_status(fs::file_type::fifo);
    case DT_SOCK:
      return fs::file_status(fs::file_type::socket);
    case DT_CHR:
      return fs::file_status(fs::file_type::character);
    case DT_BLK:
      return fs::file_status(fs::file_type::block);
    default:
      return fs::file_status(fs::file_type::unknown);
  }
}

// The entries of a directory with the type the file system reports (d_type), so most entries
// need no stat call. `fd` (a directory just opened, at offset 0) stays owned by the caller.
struct Listing {
  std::vector<std::pair<std::string, unsigned char>> entries;  // (name, d_type), unsorted
  bool has_gitignore = false;  // an entry named .gitignore (of any type)
  bool has_git = false;        // an entry named .git (a directory, or a file in submodules)
  int error = 0;               // errno of opening the directory (nothing listed)
  int read_error = 0;          // errno of a failed read (listing incomplete)
};

void add_entry(Listing& out, std::string_view name, unsigned char d_type) {
  if (name == "." || name == "..") return;
  if (name == ".gitignore") out.has_gitignore = true;
  if (name == ".git") out.has_git = true;
  out.entries.emplace_back(std::string(name), d_type);
}

#if defined(__linux__)
// getdents64 straight into a buffer: no DIR stream (whose fdopendir, rewind and close cost
// five more system calls per directory).
Listing list_directory(int fd) {
  Listing out;
  if (fd < 0) {
    out.error = EBADF;
    return out;
  }
  alignas(alignof(struct dirent64)) char buf[16384];
  while (true) {
    const ssize_t n = ::getdents64(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      out.read_error = errno;
      break;
    }
    if (n == 0) break;
    for (ssize_t pos = 0; pos < n;) {
      const auto* d = reinterpret_cast<const struct dirent64*>(buf + pos);
      if (d->d_reclen == 0) break;  // never from the kernel; no endless loop either way
      pos += d->d_reclen;
      add_entry(out, d->d_name, d->d_type);
    }
  }
  return out;
}
#else
Listing list_directory(int fd) {
  Listing out;
  const int own = fd >= 0 ? ::dup(fd) : -1;  // closedir closes the descriptor it was given
  DIR* dir = own >= 0 ? ::fdopendir(own) : nullptr;
  if (!dir) {
    out.error = errno ? errno : EBADF;
    if (own >= 0) ::close(own);
    return out;
  }
  ::rewinddir(dir);
  while (true) {
    errno = 0;
    const dirent* d = ::readdir(dir);
    if (!d) {
      out.read_error = errno;
      break;
    }
    add_entry(out, d->d_name, d->d_type);
  }
  ::closedir(dir);
  return out;
}
#endif

void Walker::process(const Frame& frame) {
  std::error_code ec;
  // Files are checked relative to this descriptor: one path component per lookup.
  const int dir_fd = ::open(frame.abs.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  const int open_errno = errno;
  struct CloseFd {
    int fd;
    ~CloseFd() {
      if (fd >= 0) ::close(fd);
    }
  } close_dir{dir_fd};
  // A directory reached a second time (a symlink to a walked one, a loop) is skipped; the root
  // was marked before. Checked on the open descriptor: no second path lookup.
  if (!frame.rel.empty() && !(dir_fd >= 0 ? visit(dir_fd) : visit(frame.abs))) return;
  Listing listing = list_directory(dir_fd);
  if (dir_fd < 0 || listing.error) {
    const int e = dir_fd < 0 ? open_errno : listing.error;
    diag(frame.rel.empty() ? "." : frame.rel,
         "cannot read directory: " + std::error_code(e, std::generic_category()).message());
    return;
  }
  if (listing.read_error) {
    diag(frame.rel.empty() ? "." : frame.rel,
         "directory listing incomplete: " +
             std::error_code(listing.read_error, std::generic_category()).message());
  }
  auto& entries = listing.entries;
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  // A virtualenv (except the root itself) is skipped as a whole.
  if (!frame.rel.empty()) {
    for (const auto& e : entries) {
      if (e.first == "pyvenv.cfg") return;
    }
  }
  std::shared_ptr<const IgnoreList> ignore = frame.ignore;
  std::shared_ptr<Repo> repo = frame.repo;
  if (listing.has_git) {  // a work tree root (the walk root, a nested checkout, a submodule)
    repo = std::make_shared<Repo>();
    repo->base = frame.rel;
    repo->dir = frame.abs;
  }
  if (listing.has_gitignore) {  // only looked up when listed: most directories have none
    auto list = std::make_shared<IgnoreList>();
    if (read_patterns(frame.abs / ".gitignore", join(frame.rel, ".gitignore"), list->patterns) &&
        !list->patterns.empty()) {
      list->base = frame.rel;
      list->parent = frame.ignore;
      ignore = std::move(list);
    }
  }
  if (frame.rel.empty()) {
    // Command-line / config excludes: as if appended to the root .gitignore.
    auto list = std::make_shared<IgnoreList>();
    for (const auto& pat : options_.excludes) {
      IgnorePattern p;
      if (parse_ignore_line(pat, p)) list->patterns.push_back(std::move(p));
    }
    if (!list->patterns.empty()) {
      auto alone = std::make_shared<IgnoreList>();
      alone->patterns = list->patterns;
      user_excludes_ = std::move(alone);
      list->parent = ignore;
      ignore = std::move(list);
    }
  }

  std::vector<Frame> subdirs;
  for (const auto& [name, d_type] : entries) {
    if (name == ".git") continue;
    const std::string rel = join(frame.rel, name);
    fs::file_status st = status_from_dirent(dir_fd, name, d_type, ec);
    if (ec) {
      diag(rel, "cannot stat: " + ec.message());
      continue;
    }
    bool via_symlink = false;
    if (fs::is_symlink(st)) {
      // Ignored or always-skipped links are dropped silently, before they are judged.
      if (always_skipped_dir(name) ||
          (matched(frame, ignore.get(), rel, false) && stays_ignored(repo.get(), rel, false)))
        continue;
      fs::path target = fs::canonical(frame.abs / name, ec);
      if (!ec) st = fs::status(target, ec);
      if (ec) {
        diag(rel, "broken symlink: " + ec.message());
        continue;
      }
      if (fs::is_directory(st) && matched(frame, ignore.get(), rel, true) &&
          stays_ignored(repo.get(), rel, true))
        continue;
      if (!inside_root(target)) {
        diag(rel, "symlink points outside the root");
        continue;
      }
      via_symlink = true;
    }
    if (fs::is_directory(st)) {
      if (always_skipped_dir(name)) continue;
      const bool dir_ignored = matched(frame, ignore.get(), rel, true);
      if (dir_ignored && stays_ignored(repo.get(), rel, true)) continue;
      Frame f{frame.abs / name, rel, ignore, repo, dir_ignored};
      if (via_symlink) {
        deferred_.push_back(std::move(f));
      } else {
        subdirs.push_back(std::move(f));
      }
    } else if (fs::is_regular_file(st)) {
      add_file(rel, frame, ignore.get(), repo.get(), dir_fd, name);
    }
    // fifos, sockets, devices: never listed (reading them could block).
  }
  // Push in reverse so that the smallest name is walked first.
  for (auto it2 = subdirs.rbegin(); it2 != subdirs.rend(); ++it2) stack_.push_back(std::move(*it2));
}

// The file a single-file scan names: no ignore file applies, and a kind ascendify does not
// read is said so instead of an empty report.
void Walker::add_named_file(const std::string& name) {
  FileKind kind = classify(name);
  if (kind == FileKind::Other) {
    char head[256] = {};
    if (FILE* in = std::fopen((root_abs_prefix_ + name).c_str(), "rb")) {
      const size_t n = std::fread(head, 1, sizeof head, in);
      std::fclose(in);
      kind = classify_with_content(name, std::string_view(head, n));
    }
  }
  if (kind == FileKind::Other && !options_.include_other) {
    diag(name,
         "not a kind of file ascendify reads (Python, notebook, requirements/setup/pyproject, "
         "shell script, Dockerfile, YAML config, CUDA/C++)");
    return;
  }
  const int dir_fd = ::open(root_abs_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) {
    diag(".", std::string("cannot open folder: ") + std::strerror(errno));
    return;
  }
  const Frame none{root_abs_, "", nullptr, nullptr, false};
  add_file(name, none, nullptr, nullptr, dir_fd, name, kind);
  ::close(dir_fd);
}

void Walker::run(const fs::path& root) {
  std::error_code ec;
  fs::file_status st = fs::status(root, ec);
  if (ec || !fs::exists(st)) {
    diag(".", "root does not exist: " + root.string());
    return;
  }
  if (!fs::is_directory(st)) {
    diag(".", "root is not a directory: " + root.string());
    return;
  }
  root_abs_ = fs::absolute(root, ec);
  if (ec) root_abs_ = root;
  // What fs::path's operator/ gives: a '/' between unless the root already ends with one.
  root_abs_prefix_ = root_abs_.native();
  if (root_abs_.has_filename()) root_abs_prefix_ += '/';
  root_ = interned(root_abs_prefix_);
  fs::path canon = fs::canonical(root, ec);
  if (ec) {
    diag(".", "cannot resolve root: " + ec.message());
    return;
  }
  root_canon_ = canon.native();
  if (!options_.only_file.empty()) return add_named_file(options_.only_file);

  std::shared_ptr<const IgnoreList> base;
  {
    auto list = std::make_shared<IgnoreList>();
    if (read_patterns(root / ".git" / "info" / "exclude", ".git/info/exclude", list->patterns) &&
        !list->patterns.empty()) {
      base = std::move(list);
    }
  }
  visit(root);
  stack_.push_back({root, "", base, nullptr, false});
  while (!stack_.empty() || !deferred_.empty()) {
    if (stack_.empty()) {
      // Directories reached through symlinks are walked after the real tree, so that a
      // directory is listed under its real path when both are reachable.
      stack_.push_back(std::move(deferred_.front()));
      deferred_.pop_front();
    }
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    process(frame);  // skips a loop or a directory already walked
  }
}

}  // namespace

Result walk(const std::filesystem::path& root, const Options& options) {
  return walk(root, options, nullptr);
}

Result walk(const std::filesystem::path& root, const Options& options, const OnFile& on_file) {
  Result result;
  try {
    Walker walker(options, result, on_file ? &on_file : nullptr);
    walker.run(root);
  } catch (const std::exception& e) {  // std::bad_alloc and the like: never throw out
    result.diagnostics.push_back({".", 0, std::string("walk aborted: ") + e.what()});
  }
  std::sort(result.files.begin(), result.files.end(),
            [](const SourceFile& a, const SourceFile& b) { return a.rel_path < b.rel_path; });
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.path < b.path; });
  return result;
}

}  // namespace ascendify::discover
