#pragma once
// Class paths in YAML configs: Hydra's `_target_: sam2.modeling.sam2_base.SAM2Base`, the
// `target: sgm.models.diffusion.DiffusionEngine` of instantiate_from_config, LightningCLI's
// `class_path:`. The code they name runs when a config is instantiated, though no Python file
// imports it. A line scan, no YAML parse: a config is never rejected.
#include <string_view>

#include "core/facts.hpp"

namespace ascendify::config {

// One Import fact per class path (name: the dotted path, span: its line and columns).
FileFacts analyze_targets(std::string_view text);

}  // namespace ascendify::config
