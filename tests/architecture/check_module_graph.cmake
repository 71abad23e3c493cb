# The module graph as CMake really builds it, against the layering the modules declare
# (src/CMakeLists.txt: each merkleforge_add_module lists the modules beneath it, in an order where
# every module comes after those it uses). Configures the library and the fuzz targets (as the
# replay programs of fuzz/CMakeLists.txt) into a scratch folder with --graphviz and fails when a
# library links a module declared after it (an upward edge), when a verifier module reaches a
# prover module or oneTBB through any chain of links, when a module other than parallel links
# oneTBB, or when a fuzz target of the proof system's
# verifiers (MERKLEFORGE_VERIFIER_FUZZ_TARGETS) reaches anything but verifier modules.
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -DVERIFIERS=core,hash,... -P check_module_graph.cmake
cmake_policy(VERSION 3.25)  # IN_LIST and friends in script mode
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${WORK_DIR}/build" -G Ninja
          -DMERKLEFORGE_BUILD_TESTS=OFF -DMERKLEFORGE_BUILD_BENCH=OFF -DMERKLEFORGE_BUILD_TOOLS=OFF
          -DMERKLEFORGE_BUILD_PYTHON=OFF -DMERKLEFORGE_BUILD_FUZZ_REPLAY=ON
          --graphviz=${WORK_DIR}/graph.dot
  RESULT_VARIABLE configured OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT configured EQUAL 0)
  message(FATAL_ERROR "configuring the library failed:\n${errors}")
endif()

# The declared order: the modules in the order src/CMakeLists.txt adds them.
file(READ "${SOURCE_DIR}/src/CMakeLists.txt" declarations)
string(REGEX MATCHALL "\nmerkleforge_add_module\\(([a-z_]+)" calls "${declarations}")
set(order)
foreach(call IN LISTS calls)
  string(REGEX REPLACE "\nmerkleforge_add_module\\(" "" module "${call}")
  list(APPEND order merkleforge_${module})
endforeach()
list(LENGTH order count)
if(count LESS 10)
  message(FATAL_ERROR "found only ${count} modules in src/CMakeLists.txt: ${order}")
endif()

# Graphviz: nodes "nodeN" [ label = "target" ... ]; edges "nodeA" -> "nodeB".
file(STRINGS "${WORK_DIR}/graph.dot" lines)
set(edges 0)
set(upward 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^ *\"(node[0-9]+)\" \\[ label = \"([^\"\\\\]+)")
    set(name_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
    list(APPEND nodes "${CMAKE_MATCH_2}")
  elseif(line MATCHES "^ *\"(node[0-9]+)\" -> \"(node[0-9]+)\"")
    set(from "${name_${CMAKE_MATCH_1}}")
    set(to "${name_${CMAKE_MATCH_2}}")
    list(APPEND links_${from} "${to}")
    list(FIND order "${from}" from_index)
    list(FIND order "${to}" to_index)
    if(from_index GREATER -1 AND to_index GREATER -1)
      math(EXPR edges "${edges} + 1")
      if(NOT to_index LESS from_index)
        message(SEND_ERROR "${from} links ${to}, which is declared after it (an upward edge)")
        math(EXPR upward "${upward} + 1")
      endif()
    endif()
  endif()
endforeach()
if(edges LESS 15)
  message(FATAL_ERROR "read only ${edges} module edges from ${WORK_DIR}/graph.dot")
endif()
if(upward GREATER 0)
  message(FATAL_ERROR "module graph: ${upward} of ${edges} edges point upward")
endif()

# A verifier is small and single-threaded: nothing it links, directly or through another module,
# is a prover or oneTBB (so it builds for WebAssembly and embeds anywhere).
set(violations 0)
string(REPLACE "," ";" verifiers "${VERIFIERS}")  # the modules marked VERIFIER
if(NOT verifiers)
  message(FATAL_ERROR "pass -DVERIFIERS=<module>,<module>,...")
endif()
# Everything `start` links, directly or through other targets.
function(reachable out start)
  set(reached)
  set(pending ${start})
  while(pending)
    list(POP_FRONT pending target)
    foreach(next IN LISTS links_${target})
      if(NOT next IN_LIST reached)
        list(APPEND reached "${next}")
        list(APPEND pending "${next}")
      endif()
    endforeach()
  endwhile()
  set(${out} ${reached} PARENT_SCOPE)
endfunction()
foreach(verifier IN LISTS verifiers)
  reachable(reached merkleforge_${verifier})
  foreach(target IN LISTS reached)
    if(target MATCHES "_prover$|tbb|merkleforge_parallel")
      message(SEND_ERROR "verifier merkleforge_${verifier} links ${target}")
      math(EXPR violations "${violations} + 1")
    endif()
  endforeach()
endforeach()
if(NOT "TBB::tbb" IN_LIST links_merkleforge_parallel
   OR NOT "merkleforge_parallel" IN_LIST links_merkleforge_zk_prover)
  message(FATAL_ERROR "the graph lost the provers' edge to the pool (zk_prover -> parallel -> "
                      "oneTBB); the verifier check reads nothing")
endif()
# oneTBB is private to the parallel module: every other module's parallel work goes through it, so
# the pool's policy (grains, thread limits) is in one place.
foreach(module IN LISTS order)
  if(NOT module STREQUAL "merkleforge_parallel" AND "TBB::tbb" IN_LIST links_${module})
    message(SEND_ERROR "${module} links oneTBB itself instead of going through merkleforge_parallel")
    math(EXPR violations "${violations} + 1")
  endif()
endforeach()
if(violations GREATER 0)
  message(FATAL_ERROR "module graph: ${violations} links from a verifier to a prover or oneTBB, or "
                      "from a module other than parallel to oneTBB")
endif()

# The fuzz targets of the proof system's verifiers link verifier modules and nothing else of the
# library (no prover, no circuits, no parallel loop, not the whole `merkleforge`) and no oneTBB: the
# honest proofs their oracles need come from fixture files (make_fuzz_fixtures links the provers).
file(STRINGS "${WORK_DIR}/build/CMakeCache.txt" cached REGEX "^MERKLEFORGE_VERIFIER_FUZZ_TARGETS:")
string(REGEX REPLACE "^[^=]*=" "" fuzz_targets "${cached}")
string(REPLACE "\\;" ";" fuzz_targets "${fuzz_targets}")  # file(STRINGS) escapes a line's ';'
list(LENGTH fuzz_targets fuzz_count)
if(fuzz_count LESS 4)
  message(FATAL_ERROR "found only ${fuzz_count} verifier fuzz targets (MERKLEFORGE_VERIFIER_FUZZ_TARGETS "
                      "of fuzz/CMakeLists.txt): ${fuzz_targets}")
endif()
set(allowed merkleforge_warnings)
foreach(verifier IN LISTS verifiers)
  list(APPEND allowed merkleforge_${verifier})
endforeach()
foreach(target IN LISTS fuzz_targets)
  if(NOT target IN_LIST nodes)
    message(FATAL_ERROR "the graph has no fuzz target ${target}")
  endif()
  reachable(reached ${target})
  if(NOT reached MATCHES "merkleforge_(zk|pcs|cs)(;|$)")
    message(FATAL_ERROR "fuzz target ${target} links no proof-system verifier: ${reached}")
  endif()
  foreach(linked IN LISTS reached)
    if((linked MATCHES "^merkleforge" AND NOT linked IN_LIST allowed) OR linked MATCHES "[Tt][Bb][Bb]")
      message(SEND_ERROR "verifier fuzz target ${target} links ${linked}")
      math(EXPR violations "${violations} + 1")
    endif()
  endforeach()
endforeach()
# The generator of their fixtures does reach the provers and oneTBB: the walk sees executables.
reachable(reached make_fuzz_fixtures)
if(NOT "merkleforge_cs_prover" IN_LIST reached OR NOT "TBB::tbb" IN_LIST reached)
  message(FATAL_ERROR "make_fuzz_fixtures reaches no prover or no oneTBB in the graph: ${reached}")
endif()
if(violations GREATER 0)
  message(FATAL_ERROR "module graph: ${violations} links from a verifier fuzz target to a module "
                      "that is not a verifier, or to oneTBB")
endif()
message(STATUS "module graph: ${edges} edges between ${count} modules, none upward; the verifiers "
               "(${verifiers}) link no prover and no oneTBB; nor do their fuzz targets "
               "(${fuzz_targets}), which link verifier modules only")
