// Unified diff of the planned files, computed from the edits themselves (no LCS needed: an
// edit never spans a line it does not touch), in the format `git apply` reads.
#include <algorithm>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "fix/fix.hpp"
#include "fix/verify.hpp"

namespace ascendify::fix {

namespace {

constexpr size_t kContext = 3;

// Line starts of `text`, split at '\n' only (like git); a final line without '\n' counts.
std::vector<size_t> line_starts(std::string_view text) {
  std::vector<size_t> s;
  if (text.empty()) return s;
  s.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i + 1 < text.size()) s.push_back(i + 1);
  return s;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    out.push_back(text.substr(pos, end - pos));
    pos = end;
  }
  return out;
}

struct Block {
  size_t a, b;           // original lines [a, b)
  std::string new_text;  // their replacement
  std::vector<std::string_view> new_lines;
};

std::string quote_path(const std::string& p) {
  bool plain = true;
  for (unsigned char c : p)
    if (c < 0x20 || c == '"' || c == '\\' || c == 0x7f) plain = false;
  if (plain) return p;
  std::string out = "\"";
  for (unsigned char c : p) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string prefixed(const char* pre, const std::string& p) {
  std::string q = quote_path(p);
  if (q.front() == '"') return concat({"\"", pre, std::string_view(q).substr(1)});
  return pre + q;
}

void emit_line(std::string& out, char tag, std::string_view line) {
  out += tag;
  out.append(line);
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

std::vector<Block> blocks_of(const FilePlan& plan) {
  const std::string_view text = plan.original;
  const std::vector<size_t> starts = line_starts(text);
  const size_t n = starts.size();
  auto line_of = [&](size_t off) {
    return static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), off) -
                               starts.begin()) -
           1;
  };
  struct Mod {
    size_t a, b;
    Edit e;
    bool insert;
  };
  std::vector<Mod> mods;
  if (!plan.inserted.empty()) {
    const size_t o = plan.insert_offset;
    size_t a, b;
    if (n == 0) {
      a = b = 0;
    } else if (o >= text.size()) {
      const bool open_last = text.back() != '\n';
      a = open_last ? n - 1 : n;
      b = n;
    } else {
      a = line_of(o);
      b = starts[a] == o ? a : a + 1;
    }
    mods.push_back({a, b,
                    Edit{static_cast<uint32_t>(o), static_cast<uint32_t>(o), plan.inserted, "", 0},
                    true});
  }
  for (const Edit& e : plan.edits) {
    if (n == 0) continue;
    const size_t a = line_of(e.offset);
    const size_t b = line_of(e.end_offset > e.offset ? e.end_offset - 1 : e.offset) + 1;
    mods.push_back({a, b, e, false});
  }
  std::stable_sort(mods.begin(), mods.end(), [](const Mod& x, const Mod& y) {
    return x.e.offset != y.e.offset ? x.e.offset < y.e.offset : x.insert > y.insert;
  });
  std::vector<Block> blocks;
  std::vector<std::vector<const Mod*>> members;
  for (const Mod& m : mods) {
    if (!blocks.empty() && m.a <= blocks.back().b) {
      blocks.back().b = std::max(blocks.back().b, m.b);
      members.back().push_back(&m);
    } else {
      blocks.push_back({m.a, m.b, {}, {}});
      members.push_back({&m});
    }
  }
  for (size_t i = 0; i < blocks.size(); ++i) {
    Block& bl = blocks[i];
    const size_t from = bl.a < n ? starts[bl.a] : text.size();
    const size_t to = bl.b < n ? starts[bl.b] : text.size();
    std::vector<Edit> local;
    uint32_t ins_at = 0;
    std::string ins;
    for (const Mod* m : members[i]) {
      if (m->insert) {
        ins_at = static_cast<uint32_t>(m->e.offset - from);
        ins = m->e.text;
      } else {
        Edit e = m->e;
        e.offset -= static_cast<uint32_t>(from);
        e.end_offset -= static_cast<uint32_t>(from);
        local.push_back(std::move(e));
      }
    }
    bl.new_text = detail::apply_edits(text.substr(from, to - from), local, ins_at, ins);
  }
  for (auto& bl : blocks) bl.new_lines = split_lines(bl.new_text);
  return blocks;
}

void file_diff(std::string& out, const FilePlan& plan) {
  if (plan.original == plan.fixed) return;
  const std::vector<Block> blocks = blocks_of(plan);
  if (blocks.empty()) return;
  const std::vector<std::string_view> old_lines = split_lines(plan.original);
  const size_t n = old_lines.size();
  out += "diff --git " + prefixed("a/", plan.rel_path) + " " + prefixed("b/", plan.rel_path) + "\n";
  out += "--- " + prefixed("a/", plan.rel_path) + "\n";
  out += "+++ " + prefixed("b/", plan.rel_path) + "\n";
  long delta = 0;  // new - old line count of the blocks before the current hunk
  size_t i = 0;
  while (i < blocks.size()) {
    size_t j = i + 1;
    while (j < blocks.size() && blocks[j].a <= blocks[j - 1].b + 2 * kContext) ++j;
    const size_t lo = blocks[i].a > kContext ? blocks[i].a - kContext : 0;
    const size_t hi = std::min(n, blocks[j - 1].b + kContext);
    std::string body;
    size_t cursor = lo;
    long hunk_delta = 0;
    for (size_t k = i; k < j; ++k) {
      for (; cursor < blocks[k].a; ++cursor) emit_line(body, ' ', old_lines[cursor]);
      for (size_t l = blocks[k].a; l < blocks[k].b; ++l) emit_line(body, '-', old_lines[l]);
      for (auto nl : blocks[k].new_lines) emit_line(body, '+', nl);
      hunk_delta += static_cast<long>(blocks[k].new_lines.size()) -
                    static_cast<long>(blocks[k].b - blocks[k].a);
      cursor = blocks[k].b;
    }
    for (; cursor < hi; ++cursor) emit_line(body, ' ', old_lines[cursor]);
    const size_t old_count = hi - lo;
    const size_t new_count = static_cast<size_t>(static_cast<long>(old_count) + hunk_delta);
    const size_t old_start = old_count == 0 ? lo : lo + 1;
    const long new_lo = static_cast<long>(lo) + delta;
    const size_t new_start = static_cast<size_t>(new_count == 0 ? new_lo : new_lo + 1);
    out += "@@ -" + std::to_string(old_start) + "," + std::to_string(old_count) + " +" +
           std::to_string(new_start) + "," + std::to_string(new_count) + " @@\n";
    out += body;
    delta += hunk_delta;
    i = j;
  }
}

}  // namespace

std::string unified_diff(const FixResult& result) {
  std::string body;
  for (const auto& f : result.files) file_diff(body, f);
  if (body.empty()) return body;
  // What was applied, before the first `diff --git` (git apply and patch skip such lines).
  size_t unsafe = 0;
  std::string unsafe_list;
  for (const auto& f : result.files)
    for (const auto& e : f.edits)
      if (e.unsafe) {
        ++unsafe;
        unsafe_list += "ascendify fix: unsafe (--unsafe-fixes): " + f.rel_path + ":" +
                       std::to_string(e.line) + " " + e.rule_id + "\n";
      }
  std::string out = "ascendify fix: " + std::to_string(result.edit_count()) + " edit(s) in " +
                    std::to_string(result.files.size()) +
                    " file(s): " + std::to_string(result.edit_count() - unsafe) + " safe, " +
                    std::to_string(unsafe) + " unsafe\n" + unsafe_list;
  if (!result.entry_points.empty()) {
    out += "ascendify fix: start-up block in";
    for (const auto& e : result.entry_points) out += " " + e;
    out += "\n";
  }
  return out + body;
}

}  // namespace ascendify::fix
