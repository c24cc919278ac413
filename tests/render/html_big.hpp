#pragma once
// A synthetic assessment of `n` findings for the HTML report at scale: 25 findings per file
// over n / 25 files (the rules of sample.hpp in turn), every fifth finding on the line before it,
// one file in twenty not reached, snippets of ordinary and of pathological length (a 400-byte
// line with no space). Deterministic: the same n gives the same assessment.
#include <string>

#include "sample.hpp"

namespace ascendify::testing {

inline Assessment big_assessment(const SampleRules& R, size_t n) {
  Assessment a = sample_assessment(R);
  a.findings.clear();
  a.counts = {};
  a.site_classes = {};
  const Rule* rules[] = {&R.cache, &R.fa, &R.sdpa, &R.triton, &R.nccl, &R.rms, &R.compile, &R.dep};
  constexpr SiteClass kClasses[] = {
      SiteClass::Mechanical, SiteClass::MustAdapt, SiteClass::NoChange,  SiteClass::StopsRun,
      SiteClass::MustAdapt,  SiteClass::Tuning,    SiteClass::MustAdapt, SiteClass::Mechanical};
  constexpr size_t kPerFile = 25;
  uint32_t line = 0;
  std::string path, snippet;
  for (size_t i = 0; i < n; ++i) {
    const size_t file = i / kPerFile;
    if (i % kPerFile == 0) {
      path = "pkg" + std::to_string(file % 7) + "/module_" + std::to_string(file) + ".py";
      line = 0;
    }
    // Every fifth finding shares the line of the one before it (a second rule, same line).
    if (i % 5 != 4) line += 3 + static_cast<uint32_t>(i % 11);
    const size_t k = i % 8;
    const Rule& r = *rules[k];
    if (i % 5 != 4)
      snippet = i % 97 == 0 ? "x = " + std::string(400, 'a') + "(" + std::to_string(i) + ")"
                            : "out_" + std::to_string(i) + " = call_site(q, k, v, dropout_p=0.0, " +
                                  "softmax_scale=None, causal=True)  # " + r.id;
    Finding f = make_finding(r, path, line, 5, "torch.cuda.site_" + std::to_string(k), snippet);
    f.site_class = kClasses[k];
    if (file % 20 != 19) f.phases = {"inference"};
    if (file % 3 == 0 && !f.phases.empty()) f.phases = {"inference", "training"};
    f.autofix = k == 0;
    f.auto_by_transfer_to_npu = k == 7;
    a.counts[static_cast<size_t>(f.domain)] += 1;
    a.site_classes[static_cast<size_t>(f.site_class)] += 1;
    if (file % 20 == 19 && (a.unreached_files.empty() || a.unreached_files.back() != path))
      a.unreached_files.push_back(path);
    a.findings.push_back(std::move(f));
  }
  std::sort(a.findings.begin(), a.findings.end());
  std::sort(a.unreached_files.begin(), a.unreached_files.end());
  a.unreached_findings = 0;
  for (const auto& f : a.findings)
    if (f.phases.empty()) ++a.unreached_findings;
  return a;
}

}  // namespace ascendify::testing
