# What the verifier modules' objects really include, from the compiler's own dependency records
# (ninja -t deps of the build being tested): no prover header (*/prover/*, */prover.hpp), nothing of
# oneTBB and not the parallel loop. The link graph (check_module_graph.cmake) cannot see a header-only
# use; this can. With FUZZ_TARGETS instead of VERIFIERS: the objects of those fuzz targets (the
# proof system's verifiers' targets, fuzz/CMakeLists.txt).
#   cmake -DBUILD_DIR=<build> -DNINJA=<ninja> -DVERIFIERS=core,hash,... -P check_verifier_includes.cmake
#   cmake -DBUILD_DIR=<build> -DNINJA=<ninja> -DFUZZ_TARGETS=cs_verify_fuzz,... -P ...
cmake_policy(VERSION 3.25)  # IN_LIST and friends in script mode
string(REPLACE "," ";" verifiers "${VERIFIERS}")  # the modules marked VERIFIER
string(REPLACE "," ";" fuzz_targets "${FUZZ_TARGETS}")
set(object_dirs)
foreach(verifier IN LISTS verifiers)
  list(APPEND object_dirs "src/CMakeFiles/merkleforge_${verifier}")
endforeach()
foreach(target IN LISTS fuzz_targets)
  list(APPEND object_dirs "fuzz/CMakeFiles/${target}")
endforeach()
if(NOT object_dirs)
  message(FATAL_ERROR "pass -DVERIFIERS=<module>,<module>,... or -DFUZZ_TARGETS=<target>,...")
endif()
# The objects of the current build graph (a folder may still hold objects of moved sources).
execute_process(COMMAND "${NINJA}" -C "${BUILD_DIR}" -t targets all OUTPUT_VARIABLE targets
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "ninja -t targets failed (${status})")
endif()
set(objects)
foreach(dir IN LISTS object_dirs)
  string(REGEX MATCHALL "${dir}\\.dir/[^:\n]+\\.o:" found "${targets}")
  if(NOT found)
    message(FATAL_ERROR "no objects of ${dir} in ${BUILD_DIR}")
  endif()
  list(TRANSFORM found REPLACE ":$" "")
  list(APPEND objects ${found})
endforeach()
execute_process(COMMAND "${NINJA}" -C "${BUILD_DIR}" -t deps ${objects}
                OUTPUT_VARIABLE records RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "ninja -t deps failed (${status})")
endif()
# Records: "<object>: #deps N, ..." then one indented path per line.
string(REPLACE "\n" ";" lines "${records}")
set(object "")
set(read 0)
set(violations 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^([^ ].*\\.o): #deps ([0-9]+)")
    set(object "${CMAKE_MATCH_1}")
    math(EXPR read "${read} + 1")
  elseif(line MATCHES "/prover/|/prover\\.hpp$|/tbb/|/oneapi/|merkleforge/parallel/")
    string(STRIP "${line}" header)
    message(SEND_ERROR "${object} includes ${header}")
    math(EXPR violations "${violations} + 1")
  endif()
endforeach()
list(LENGTH objects expected)
if(NOT read EQUAL expected)
  message(FATAL_ERROR "ninja recorded dependencies of ${read} of ${expected} objects")
endif()
if(violations GREATER 0)
  message(FATAL_ERROR "${violations} prover or oneTBB includes in verifier-side objects")
endif()
if(verifiers)
  set(checked "the verifiers (${verifiers})")
else()
  set(checked "the fuzz targets ${fuzz_targets}")
endif()
message(STATUS "${read} objects of ${checked} include no prover and no oneTBB")
