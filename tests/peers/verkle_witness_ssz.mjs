// Peer oracle for the SSZ form of EIP-6800 execution witnesses: @chainsafe/ssz (Lodestar's SSZ
// library; pinned in package.json) with the containers of consensus-specs
// specs/_features/eip6800/beacon-chain.md, Optional[Bytes32] as Union[None, Bytes32].
// One JSON request on stdin, one JSON reply on stdout:
//   {"encode": [witness in the geth JSON form, ...], "decode": [hex, ...]}
//   -> {"encoded": [hex, ...], "decoded": [witness in the geth JSON form, or {"error": text}, ...]}
import {
  ByteListType, ByteVectorType, ContainerType, ListCompositeType, NoneType, UnionType,
  VectorCompositeType,
} from '@chainsafe/ssz';

const MAX_STEMS = 2 ** 16;
const Bytes1 = new ByteVectorType(1);
const Bytes31 = new ByteVectorType(31);
const Bytes32 = new ByteVectorType(32);
const OptionalBytes32 = new UnionType([new NoneType(), Bytes32]);
const SuffixStateDiff = new ContainerType(
    {suffix: Bytes1, currentValue: OptionalBytes32, newValue: OptionalBytes32});
const StemStateDiff =
    new ContainerType({stem: Bytes31, suffixDiffs: new ListCompositeType(SuffixStateDiff, 256)});
const IPAProof = new ContainerType({
  cl: new VectorCompositeType(Bytes32, 8),
  cr: new VectorCompositeType(Bytes32, 8),
  finalEvaluation: Bytes32,
});
const VerkleProof = new ContainerType({
  otherStems: new ListCompositeType(Bytes31, MAX_STEMS),
  depthExtensionPresent: new ByteListType(MAX_STEMS),
  commitmentsByPath: new ListCompositeType(Bytes32, MAX_STEMS * 33),
  d: Bytes32,
  ipaProof: IPAProof,
});
const ExecutionWitness = new ContainerType({
  stateDiff: new ListCompositeType(StemStateDiff, MAX_STEMS),
  verkleProof: VerkleProof,
});

const bytes = (text) => Uint8Array.from(Buffer.from(text.replace(/^0x/, ''), 'hex'));
const hex0x = (value) => '0x' + Buffer.from(value).toString('hex');
const optionalIn = (text) => (text == null ? {selector: 0, value: null} :
                                             {selector: 1, value: bytes(text)});
const optionalOut = (union) => (union.selector === 0 ? null : hex0x(union.value));

function toSsz(witness) {
  const proof = witness.verkleProof;
  return {
    stateDiff: witness.stateDiff.map((diff) => ({
      stem: bytes(diff.stem),
      suffixDiffs: diff.suffixDiffs.map((s) => ({
        suffix: Uint8Array.of(s.suffix),
        currentValue: optionalIn(s.currentValue),
        newValue: optionalIn(s.newValue),
      })),
    })),
    verkleProof: {
      otherStems: proof.otherStems.map(bytes),
      depthExtensionPresent: bytes(proof.depthExtensionPresent),
      commitmentsByPath: proof.commitmentsByPath.map(bytes),
      d: bytes(proof.d),
      ipaProof: {
        cl: proof.ipaProof.cl.map(bytes),
        cr: proof.ipaProof.cr.map(bytes),
        finalEvaluation: bytes(proof.ipaProof.finalEvaluation),
      },
    },
  };
}

function fromSsz(value) {
  const proof = value.verkleProof;
  return {
    stateDiff: value.stateDiff.map((diff) => ({
      stem: hex0x(diff.stem),
      suffixDiffs: diff.suffixDiffs.map((s) => ({
        suffix: s.suffix[0],
        currentValue: optionalOut(s.currentValue),
        newValue: optionalOut(s.newValue),
      })),
    })),
    verkleProof: {
      otherStems: proof.otherStems.map(hex0x),
      depthExtensionPresent: hex0x(proof.depthExtensionPresent),
      commitmentsByPath: proof.commitmentsByPath.map(hex0x),
      d: hex0x(proof.d),
      ipaProof: {
        cl: proof.ipaProof.cl.map(hex0x),
        cr: proof.ipaProof.cr.map(hex0x),
        finalEvaluation: hex0x(proof.ipaProof.finalEvaluation),
      },
    },
  };
}

function decode(text) {
  try {
    return fromSsz(ExecutionWitness.deserialize(bytes(text)));
  } catch (error) {
    return {error: String(error.message ?? error)};
  }
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const encoded = (request.encode ?? []).map(
    (witness) => Buffer.from(ExecutionWitness.serialize(toSsz(witness))).toString('hex'));
const decoded = (request.decode ?? []).map(decode);
process.stdout.write(JSON.stringify({encoded, decoded}));
