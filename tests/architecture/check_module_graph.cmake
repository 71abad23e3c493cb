# The module graph as CMake really builds it, against the layering the modules declare
# (src/CMakeLists.txt: each merkleforge_add_module lists the modules beneath it, in an order where
# every module comes after those it uses). Configures the library alone into a scratch folder with
# --graphviz and fails when a library links a module declared after it (an upward edge), or when a
# verifier module reaches a prover module or oneTBB through any chain of links.
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -DVERIFIERS=core,hash,... -P check_module_graph.cmake
cmake_policy(VERSION 3.25)  # IN_LIST and friends in script mode
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${WORK_DIR}/build" -G Ninja
          -DMERKLEFORGE_BUILD_TESTS=OFF -DMERKLEFORGE_BUILD_BENCH=OFF -DMERKLEFORGE_BUILD_TOOLS=OFF
          -DMERKLEFORGE_BUILD_PYTHON=OFF --graphviz=${WORK_DIR}/graph.dot
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
foreach(verifier IN LISTS verifiers)
  set(reached)
  set(pending merkleforge_${verifier})
  while(pending)
    list(POP_FRONT pending target)
    foreach(next IN LISTS links_${target})
      if(NOT next IN_LIST reached)
        list(APPEND reached "${next}")
        list(APPEND pending "${next}")
      endif()
    endforeach()
  endwhile()
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
if(violations GREATER 0)
  message(FATAL_ERROR "module graph: ${violations} links from a verifier to a prover or oneTBB")
endif()
message(STATUS "module graph: ${edges} edges between ${count} modules, none upward; the verifiers "
               "(${verifiers}) link no prover and no oneTBB")
