# Project-wide warning flags, applied per target through merkleforge_warnings().
add_library(merkleforge_warnings INTERFACE)
target_compile_options(merkleforge_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  $<$<BOOL:${MERKLEFORGE_WERROR}>:-Werror>)
