// The docs stay inside the repository: every link of a tracked Markdown file (inline links and
// images, reference definitions, HTML href/src) is a URL, an anchor, or a file of the
// repository that exists; no Markdown text names a path that leaves the repository
// (`../x` above the root, the machine's `/work/` folders); and no tracked file points at the
// helpers' shared folder. The reports under tests/golden/ and the inputs under tests/fixtures/
// are the tool's output and input, not docs, and are not read.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = ASCENDIFY_SOURCE_DIR;

// The repository's files (relative paths): `git ls-files`, else a walk without the build and
// output folders (a source tarball).
std::vector<std::string> tracked_files() {
  std::vector<std::string> out;
  const std::string cmd = "git -C '" + kRoot.string() + "' ls-files -z 2>/dev/null";
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    std::string all;
    char buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) all.append(buf, n);
    if (::pclose(p) == 0) {
      for (size_t b = 0, e; b < all.size(); b = e + 1) {
        e = all.find('\0', b);
        if (e == std::string::npos) e = all.size();
        if (e > b) out.push_back(all.substr(b, e - b));
      }
    }
  }
  if (!out.empty()) return out;
  for (auto it = fs::recursive_directory_iterator(kRoot); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string rel = fs::relative(it->path(), kRoot).generic_string();
    const std::string top = rel.substr(0, rel.find('/'));
    if (top.rfind("build", 0) == 0 || top == "out" || top.front() == '.') {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) out.push_back(rel);
  }
  return out;
}

bool is_doc(const std::string& rel) {
  const auto ends = [&](const char* s) {
    const std::string suffix = s;
    return rel.size() >= suffix.size() &&
           rel.compare(rel.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return ends(".md") && rel.rfind("tests/golden/", 0) != 0 && rel.rfind("tests/fixtures/", 0) != 0;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `target` (relative to the folder `dir` of the repository, or absolute) as a path relative to
// the root, lexically; "" when it leaves the repository.
std::string inside(const std::string& dir, const std::string& target) {
  if (!target.empty() && target.front() == '/') return "";
  std::vector<std::string> parts;
  std::stringstream ss(dir.empty() ? target : dir + "/" + target);
  std::string part;
  while (std::getline(ss, part, '/')) {
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (parts.empty()) return "";
      parts.pop_back();
    } else {
      parts.push_back(part);
    }
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
  return out.empty() ? "." : out;
}

std::string percent_decode(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool has_scheme(const std::string& t) {
  const size_t colon = t.find(':');
  if (colon == std::string::npos || colon == 0) return false;
  for (size_t i = 0; i < colon; ++i) {
    const char c = t[i];
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.'))
      return false;
  }
  return std::isalpha(static_cast<unsigned char>(t[0]));
}

// The problem with link `target` of the file `rel` ("" when it resolves to a file of ours).
std::string check_target(const std::string& rel, std::string target) {
  if (!target.empty() && target.front() == '<' && target.back() == '>')
    target = target.substr(1, target.size() - 2);
  if (target.empty() || target.front() == '#' || has_scheme(target)) return "";
  target = percent_decode(target.substr(0, target.find_first_of("#?")));
  const std::string dir = fs::path(rel).parent_path().generic_string();
  const std::string path = inside(dir, target);
  if (path.empty()) return "links to " + target + ", outside the repository";
  if (!fs::exists(kRoot / path))
    return "links to " + target + " (" + path + "), which does not exist";
  return "";
}

// Markdown text with inline code spans blanked (same length), so links inside code are not read.
std::string without_code_spans(const std::string& line) {
  std::string out = line;
  for (size_t i = 0; i < out.size();) {
    if (out[i] != '`') {
      ++i;
      continue;
    }
    size_t run = 0;
    while (i + run < out.size() && out[i + run] == '`') ++run;
    const std::string fence(run, '`');
    const size_t close = out.find(fence, i + run);
    if (close == std::string::npos) {
      i += run;
      continue;
    }
    for (size_t k = i; k < close + run; ++k) out[k] = ' ';
    i = close + run;
  }
  return out;
}

// The link targets of one line (code spans already removed).
std::vector<std::string> link_targets(const std::string& line) {
  std::vector<std::string> out;
  for (size_t at = line.find("]("); at != std::string::npos; at = line.find("](", at + 2)) {
    size_t depth = 1, e = at + 2;
    for (; e < line.size() && depth > 0; ++e) {
      if (line[e] == '(') ++depth;
      if (line[e] == ')') --depth;
    }
    std::string inner = line.substr(at + 2, e - at - 3);
    const size_t b = inner.find_first_not_of(' ');
    if (b == std::string::npos) continue;
    inner = inner.substr(b);
    out.push_back(inner.substr(0, inner.find(' ')));  // drop a title
  }
  // Reference definitions: "[id]: target".
  const size_t b = line.find_first_not_of(' ');
  if (b != std::string::npos && line[b] == '[') {
    const size_t close = line.find("]:", b);
    if (close != std::string::npos) {
      std::stringstream rest(line.substr(close + 2));
      std::string t;
      if (rest >> t) out.push_back(t);
    }
  }
  for (const char* attr : {"href=\"", "src=\""}) {
    const std::string a = attr;
    for (size_t at = line.find(a); at != std::string::npos; at = line.find(a, at + 1)) {
      const size_t e = line.find('"', at + a.size());
      if (e != std::string::npos) out.push_back(line.substr(at + a.size(), e - at - a.size()));
    }
  }
  return out;
}

// Paths written in the text (code included) that leave the repository: "../x" climbing above
// the root from the file's folder, or a path under the machine's /work/.
std::vector<std::string> paths_leaving(const std::string& rel, const std::string& line) {
  std::vector<std::string> out;
  const std::string dir = fs::path(rel).parent_path().generic_string();
  const auto token_at = [&](size_t at) {
    const size_t e = line.find_first_of(" \t`'\"()<>[],;", at);
    return line.substr(at, e == std::string::npos ? std::string::npos : e - at);
  };
  const auto starts_token = [&](size_t at) {
    return at == 0 || std::string(" \t`'\"(<[=:").find(line[at - 1]) != std::string::npos;
  };
  for (size_t at = line.find("../"); at != std::string::npos; at = line.find("../", at + 3))
    if (starts_token(at) && inside(dir, token_at(at)).empty()) out.push_back(token_at(at));
  const std::string work = std::string("/wo") + "rk/";  // not a hit in this file
  for (size_t at = line.find(work); at != std::string::npos; at = line.find(work, at + 1))
    if (starts_token(at)) out.push_back(token_at(at));
  return out;
}

}  // namespace

TEST(DocsLinks, MarkdownLinksStayInTheRepository) {
  size_t docs = 0, links = 0;
  for (const std::string& rel : tracked_files()) {
    if (!is_doc(rel)) continue;
    ++docs;
    std::istringstream text(slurp(kRoot / rel));
    std::string line;
    bool fenced = false;
    for (size_t n = 1; std::getline(text, line); ++n) {
      for (const std::string& p : paths_leaving(rel, line))
        ADD_FAILURE() << rel << ":" << n << ": names " << p << ", outside the repository";
      const size_t b = line.find_first_not_of(' ');
      if (b != std::string::npos &&
          (line.compare(b, 3, "```") == 0 || line.compare(b, 3, "~~~") == 0)) {
        fenced = !fenced;
        continue;
      }
      if (fenced) continue;
      for (const std::string& t : link_targets(without_code_spans(line))) {
        ++links;
        const std::string problem = check_target(rel, t);
        if (!problem.empty()) ADD_FAILURE() << rel << ":" << n << ": " << problem;
      }
    }
  }
  EXPECT_GT(docs, 10u);
  EXPECT_GT(links, 20u);
}

TEST(DocsLinks, NoTrackedFileNamesTheSharedFolder) {
  // Built from pieces so that this file does not name them itself.
  const std::vector<std::string> needles = {std::string("/work/") + "shared",
                                            std::string("../") + "shared/"};
  for (const std::string& rel : tracked_files()) {
    const std::string text = slurp(kRoot / rel);
    if (text.find('\0') != std::string::npos) continue;  // binary
    for (const std::string& needle : needles)
      for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
        ADD_FAILURE() << rel << ":" << 1 + std::count(text.begin(), text.begin() + at, '\n')
                      << ": names " << needle
                      << " (outside the repository: the knowledge files are in docs/knowledge/, "
                         "the design map is docs/DESIGN.md)";
  }
}

TEST(DocsLinks, TheCheckerResolvesPaths) {
  EXPECT_EQ(inside("docs", "knowledge/a.md"), "docs/knowledge/a.md");
  EXPECT_EQ(inside("docs", "../rules/x.yaml"), "rules/x.yaml");
  EXPECT_EQ(inside("", "../elsewhere/DESIGN.md"), "");
  EXPECT_EQ(inside("docs", "/etc/passwd"), "");
  EXPECT_EQ(check_target("README.md", "docs/DESIGN.md"), "");
  EXPECT_EQ(check_target("README.md", "https://example.com/x"), "");
  EXPECT_EQ(check_target("README.md", "#use"), "");
  EXPECT_NE(check_target("README.md", "../elsewhere/DESIGN.md"), "");
  EXPECT_NE(check_target("README.md", "docs/no-such-file.md"), "");
  EXPECT_EQ(link_targets("see [a](b.md \"t\") and ![c](d/e.png)"),
            (std::vector<std::string>{"b.md", "d/e.png"}));
  EXPECT_TRUE(link_targets(without_code_spans("`[a](b.md)`")).empty());
  EXPECT_EQ(paths_leaving("README.md", "see `../elsewhere/DESIGN.md`"),
            std::vector<std::string>{"../elsewhere/DESIGN.md"});
  EXPECT_TRUE(paths_leaving("tests/equivalence/selftest/README.md", "runs `../idioms/x`").empty());
}
