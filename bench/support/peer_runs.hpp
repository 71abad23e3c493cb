// Peer timings shown one sample per benchmark repetition (see PeerRuns).
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

namespace merkleforge::bench {

/// A peer's timing samples handed out one per benchmark repetition, so that the spread the
/// report shows over repetitions is the peer's own: register a peer figure with Iterations(1) and
/// UseManualTime, and let each call (one repetition) take next_ns(). No sample is shown twice:
/// when a figure has used every sample of the runs so far, the peer is run again.
class PeerRuns {
 public:
  /// `run` starts one peer run (e.g. run_node_peer with the benchmark request).
  explicit PeerRuns(std::function<nlohmann::json()> run) : run_(std::move(run)) {}

  /// The first run's reply (to check the peer's output against ours); null when the peer failed.
  const nlohmann::json& first_reply() {
    if (replies_.empty()) replies_.push_back(run_());
    return replies_.front();
  }

  /// The next unused sample, in ns, of the figure at `pointer` (a JSON pointer to an array of
  /// numbers, e.g. "/merkletreejs/build_ns"); nullopt when the peer failed or gave no samples.
  std::optional<double> next_ns(const std::string& pointer) {
    const nlohmann::json::json_pointer at(pointer);
    std::size_t index = used_[pointer];
    for (std::size_t run = 0;; ++run) {
      if (run == replies_.size()) replies_.push_back(run_());
      const nlohmann::json& reply = replies_[run];
      if (!reply.is_object() || !reply.contains(at) || !reply[at].is_array() || reply[at].empty())
        return std::nullopt;
      if (index < reply[at].size()) {
        ++used_[pointer];
        return reply[at][index].get<double>();
      }
      index -= reply[at].size();
    }
  }

 private:
  std::function<nlohmann::json()> run_;
  std::deque<nlohmann::json> replies_;       // a deque: references to earlier replies stay valid
  std::map<std::string, std::size_t> used_;  ///< samples taken, per figure
};

}  // namespace merkleforge::bench
