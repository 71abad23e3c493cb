// libFuzzer target: the sumcheck, zerocheck, grand-product, channel, lookup and evalcheck verifiers
// on arbitrary transcript tapes (short, long or garbage). The first input byte picks the
// statement's sizes; every tape must end in a Result (accepted or an error), never in a crash or
// undefined behaviour.
#include <cstdint>
#include <cstdlib>

#include "merkleforge/zk/channel.hpp"
#include "merkleforge/zk/evalcheck.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/lookup.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge;
  using namespace merkleforge::zk;
  if (size == 0) return 0;
  const unsigned n = data[0] % 6;
  const ByteSpan tape(data + 1, size - 1);
  const Digest32 statement{};
  Composition product(3);
  product.add(product.mul(product.column(0), product.column(1)), product.column(2));
  {
    const std::vector<SumcheckClaim> claims{{n, product, 0}, {n / 2, product, 1}};
    VerifierTranscript transcript("fuzz", statement, tape, {});
    (void)verify_sumcheck(claims, transcript);
  }
  {
    VerifierTranscript transcript("fuzz", statement, tape, {});
    (void)verify_zerocheck({n, {product}}, transcript);
  }
  {
    VerifierTranscript transcript("fuzz", statement, tape, {});
    (void)verify_grand_products({{n, n / 2}, true}, transcript);
  }
  {
    const ChannelStatement channel{
        {{n, 2, FlushDirection::push}, {n / 2, 2, FlushDirection::pull}}, {{1, 2}}, {}};
    VerifierTranscript transcript("fuzz", statement, tape, {});
    (void)verify_channel(channel, transcript);
  }
  {
    VerifierTranscript transcript("fuzz", statement, tape, {});
    (void)verify_lookup(n, n / 2, transcript);
  }
  {
    OracleSet oracles;
    const OracleId a = oracles.committed(n + 1);
    const OracleId lc = oracles.linear_combination(n + 1, 3, {{a, 5}});
    const OracleId s = oracles.shifted(lc, 1, 1, ShiftKind::cyclic);
    const std::vector<EvalClaim> claims{{s, std::vector<uint128>(n + 1, 7), 9}};
    VerifierTranscript transcript("fuzz", statement, tape, {});
    (void)verify_evalcheck(oracles, claims, transcript);
  }
  return 0;
}
