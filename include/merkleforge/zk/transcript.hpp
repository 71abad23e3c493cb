// The protocols run over the transcript module's Fiat–Shamir transcript
// (transcript/transcript.hpp); its names, in zk, for the protocols' signatures.
#pragma once

#include "merkleforge/transcript/transcript.hpp"

namespace merkleforge::zk {

using binius::B128;
using transcript::kB128Bytes;
using transcript::kDigestBytes;
using transcript::load_b128;
using transcript::ProofTapes;
using transcript::ProverTranscript;
using transcript::store_b128;
using transcript::VerifierTranscript;

}  // namespace merkleforge::zk
