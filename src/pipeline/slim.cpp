#include "pipeline/slim.hpp"

#include <algorithm>

namespace ascendify::pipeline {

namespace {

template <typename T>
void release(T& v) {
  T().swap(v);  // clear() keeps the heap buffer; a swap frees it
}

}  // namespace

void slim_for_assess(FileFacts& facts) {
  auto& v = facts.facts;
  v.erase(std::remove_if(v.begin(), v.end(),
                         [](const Fact& f) { return f.kind == FactKind::String; }),
          v.end());
  for (Fact& f : v) {
    switch (f.kind) {
      case FactKind::Reference:
        release(f.receiver);
        release(f.call);
        release(f.detail);
        release(f.alias);
        release(f.args);
        break;
      case FactKind::MethodCall:
      case FactKind::ClassDef:
      case FactKind::FunctionDef:
        release(f.args);
        break;
      default:
        break;
    }
  }
  v.shrink_to_fit();
}

}  // namespace ascendify::pipeline
