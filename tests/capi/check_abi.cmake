# cmake -DLIBRARY=libmerkleforge_c.so -DSYMBOLS=merkleforge_c.symbols -DHEADER=merkleforge.h
#       -DNM=nm -P check_abi.cmake
# Fails unless the library's defined dynamic symbols (version node aside), the symbol list kept
# beside the sources and the functions the header declares with MF_API are the same set.
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY} OUTPUT_VARIABLE nm_out
                RESULT_VARIABLE nm_status)
if(NOT nm_status EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIBRARY}")
endif()
string(REGEX MATCHALL "[0-9a-f]+ [A-Za-z] [^\n]+" entries "${nm_out}")
set(exported)
foreach(entry IN LISTS entries)
  string(REGEX REPLACE "^[0-9a-f]+ ([A-Za-z]) ([^@]+).*$" "\\1;\\2" parts "${entry}")
  list(GET parts 0 type)
  list(GET parts 1 name)
  if(type STREQUAL "A")
    continue()  # the version node (MERKLEFORGE_C_0)
  endif()
  list(APPEND exported ${name})
endforeach()

file(STRINGS ${SYMBOLS} listed)

file(STRINGS ${HEADER} declarations REGEX "^MF_API ")
set(declared)
foreach(line IN LISTS declarations)
  string(REGEX MATCH "(mf_[a-z0-9_]+)\\(" match "${line}")
  list(APPEND declared ${CMAKE_MATCH_1})
endforeach()

foreach(set_name exported listed declared)
  list(SORT ${set_name})
  list(REMOVE_DUPLICATES ${set_name})
endforeach()
list(LENGTH exported count)
if(NOT exported STREQUAL listed OR NOT listed STREQUAL declared)
  message(FATAL_ERROR "ABI mismatch\n exported: ${exported}\n listed:   ${listed}\n declared: ${declared}")
endif()
message(STATUS "ABI: ${count} exported symbols, as listed and declared")
