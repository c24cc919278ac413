#include "render/verdict_words.hpp"

#include <fmt/format.h>

#include "render/escape.hpp"

namespace ascendify::render {

namespace {

// Hours as the English criterion writes them: "16", "4.5".
std::string hours_text(double h) {
  std::string t = one_decimal(h);
  if (t.size() > 2 && t.ends_with(".0")) t.resize(t.size() - 2);
  return t;
}

}  // namespace

std::string basis_zh(const Assessment& a, const TextStyle& style) {
  using B = Assessment::VerdictBasis;
  const B& b = a.verdict_basis;
  const std::string scope = b.scope == B::Scope::All       ? "全部扫描代码"
                            : b.scope == B::Scope::Reached ? "入口点可达的各阶段"
                                                           : "阶段 " + style.text(b.phase);
  switch (b.kind) {
    case B::Kind::NoPath:
      return fmt::format("{}：{} 处无保护的依赖或用法在昇腾上没有可用路径，也没有回退实现", scope,
                         b.count);
    case B::Kind::Rewrite:
      return fmt::format("{}：{} 处需重写的算子、阻塞级发现或未移植的框架", scope, b.count);
    case B::Kind::Manual:
      return fmt::format(
          "{}：{} 处需手动适配（语义有变化的 API 替换、精度调整、不支持的算子或库），约 {} 小时，"
          "超过可行移植允许的 {} 小时",
          scope, b.count, hours_text(b.hours), hours_text(b.limit));
    case B::Kind::Covered:
      return fmt::format(
          "{}：完成机械修改（transfer_to_npu 或 {}，{} 处）后无阻断运行的问题；"
          "需手动适配 {} 处，约 {} 小时（不超过 {} 小时）",
          scope, style.code("ascendify fix"), b.mechanical, b.count, hours_text(b.hours),
          hours_text(b.limit));
    case B::Kind::Counterpart:
      if (!a.counterparts.empty()) {
        const CounterpartUse& c = a.counterparts.front();
        return fmt::format("项目本身即 {}（{}）：采用 {}——{}；逐行移植本仓库为{}，{}–{} 周",
                           style.text(c.framework), style.text(c.evidence), style.text(c.name),
                           style.text(c.how_zh), to_chinese(c.literal_feasibility),
                           one_decimal(c.literal_effort.low), one_decimal(c.literal_effort.high));
      }
      break;
    case B::Kind::None:
      break;
  }
  return {};
}

}  // namespace ascendify::render
