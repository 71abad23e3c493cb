// ProofNodes: conversion to the one-vector-per-node form.
#include "merkleforge/mpt/proof_nodes.hpp"

namespace merkleforge::mpt {

std::vector<Bytes> ProofNodes::to_vector() const {
  std::vector<Bytes> nodes;
  nodes.reserve(size());
  for (std::size_t i = 0; i < size(); ++i) {
    const ByteSpan node = (*this)[i];
    nodes.emplace_back(node.begin(), node.end());
  }
  return nodes;
}

}  // namespace merkleforge::mpt
