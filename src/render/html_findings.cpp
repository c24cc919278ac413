// The HTML report's findings: one collapsible group per file (<details>, its summary the path
// and the counts per kind of work and domain), one row per source line (the findings of
// several rules on one line share it). Work items of the default run first (the first groups
// open), then the findings no entry point reaches and the no-change findings, each part
// closed. Rows past the first kPage of a group are hidden until asked for, so a report of
// 10,000 findings lays out a few hundred rows when it opens.
//
// A row's class lists its keys for the script's filters: dN (Domain), cN (Confidence), sN
// (SiteClass), each once per value the line's findings have.
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "render/escape.hpp"
#include "render/html_parts.hpp"
#include "render/matrix.hpp"
#include "render/md_util.hpp"

namespace ascendify::render::html {

namespace {

constexpr size_t kPage = 200;      // rows shown per group until "show all"
constexpr size_t kOpenGroups = 3;  // work groups open when the page opens

using Findings = std::vector<const Finding*>;

struct Group {
  std::string_view path;
  Findings fs;  // in report order: line, column, rule
};

enum class Part : uint8_t { Work, Unreached, NoChange };

// An info finding asks nothing, whatever class assess gave it.
SiteClass work_of(const Finding& f) {
  return f.severity == Severity::Info ? SiteClass::NoChange : f.site_class;
}

std::string n_findings(size_t n, const Labels& l) {
  return n == 1 ? std::string(l.one_finding_short)
                : fill(l.n_findings_fmt, {{"n", std::to_string(n)}});
}

// Appends to the last group when it is the same file (the findings come sorted by path).
void add(std::vector<Group>& groups, const Finding& f) {
  if (groups.empty() || groups.back().path != f.path) groups.push_back({f.path, {}});
  groups.back().fs.push_back(&f);
}

// Distinct values in first-seen order.
template <typename T>
void add_distinct(std::vector<T>& v, const T& x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

std::string fix_word(const Finding& f, const Labels& l) {
  std::string s(f.severity == Severity::Info ? l.info
                : f.auto_by_transfer_to_npu  ? l.auto_transfer
                : f.autofix                  ? l.auto_fix
                                             : l.manual);
  if (f.guarded) s += fmt::format(" · {}", l.guarded);
  if (f.optional) s += fmt::format(" · {}", l.optional_feature);
  return s;
}

// "d1 d3 c0 s2": the row's filter keys, sorted, each once.
std::string row_keys(const Finding* const* b, const Finding* const* e) {
  std::array<bool, 7> d{};
  std::array<bool, 3> c{};
  std::array<bool, kSiteClasses> k{};
  for (auto p = b; p != e; ++p) {
    d[static_cast<size_t>((*p)->domain)] = true;
    c[static_cast<size_t>((*p)->confidence)] = true;
    k[static_cast<size_t>(work_of(**p))] = true;
  }
  std::string s;
  auto put = [&s](char letter, const auto& on) {
    for (size_t i = 0; i < on.size(); ++i)
      if (on[i]) s += fmt::format("{}{}{}", s.empty() ? "" : " ", letter, i);
  };
  put('d', d);
  put('c', c);
  put('s', k);
  return s;
}

// One row for the findings [b, e) of one source line.
void line_row(std::string& s, const Finding* const* b, const Finding* const* e, bool hidden,
              const Labels& l) {
  std::vector<std::string_view> snippets, replacements;
  std::vector<std::string> classes, confidences, fixes, phases, rules;
  for (auto p = b; p != e; ++p) {
    const Finding& f = **p;
    add_distinct(snippets, std::string_view(f.snippet.empty() ? f.match.str() : f.snippet));
    const std::string_view r = replacement_of(f, l.lang);
    if (!r.empty()) add_distinct(replacements, r);
    add_distinct(classes, std::string(l.class_short[static_cast<size_t>(work_of(f))]));
    add_distinct(confidences, std::string(confidence_word(f.confidence, l)));
    add_distinct(fixes, fix_word(f, l));
    for (const auto& ph : f.phases) add_distinct(phases, ph);
    add_distinct(rules, f.rule_id.str());
  }
  auto joined = [](const auto& v, std::string_view sep, auto&& each) {
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : std::string(sep)) + each(x);
    return out.empty() ? std::string("—") : out;
  };
  const auto plain = [](const auto& x) { return std::string(x); };
  const auto escaped = [](const auto& x) { return html_escape(x); };
  const auto as_code = [](const auto& x) { return code(x); };
  s += fmt::format("<tr class=\"{}\"", row_keys(b, e));
  if (e - b > 1) s += fmt::format(" data-n=\"{}\"", e - b);
  if (hidden) s += " hidden";
  s += "><td>" + line_cell(**b) + "</td><td>" + joined(classes, " / ", plain) + "</td><td>" +
       joined(rules, " ", escaped) + "</td><td>" + joined(snippets, "<br>", as_code) + "</td><td>" +
       joined(replacements, "<br>", escaped) + "</td><td>" + joined(confidences, " / ", plain) +
       "</td><td>" + joined(fixes, "<br>", plain) + "</td><td>" + joined(phases, ", ", escaped) +
       "</td></tr>";
}

// The group's summary: path, findings, then the counts per kind of work and per domain.
std::string group_summary(const Group& g, const Labels& l) {
  std::array<uint32_t, kSiteClasses> classes{};
  std::array<uint32_t, 7> domains{};
  for (const Finding* f : g.fs) {
    ++classes[static_cast<size_t>(work_of(*f))];
    ++domains[static_cast<size_t>(f->domain)];
  }
  std::string s = fmt::format("<summary>{} <b>{}</b>", code(g.path), n_findings(g.fs.size(), l));
  for (size_t c = 0; c < kSiteClasses; ++c)
    if (classes[c] > 0)
      s += fmt::format(" · <span class=\"s{}\">{} {}</span>", c, classes[c], l.class_short[c]);
  s += " <span class=\"muted\">(";
  bool first = true;
  for (size_t d = 0; d < domains.size(); ++d) {
    if (domains[d] == 0) continue;
    s += fmt::format("{}{} {}", first ? "" : " · ", l.domain_short[d], domains[d]);
    first = false;
  }
  return s + ")</span></summary>";
}

std::string group_head(const Labels& l) {
  return fmt::format(
      "<table class=\"sortable fx\"><thead><tr><th data-num>{}</th><th data-cls=\"s\">{}</th>"
      "<th>{}</th><th>{}</th><th>{}</th><th data-cls=\"c\">{}</th><th>{}</th><th>{}</th></tr>"
      "</thead><tbody>",
      l.c_line, l.c_class, l.c_rule, l.c_original, l.c_replacement, l.c_confidence, l.c_auto,
      l.c_phases);
}

void render_group(std::string& s, const Group& g, bool open, const std::string& head,
                  const Labels& l) {
  s += fmt::format("<details class=\"fg\" data-n=\"{}\"{}>", g.fs.size(), open ? " open" : "");
  s += group_summary(g, l) + head;
  size_t rows = 0;
  for (size_t i = 0; i < g.fs.size();) {
    size_t j = i + 1;
    while (j < g.fs.size() && g.fs[j]->span.line == g.fs[i]->span.line) ++j;
    line_row(s, g.fs.data() + i, g.fs.data() + j, rows >= kPage, l);
    ++rows;
    i = j;
  }
  s += "</tbody></table>";
  if (rows > kPage)
    s += fmt::format("<button type=\"button\" class=\"more\">{}</button>", l.show_all);
  s += "</details>";
}

void render_groups(std::string& s, std::string_view id, const std::vector<Group>& groups,
                   size_t open, const Labels& l, const std::function<void()>& flush) {
  const std::string head = group_head(l);
  s += fmt::format("<div class=\"groups\" id=\"{}\">", id);
  for (size_t i = 0; i < groups.size(); ++i) {
    render_group(s, groups[i], i < open, head, l);
    flush();
  }
  s += "</div>";
}

std::string filters(size_t total, const Labels& l) {
  std::string s = fmt::format(
      "<div class=\"filters\"><input id=\"f-text\" type=\"search\" placeholder=\"{}\" "
      "aria-label=\"{}\">",
      l.filter_placeholder, l.filter_label);
  // The script reads an option's position: option i + 1 is enum value i.
  s += fmt::format("<select id=\"f-domain\" aria-label=\"{}\"><option value=\"\">{}</option>",
                   l.c_domain, l.all_domains);
  for (Domain d : kAllDomains)
    s += fmt::format("<option value=\"{}\">{}</option>", to_string(d), domain_label(d, l));
  s += fmt::format(
      "</select><select id=\"f-class\" aria-label=\"{}\"><option value=\"\">{}"
      "</option>",
      l.c_class, l.any_class);
  for (size_t c = 0; c < kSiteClasses; ++c)
    s += fmt::format("<option value=\"{}\">{}</option>", to_string(static_cast<SiteClass>(c)),
                     l.class_short[c]);
  s += fmt::format(
      "</select><select id=\"f-conf\" aria-label=\"{}\"><option value=\"\">{}"
      "</option>",
      l.c_confidence, l.any_confidence);
  for (Confidence c : {Confidence::High, Confidence::Medium, Confidence::Low})
    s += fmt::format("<option value=\"{}\">{}</option>", to_string(c), confidence_word(c, l));
  s += fmt::format(
      "</select><select id=\"f-order\" aria-label=\"{}\"><option value=\"path\">{}"
      "</option><option value=\"count\">{}</option></select>",
      l.order_by, l.order_path, l.order_count);
  const std::string n = std::to_string(total);
  s += fmt::format("<span id=\"f-count\" class=\"muted\" data-fmt=\"{}\">{}</span></div>",
                   l.shown_fmt, fill(l.shown_fmt, {{"shown", n}, {"total", n}}));
  return s;
}

}  // namespace

void write_section_findings(std::string& s, const Assessment& a, const Labels& l,
                            const std::function<void()>& flush) {
  std::array<std::vector<Group>, 3> parts;  // Part order
  std::array<size_t, 3> counts{};
  std::string_view last_path;
  bool path_unreached = false;
  for (const auto& f : a.findings) {
    Part p = Part::Work;
    if (work_of(f) == SiteClass::NoChange) {
      p = Part::NoChange;
    } else if (f.phases.empty()) {  // is_unreached looks the path up: once per file
      if (f.path != last_path) {
        Finding probe;
        probe.path = f.path;
        path_unreached = is_unreached(a, probe);
        last_path = f.path;
      }
      if (path_unreached) p = Part::Unreached;
    }
    add(parts[static_cast<size_t>(p)], f);
    ++counts[static_cast<size_t>(p)];
  }
  s += fmt::format("<section id=\"findings\" data-page=\"{}\"><h2>{}</h2>", kPage, l.h_findings);
  s += filters(a.findings.size(), l);
  s += fmt::format("<p class=\"muted\">{}</p>", l.work_intro);
  const auto& work = parts[static_cast<size_t>(Part::Work)];
  if (work.empty())
    s += fmt::format("<p class=\"muted\" id=\"work\">{}</p>", l.no_findings);
  else
    render_groups(s, "work", work, kOpenGroups, l, flush);
  const auto& apart = parts[static_cast<size_t>(Part::Unreached)];
  if (!apart.empty()) {
    s += fmt::format(
        "<details class=\"part\" id=\"unreached\"><summary><h3>{} <span "
        "class=\"muted\">({})</span></h3></summary><p class=\"muted\">{}</p>",
        l.h_unreached, n_findings(counts[1], l), l.unreached_note);
    if (!a.unused_definitions.empty()) {
      s += fmt::format("<p class=\"muted\">{} {}</p><ul>", l.h_unused, l.unused_note);
      for (const auto& d : a.unused_definitions)
        s += fmt::format("<li><code>{}</code> <code>{}:{}</code> ({})</li>", html_escape(d.name),
                         html_escape(d.path), d.line, n_findings(d.findings, l));
      s += "</ul>";
    }
    render_groups(s, "unreached-groups", apart, 0, l, flush);
    s += "</details>";
  }
  const auto& none = parts[static_cast<size_t>(Part::NoChange)];
  if (!none.empty()) {
    s += fmt::format(
        "<details class=\"part\" id=\"no-change\"><summary><h3>{} <span "
        "class=\"muted\">({})</span></h3></summary><p class=\"muted\">{}</p>",
        l.h_no_change, n_findings(counts[2], l), l.no_change_note);
    render_groups(s, "no-change-groups", none, 0, l, flush);
    s += "</details>";
  }
  s += "</section>";
}

}  // namespace ascendify::render::html
