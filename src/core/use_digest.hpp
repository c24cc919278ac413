#pragma once
// Building the UseDigest of a file (core/facts.hpp).
#include "core/facts.hpp"

namespace ascendify {

// A kernel launch (Native "launch", or "triton-launch" from Python): a site of the digest
// whose Native fact stays among the facts (UseDigest::launch_facts).
bool is_launch(const Fact& f);

// The digest of `facts`; its launch_facts index `facts` itself.
UseDigest digest_uses(const std::vector<Fact>& facts);

// Replaces the Reference, MethodCall and Import facts of `facts` by `facts.uses` and drops the
// facts `also_drop` selects (optional; never launch facts), in one pass; launch_facts then index
// into the shortened fact list. Sets `facts.uses_digested`.
void move_uses_to_digest(FileFacts& facts, bool (*also_drop)(const Fact&) = nullptr);

// Moves the digest's own strings into `pool` (the ids stay: sites and imports are unchanged)
// and frees them; the digest then keeps `pool` alive. A shared digest is left as it is.
void share_strings(UseDigest& d, const std::shared_ptr<StringPool>& pool);

// The digest of a file: the stored one when the facts were digested, else one built into
// `scratch` from the facts.
const UseDigest& uses_of(const FileFacts& facts, UseDigest& scratch);

// A ".py" path the fact gives open() (to exec it), runpy.run_path() or execfile(): the
// project runs that file by name (nanoGPT's `exec(open('configurator.py').read())`).
bool script_run_by_name(const Fact& f);
// Those paths of a file: from its String facts, or the slimmed list (FileFacts::scripts_run).
std::vector<std::string> scripts_run_by_name(const FileFacts& facts);

}  // namespace ascendify
