# Project-wide warning flags, applied per target through merkleforge_warnings().
add_library(merkleforge_warnings INTERFACE)
target_compile_options(merkleforge_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  # GCC 12 reports -Wrestrict false positives inside std::string concatenation at -O3 (GCC bug
  # 105329, fixed in 13).
  $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>
  $<$<BOOL:${MERKLEFORGE_WERROR}>:-Werror>)
