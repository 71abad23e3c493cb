# Project-wide warning flags, applied per target through merkleforge_warnings().
add_library(merkleforge_warnings INTERFACE)
target_compile_options(merkleforge_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  # GCC 12 reports false positives inside libstdc++ at -O3: -Wrestrict in std::string
  # concatenation (GCC bug 105329) and -Wstringop-overread in std::vector<uint8_t> comparison
  # (bug 106199); both are fixed in GCC 13.
  $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict -Wno-stringop-overread>
  $<$<BOOL:${MERKLEFORGE_WERROR}>:-Werror>)
