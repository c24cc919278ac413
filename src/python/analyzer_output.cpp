// Output calls: `print(torch.cuda.get_device_name())`, `logger.info(f"{torch.cuda.
// max_memory_allocated()}")`. A CUDA query whose value is only shown changes nothing the run
// does (Fact::output_only; the verdict classes it "no change", docs/effort-model.md).
#include <algorithm>
#include <array>
#include <string_view>

#include "python/analyzer_impl.hpp"

namespace ascendify::python::detail {
namespace {

// Printing helpers by name: print, pprint, print0, print_rank_0, rank0_print, master_print.
bool is_print_name(std::string_view n) {
  return n.starts_with("print") || n.ends_with("print") || n == "pprint";
}

// Log levels, when the callee or its receiver names a logger: `logger.info`, `logging.warning`,
// `self.log.debug`, `LOGGER.error`, `warnings.warn`.
bool is_log_call(std::string_view last, std::string_view head) {
  static constexpr std::array<std::string_view, 9> kLevels = {
      "debug", "info", "warning", "warn", "error", "critical", "exception", "log", "fatal"};
  if (std::find(kLevels.begin(), kLevels.end(), last) == kLevels.end()) return false;
  auto lower_has = [](std::string_view s, std::string_view w) {
    return std::search(s.begin(), s.end(), w.begin(), w.end(), [](char a, char b) {
             return (a >= 'A' && a <= 'Z' ? a + 32 : a) == b;
           }) != s.end();
  };
  return lower_has(head, "log") || head == "warnings" || head.ends_with(".warnings");
}

}  // namespace

void Analyzer::note_output_call(Frame& f) const {
  if (f.output) return;  // an enclosing call already is one
  std::string_view name = f.callee, head;
  if (f.fact >= 0 && static_cast<size_t>(f.fact) < out_.facts.size()) {
    const Fact& callee = out_.facts[static_cast<size_t>(f.fact)];
    if (f.method) {
      head = callee.receiver;
    } else {
      const std::string_view q = callee.name;
      const size_t dot = q.rfind('.');
      name = dot == std::string_view::npos ? q : q.substr(dot + 1);
      head = dot == std::string_view::npos ? std::string_view{} : q.substr(0, dot);
    }
  }
  f.output = is_print_name(name) || is_log_call(name, head);
}

}  // namespace ascendify::python::detail
