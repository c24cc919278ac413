#include "cache/facts_codec.hpp"

#include <cstdint>

#include "core/leb128.hpp"
#include "core/rule.hpp"
#include "core/snapshot_io.hpp"

namespace ascendify::cache {

namespace {

using snapshot::Reader;
using snapshot::Writer;

// A field added to one of these structs must be encoded below (and kFactsCodecVersion bumped);
// these fail the build until the sizes are updated with it. Sizes on 64-bit Linux (libstdc++).
static_assert(sizeof(void*) != 8 || sizeof(Fact) == 248, "encode the new Fact field");
static_assert(sizeof(void*) != 8 || sizeof(Arg) == 96, "encode the new Arg field");
static_assert(sizeof(void*) != 8 || sizeof(KernelFact) == 160, "encode the new KernelFact field");
static_assert(sizeof(void*) != 8 || sizeof(FileFacts) == 360, "encode the new FileFacts field");
static_assert(sizeof(void*) != 8 || sizeof(Finding) == 192, "encode the new Finding field");
static_assert(sizeof(Span) == 24 && sizeof(Diagnostic) == 72, "encode the new field");

constexpr uint8_t kFactKinds = static_cast<uint8_t>(FactKind::Native) + 1;
constexpr uint8_t kUsages = static_cast<uint8_t>(Usage::ClassBase) + 1;
constexpr uint8_t kStringContexts = static_cast<uint8_t>(StringContext::Return) + 1;
constexpr uint8_t kValueKinds = static_cast<uint8_t>(ValueKind::Other) + 1;
constexpr uint8_t kDomains = static_cast<uint8_t>(Domain::Compile) + 1;
constexpr uint8_t kConfidences = static_cast<uint8_t>(Confidence::Low) + 1;
constexpr uint8_t kSeverities = static_cast<uint8_t>(Severity::Blocker) + 1;

// Smallest encodings, for get_count.
constexpr size_t kMinString = 1, kMinSpan = 6;

// Numbers as LEB128 varints (most are small: lines, columns, string ids), strings as a varint
// length and the bytes: a third of the fixed-width size.
void put_u(Writer& w, uint64_t v) {
  leb128::put(v, [&w](uint8_t b) { w.u8(b); });
}

uint64_t get_u(Reader& r) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    const uint8_t b = r.u8();
    // Only the shortest form (encode(decode(x)) == x): no trailing zero byte, no bit past 64.
    if ((shift && b == 0) || (shift == 63 && b > 1)) break;
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) return r.ok() ? v : 0;
  }
  r.fail();
  return 0;
}

uint32_t get_u32(Reader& r) {
  const uint64_t v = get_u(r);
  if (v > UINT32_MAX) r.fail();
  return static_cast<uint32_t>(v);
}

// Signed values zigzag-encoded (-1 is one byte).
void put_i(Writer& w, int32_t v) {
  put_u(w, leb128::zigzag(v));
}

int32_t get_i32(Reader& r) {
  const uint32_t u = get_u32(r);
  return static_cast<int32_t>(leb128::unzigzag(u));
}

void put_s(Writer& w, std::string_view s) {
  put_u(w, s.size());
  w.raw(s);
}

std::string get_s(Reader& r) {
  const uint64_t n = get_u(r);
  if (n > UINT32_MAX) r.fail();
  return std::string(r.bytes(r.ok() ? static_cast<size_t>(n) : 0));
}

// A count of items each at least `min_item_bytes` long: more than the rest of the input can
// hold fails (a corrupt count never makes a huge allocation).
uint32_t get_count(Reader& r, size_t min_item_bytes) {
  const uint32_t n = get_u32(r);
  if (r.ok() && n > r.remaining() / min_item_bytes) r.fail();
  return r.ok() ? n : 0;
}

template <typename List>  // std::vector<std::string> or ThinVector<std::string>
void put_strings(Writer& w, const List& list) {
  put_u(w, list.size());
  for (const auto& s : list) put_s(w, s);
}

std::vector<std::string> get_strings(Reader& r) {
  std::vector<std::string> out(get_count(r, 1));
  for (auto& s : out) s = get_s(r);
  return out;
}

void put(Writer& w, const Span& s) {
  for (uint32_t v : {s.line, s.col, s.end_line, s.end_col, s.offset, s.end_offset}) put_u(w, v);
}

Span get_span(Reader& r) {
  Span s;
  for (uint32_t* v : {&s.line, &s.col, &s.end_line, &s.end_col, &s.offset, &s.end_offset})
    *v = get_u32(r);
  return s;
}

// `count` flags packed in one byte, lowest first; a higher bit set fails the reader.
uint8_t get_flags(Reader& r, int count) {
  const uint8_t bits = r.u8();
  if (bits >> count) r.fail();
  return bits;
}

bool get_bool(Reader& r) {
  const uint8_t v = r.u8();
  if (v > 1) r.fail();
  return v == 1;
}

template <typename List, typename Put>  // a std::vector or a ThinVector
void put_list(Writer& w, const List& list, Put&& one) {
  put_u(w, static_cast<uint32_t>(list.size()));
  for (const auto& item : list) one(item);
}

template <typename T, typename Get>
std::vector<T> get_list(Reader& r, size_t min_item_bytes, Get&& one) {
  std::vector<T> out(get_count(r, min_item_bytes));
  for (T& item : out) {
    if (!r.ok()) return {};
    item = one();
  }
  return out;
}

void put_fact(Writer& w, const Fact& f) {
  w.u8(static_cast<uint8_t>(f.kind));
  w.u8(static_cast<uint8_t>(f.usage));
  w.u8(static_cast<uint8_t>(f.ctx));
  w.u8(static_cast<uint8_t>(f.guarded | f.beside_npu << 1 | f.stops_run << 2 | f.output_only << 3));
  put_i(w, f.arg_index);
  put(w, f.span);
  for (const std::string* s : {&f.name, &f.detail, &f.call, &f.receiver, &f.alias, &f.scope})
    put_s(w, *s);
  put_list(w, f.args, [&](const Arg& a) {
    put_s(w, a.keyword);
    w.u8(static_cast<uint8_t>(a.kind));
    put_s(w, a.value);
    put(w, a.span);
  });
}

Fact get_fact(Reader& r) {
  Fact f;
  f.kind = r.enumerator<FactKind>(kFactKinds);
  f.usage = r.enumerator<Usage>(kUsages);
  f.ctx = r.enumerator<StringContext>(kStringContexts);
  const uint8_t bits = get_flags(r, 4);
  f.guarded = bits & 1;
  f.beside_npu = bits & 2;
  f.stops_run = bits & 4;
  f.output_only = bits & 8;
  f.arg_index = get_i32(r);
  f.span = get_span(r);
  for (std::string* s : {&f.name, &f.detail, &f.call, &f.receiver, &f.alias, &f.scope})
    *s = get_s(r);
  f.args = get_list<Arg>(r, 2 * kMinString + 1 + kMinSpan, [&] {
    Arg a;
    a.keyword = get_s(r);
    a.kind = r.enumerator<ValueKind>(kValueKinds);
    a.value = get_s(r);
    a.span = get_span(r);
    return a;
  });
  return f;
}

void put_kernel(Writer& w, const KernelFact& k) {
  w.u8(static_cast<uint8_t>(k.kind));
  put_s(w, k.name);
  put(w, k.span);
  put_u(w, k.loc);
  put_strings(w, k.features);
  put_strings(w, k.calls);
  put_s(w, k.scope);
  w.u8(static_cast<uint8_t>(k.templated | k.backward_only << 1 | k.has_fallback << 2));
}

KernelFact get_kernel(Reader& r) {
  KernelFact k;
  k.kind = r.enumerator<KernelKind>(kKernelKindCount);
  k.name = get_s(r);
  k.span = get_span(r);
  k.loc = get_u32(r);
  k.features = get_strings(r);
  k.calls = get_strings(r);
  k.scope = get_s(r);
  const uint8_t bits = get_flags(r, 3);
  k.templated = bits & 1;
  k.backward_only = bits & 2;
  k.has_fallback = bits & 4;
  return k;
}

void put_digest(Writer& w, const UseDigest& d) {
  // Each site with its scope, as before the sites were a byte stream (the format is the same).
  put_u(w, static_cast<uint32_t>(d.sites.size()));
  for (const UseDigest::Site& s : d.sites) {
    w.u8(static_cast<uint8_t>(s.kind));
    w.u8(static_cast<uint8_t>(s.usage));
    put_u(w, s.col | static_cast<uint32_t>(s.guarded) << 15);
    for (uint32_t v : {s.line, s.name, s.scope}) put_u(w, v);
  }
  put_list(w, d.launch_facts, [&](uint32_t v) { put_u(w, v); });
  put_list(w, d.imports, [&](const UseDigest::ImportSite& s) {
    for (uint32_t v : {s.line, s.name, s.detail, s.alias, s.scope}) put_u(w, v);
    put_i(w, s.level);
    w.u8(s.guarded);
  });
  put_list(w, d.defs, [&](const UseDigest::DefSite& s) {
    for (uint32_t v : {s.line, s.name, s.first_decorator, uint32_t{s.decorator_count}}) put_u(w, v);
    w.u8(s.is_class);
  });
  put_list(w, d.decorators, [&](uint32_t v) { put_u(w, v); });
  if (!d.pool) {
    put_s(w, d.text);
    put_list(w, d.starts, [&](uint32_t v) { put_u(w, v); });
    return;
  }
  // Strings shared with other files (share_strings) are written as the file's own.
  std::string text;
  std::vector<uint32_t> starts{0};
  for (uint32_t id = 0; id < d.count(); ++id) {
    text += d.str(id);
    starts.push_back(static_cast<uint32_t>(text.size()));
  }
  put_s(w, text);
  put_list(w, starts, [&](uint32_t v) { put_u(w, v); });
}

// Also checks what assess indexes without checking: string ids, the starts, fact indexes.
UseDigest get_digest(Reader& r, const std::vector<Fact>& facts) {
  UseDigest d;
  const uint32_t site_count = get_count(r, 6);
  for (uint32_t k = 0; k < site_count && r.ok(); ++k) {
    UseDigest::Site s;
    s.kind = r.enumerator<FactKind>(kFactKinds);
    if (!SiteList::storable(s.kind)) r.fail();  // only what a digest makes a site
    s.usage = r.enumerator<Usage>(kUsages);
    const uint32_t col = get_u32(r);
    if (col >> 16) r.fail();
    s.col = col & SiteList::kMaxCol;
    s.guarded = (col >> 15) & 1;
    for (uint32_t* v : {&s.line, &s.name, &s.scope}) *v = get_u32(r);
    if (r.ok()) d.sites.push_back(s);
  }
  d.sites.shrink_to_fit();
  d.launch_facts = get_list<uint32_t>(r, 1, [&] { return get_u32(r); });
  d.imports = get_list<UseDigest::ImportSite>(r, 7, [&] {
    UseDigest::ImportSite s;
    for (uint32_t* v : {&s.line, &s.name, &s.detail, &s.alias, &s.scope}) *v = get_u32(r);
    const int32_t level = get_i32(r);
    if (level < INT16_MIN || level > INT16_MAX) r.fail();
    s.level = static_cast<int16_t>(level);
    s.guarded = get_bool(r);
    return s;
  });
  d.defs = get_list<UseDigest::DefSite>(r, 5, [&] {
    UseDigest::DefSite s;
    s.line = get_u32(r);
    s.name = get_u32(r);
    s.first_decorator = get_u32(r);
    const uint32_t count = get_u32(r);
    if (count >> 31) r.fail();
    s.decorator_count = count & 0x7fffffff;
    s.is_class = get_bool(r);
    return s;
  });
  d.decorators = get_list<uint32_t>(r, 1, [&] { return get_u32(r); });
  d.text = get_s(r);
  d.starts = get_list<uint32_t>(r, 1, [&] { return get_u32(r); });
  if (!r.ok()) return d;
  bool valid = d.starts.size() >= 2 && d.starts[0] == 0 && d.starts[1] == 0 &&
               d.starts.back() == d.text.size();
  for (size_t i = 1; valid && i < d.starts.size(); ++i) valid = d.starts[i - 1] <= d.starts[i];
  const uint32_t ids = valid ? d.count() : 0;
  // Each launch site (a Native site) has a Native fact: kernel linking reads that fact's
  // arguments unchecked.
  size_t launches = 0;
  for (const auto& s : d.sites) {
    valid = valid && s.name < ids && s.scope < ids;
    launches += s.kind == FactKind::Native;
  }
  valid = valid && launches == d.launch_facts.size();
  for (uint32_t fact : d.launch_facts)
    valid = valid && fact < facts.size() && facts[fact].kind == FactKind::Native;
  for (const auto& s : d.imports)
    valid = valid && s.name < ids && s.detail < ids && s.alias < ids && s.scope < ids;
  // A def's decorators lie inside `decorators` (read unchecked by the program model).
  for (const auto& s : d.defs)
    valid = valid && s.name < ids && s.first_decorator <= d.decorators.size() &&
            s.decorator_count <= d.decorators.size() - s.first_decorator;
  for (uint32_t id : d.decorators) valid = valid && id < ids;
  if (!valid) r.fail();
  return d;
}

void put_facts(Writer& w, const FileFacts& ff) {
  put_list(w, ff.facts, [&](const Fact& f) { put_fact(w, f); });
  put_list(w, ff.kernels, [&](const KernelFact& k) { put_kernel(w, k); });
  put_list(w, ff.diagnostics, [&](const Diagnostic& d) {
    put_s(w, d.path);
    put_u(w, d.line);
    put_s(w, d.message);
  });
  put_list(w, ff.cell_lines, [&](const FileFacts::CellLine& c) {
    for (uint32_t v : {c.cell, c.line, c.json_line}) put_u(w, v);
  });
  put_list(w, ff.flag_blocks, [&](const FileFacts::FlagBlock& b) {
    put_u(w, b.first_line);
    put_u(w, b.last_line);
    put_s(w, b.flag);
    w.u8(static_cast<uint8_t>(b.param | b.constant << 1 | b.option << 2));
  });
  put_list(w, ff.task_branches, [&](const FileFacts::TaskBranch& b) {
    for (uint32_t v : {b.first_line, b.last_line, b.chain}) put_u(w, v);
    put_s(w, b.dest);
    put_list(w, b.atoms, [&](const std::pair<char, std::string>& a) {
      w.u8(static_cast<uint8_t>(a.first));
      put_s(w, a.second);
    });
    w.u8(b.is_else);
  });
  put_list(w, ff.option_choices, [&](const FileFacts::OptionChoices& o) {
    for (const std::string* s : {&o.dest, &o.default_value, &o.source}) put_s(w, *s);
    put_strings(w, o.values);
  });
  put_list(w, ff.module_string_lists,
           [&](const std::pair<std::string, std::vector<std::string>>& l) {
             put_s(w, l.first);
             put_strings(w, l.second);
           });
  put_list(w, ff.main_blocks, [&](const std::pair<uint32_t, uint32_t>& b) {
    put_u(w, b.first);
    put_u(w, b.second);
  });
  put_strings(w, ff.flag_options);
  put_strings(w, ff.passed_options);
  put_list(w, ff.suppressions, [&](const std::pair<uint32_t, std::string>& s) {
    put_u(w, s.first);
    put_s(w, s.second);
  });
  put_digest(w, ff.uses);
  put_strings(w, ff.scripts_run);
  w.u8(ff.uses_digested);
}

FileFacts get_facts(Reader& r) {
  FileFacts ff;
  ff.facts = get_list<Fact>(r, 4 + 1 + kMinSpan + 6 * kMinString + 1, [&] { return get_fact(r); });
  ff.kernels =
      get_list<KernelFact>(r, 3 * kMinString + kMinSpan + 1 + 2 + 1, [&] { return get_kernel(r); });
  ff.diagnostics = get_list<Diagnostic>(r, 2 * kMinString + 1, [&] {
    Diagnostic d;
    d.path = get_s(r);
    d.line = get_u32(r);
    d.message = get_s(r);
    return d;
  });
  ff.cell_lines = get_list<FileFacts::CellLine>(r, 3, [&] {
    FileFacts::CellLine c;
    for (uint32_t* v : {&c.cell, &c.line, &c.json_line}) *v = get_u32(r);
    return c;
  });
  ff.flag_blocks = get_list<FileFacts::FlagBlock>(r, 2 + kMinString + 1, [&] {
    FileFacts::FlagBlock b;
    b.first_line = get_u32(r);
    b.last_line = get_u32(r);
    b.flag = get_s(r);
    const uint8_t bits = get_flags(r, 3);
    b.param = bits & 1;
    b.constant = bits & 2;
    b.option = bits & 4;
    return b;
  });
  ff.task_branches = get_list<FileFacts::TaskBranch>(r, 3 + kMinString + 1 + 1, [&] {
    FileFacts::TaskBranch b;
    for (uint32_t* v : {&b.first_line, &b.last_line, &b.chain}) *v = get_u32(r);
    b.dest = get_s(r);
    b.atoms = get_list<std::pair<char, std::string>>(r, 1 + kMinString, [&] {
      const char op = static_cast<char>(r.u8());
      return std::pair<char, std::string>(op, get_s(r));
    });
    b.is_else = get_bool(r);
    return b;
  });
  ff.option_choices = get_list<FileFacts::OptionChoices>(r, 4 * kMinString, [&] {
    FileFacts::OptionChoices o;
    for (std::string* s : {&o.dest, &o.default_value, &o.source}) *s = get_s(r);
    o.values = get_strings(r);
    return o;
  });
  ff.module_string_lists =
      get_list<std::pair<std::string, std::vector<std::string>>>(r, 2 * kMinString, [&] {
        std::string name = get_s(r);
        return std::pair(std::move(name), get_strings(r));
      });
  ff.main_blocks = get_list<std::pair<uint32_t, uint32_t>>(r, 2, [&] {
    const uint32_t first = get_u32(r);
    return std::pair(first, get_u32(r));
  });
  ff.flag_options = get_strings(r);
  ff.passed_options = get_strings(r);
  ff.suppressions = get_list<std::pair<uint32_t, std::string>>(r, 1 + kMinString, [&] {
    const uint32_t line = get_u32(r);
    return std::pair(line, get_s(r));
  });
  ff.uses = get_digest(r, ff.facts);
  ff.scripts_run = get_strings(r);
  ff.uses_digested = get_bool(r);
  return ff;
}

void put_finding(Writer& w, const Finding& f) {
  w.u8(f.rule != nullptr);
  put_s(w, f.rule_id);
  w.u8(static_cast<uint8_t>(f.domain));
  put_s(w, f.path);
  put(w, f.span);
  for (const std::string* s : {&f.match.str(), &f.snippet, &f.scope.str()}) put_s(w, *s);
  // The texts are mostly the rule's own: a bit each says so instead of a copy per finding.
  const std::string* texts[] = {&f.message.str(), &f.replacement.str(), &f.message_zh.str(),
                                &f.replacement_zh.str()};
  const std::string* own[] = {
      f.rule ? &f.rule->message : nullptr, f.rule ? &f.rule->replacement : nullptr,
      f.rule ? &f.rule->message_zh : nullptr, f.rule ? &f.rule->replacement_zh : nullptr};
  uint8_t same = 0;
  for (int i = 0; i < 4; ++i)
    if (own[i] && *own[i] == *texts[i]) same |= static_cast<uint8_t>(1 << i);
  w.u8(same);
  for (int i = 0; i < 4; ++i)
    if (!(same & (1 << i))) put_s(w, *texts[i]);
  w.u8(static_cast<uint8_t>(f.confidence));
  w.u8(static_cast<uint8_t>(f.severity));
  w.u8(static_cast<uint8_t>(f.site_class));
  w.u8(static_cast<uint8_t>(f.manual));
  put_u(w, static_cast<uint32_t>(f.guarded | f.beside_npu << 1 | f.stops_run << 2 |
                                 f.output_only << 3 | f.by_counterpart << 4 | f.optional << 5 |
                                 f.autofix << 6 | f.auto_by_transfer_to_npu << 7));
  put_strings(w, f.phases);
  put_u(w, f.optional_in);
  for (uint32_t v : {f.sites, f.cell, f.cell_line}) put_u(w, v);
}

Finding get_finding(Reader& r, const rules::RuleSet& rules) {
  Finding f;
  const bool has_rule = get_bool(r);
  f.rule_id = get_s(r);
  if (has_rule) {
    f.rule = rules.find(f.rule_id);
    if (!f.rule) r.fail();  // a rule this scan does not have: the entry is stale
    if (f.rule) f.rule_id = RuleText::of(f.rule->id);
  }
  f.domain = r.enumerator<Domain>(kDomains);
  f.path = interned(get_s(r));
  f.span = get_span(r);
  f.match = interned(get_s(r));
  f.snippet = get_s(r);
  f.scope = interned(get_s(r));
  const uint8_t same = r.u8();
  if (same > 15 || (same && !f.rule)) r.fail();
  if (!r.ok()) return f;
  auto own = [&](int i) -> const std::string& {  // only with a rule (checked above)
    const Rule& rule = *f.rule;
    return i == 0   ? rule.message
           : i == 1 ? rule.replacement
           : i == 2 ? rule.message_zh
                    : rule.replacement_zh;
  };
  // The rule's own texts are pointed at (RuleText), the others read.
  std::string read[4];
  for (int i = 0; i < 4; ++i) {
    if (same & (1 << i)) continue;
    read[i] = get_s(r);
    if (f.rule && read[i] == own(i)) r.fail();  // not the shortest form
  }
  f.message = same & 1 ? RuleText::of(own(0)) : RuleText(std::move(read[0]));
  f.replacement = same & 2 ? RuleText::of(own(1)) : RuleText(std::move(read[1]));
  f.message_zh = same & 4 ? RuleText::of(own(2)) : RuleText(std::move(read[2]));
  f.replacement_zh = same & 8 ? RuleText::of(own(3)) : RuleText(std::move(read[3]));
  f.confidence = r.enumerator<Confidence>(kConfidences);
  f.severity = r.enumerator<Severity>(kSeverities);
  f.site_class = r.enumerator<SiteClass>(static_cast<uint8_t>(kSiteClasses));
  f.manual = r.enumerator<ManualReason>(kManualReasonCount);
  const uint32_t bits = get_u32(r);
  if (bits > 255) r.fail();
  f.guarded = bits & 1;
  f.beside_npu = bits & 2;
  f.stops_run = bits & 4;
  f.output_only = bits & 8;
  f.by_counterpart = bits & 16;
  f.optional = bits & 32;
  f.autofix = bits & 64;
  f.auto_by_transfer_to_npu = bits & 128;
  f.phases = get_strings(r);
  f.optional_in = get_u(r);
  for (uint32_t* v : {&f.sites, &f.cell, &f.cell_line}) *v = get_u32(r);
  return f;
}

}  // namespace

std::string encode(const FileFacts& facts, const std::vector<Finding>& findings,
                   uint32_t suppressed, uint64_t bytes) {
  Writer w;
  put_u(w, kFactsCodecVersion);
  put_u(w, bytes);
  put_u(w, suppressed);
  put_facts(w, facts);
  put_list(w, findings, [&](const Finding& f) { put_finding(w, f); });
  return w.bytes();
}

std::optional<FileResult> decode(std::string_view blob, const rules::RuleSet& rules) {
  Reader r(blob);
  if (get_u32(r) != kFactsCodecVersion) return std::nullopt;
  FileResult out;
  out.bytes = get_u(r);
  out.suppressed = get_u32(r);
  out.facts = get_facts(r);
  out.findings =
      get_list<Finding>(r, 1 + kMinString + 1 + kMinString + kMinSpan + 4 * kMinString + 10,
                        [&] { return get_finding(r, rules); });
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return out;
}

}  // namespace ascendify::cache
