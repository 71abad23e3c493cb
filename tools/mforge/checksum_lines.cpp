#include "checksum_lines.hpp"

#include "merkleforge/core/hex.hpp"

namespace mforge {
namespace {

bool needs_escape(char c, Escapes escapes) {
  return c == '\\' || c == '\n' || (c == '\r' && escapes == Escapes::gnu);
}

/// The escaped name, and whether anything was escaped.
std::pair<std::string, bool> escaped(const std::string& name, Escapes escapes) {
  std::string out;
  bool any = false;
  for (const char c : name) {
    if (!needs_escape(c, escapes)) {
      out += c;
      continue;
    }
    any = true;
    out += c == '\\' ? "\\\\" : c == '\n' ? "\\n" : "\\r";
  }
  return {out, any};
}

std::optional<std::string> unescaped(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size()) return std::nullopt;
    switch (text[i]) {
      case '\\':
        out += '\\';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      default:
        return std::nullopt;
    }
  }
  return out;
}

std::optional<merkleforge::Digest32> digest_of(std::string_view hex) {
  if (hex.size() != 64 || hex.starts_with("0x")) return std::nullopt;
  auto digest = merkleforge::digest_from_hex(hex);
  if (!digest) return std::nullopt;
  return *digest;
}

}  // namespace

std::string checksum_line(const merkleforge::Digest32& digest, const std::string& name,
                          std::string_view tag, bool tagged, Escapes escapes) {
  const auto [text, any] = escaped(name, escapes);
  const std::string hex = merkleforge::to_hex(digest);
  std::string line = any ? "\\" : "";
  if (tagged) {
    line += std::string(tag) + " (" + text + ") = " + hex;
  } else {
    line += hex + "  " + text;
  }
  return line + "\n";
}

std::string reported_name(const std::string& name, Escapes escapes) {
  const auto [text, any] = escaped(name, escapes);
  return any ? "\\" + text : text;
}

std::optional<ChecksumLine> parse_checksum_line(std::string_view line, std::string_view tag) {
  const bool escaped_line = !line.empty() && line.front() == '\\';
  if (escaped_line) line.remove_prefix(1);
  std::string_view hex, name;
  const std::string tag_open = std::string(tag) + " (";
  if (line.starts_with(tag_open)) {
    const std::size_t close = line.rfind(") = ");
    if (close == std::string_view::npos || close < tag_open.size()) return std::nullopt;
    name = line.substr(tag_open.size(), close - tag_open.size());
    hex = line.substr(close + 4);
  } else {
    if (line.size() < 66 || line[64] != ' ' || (line[65] != ' ' && line[65] != '*')) {
      return std::nullopt;
    }
    hex = line.substr(0, 64);
    name = line.substr(66);
  }
  const auto digest = digest_of(hex);
  if (!digest || name.empty()) return std::nullopt;
  if (!escaped_line) return ChecksumLine{*digest, std::string(name)};
  auto plain = unescaped(name);
  if (!plain) return std::nullopt;
  return ChecksumLine{*digest, std::move(*plain)};
}

}  // namespace mforge
