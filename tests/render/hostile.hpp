#pragma once
// Adds repository text that tries to inject markup into a report: a file name with an <img
// onerror>, a snippet that closes the script block, a phase name that closes an attribute.
// If any of it ran in a browser it would set a data-pwned attribute on <html>.
#include "sample.hpp"

namespace ascendify::testing {

inline constexpr const char* kEvilPath =
    "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','img')\">.py";
inline constexpr const char* kEvilSnippet =
    "x = 1  # <script>alert(1)</script></script><script>document.documentElement."
    "setAttribute('data-pwned','script')</script>";

inline void add_hostile(Assessment& a, const SampleRules& R) {
  a.project_name = "<b onmouseover=alert(1)>wan</b>";
  Finding f = make_finding(R.cache, kEvilPath, 3, 1, "torch.cuda.empty_cache", kEvilSnippet);
  f.phases = {"inference"};
  f.scope = "'\"><svg onload=alert(1)>";
  a.findings.insert(a.findings.begin(), f);  // "<" sorts before "r"
  a.counts[static_cast<size_t>(Domain::Device)] += 1;
  a.phases[0].entry_points.push_back("\"><img src=x onerror=alert(2)>");
  a.kernels[0].purpose = "<iframe src=javascript:alert(3)>";
  a.dependencies[0].replacement = "</td></tr></table><script>alert(4)</script>";
  a.blockers.push_back("<img src=x onerror=alert(5)> (x.py:1)");
  a.diagnostics.push_back({kEvilPath, 1, "</script><script>alert(6)</script>"});
}

}  // namespace ascendify::testing
