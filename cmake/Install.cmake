# Installs each module as its own component: libmerkleforge_<module>.a, an export set
# (find_package(merkleforge COMPONENTS hash ...) -> merkleforge::hash) and a pkg-config file
# merkleforge-<module>.pc; `merkleforge` / merkleforge.pc is every module at once.
include(CMakePackageConfigHelpers)
set(merkleforge_config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/merkleforge)
install(DIRECTORY include/merkleforge DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# What each module needs beyond the modules beneath it, for the package config and pkg-config.
set(merkleforge_external_core Threads)
set(merkleforge_external_store RocksDB)
# oneTBB: only the parallel module links it; every other user of the pool reaches it through that
# module (the verifiers never do).
set(merkleforge_external_parallel TBB)
set(merkleforge_pc_libs_Threads -pthread)
set(merkleforge_pc_libs_TBB -ltbb)
set(merkleforge_pc_libs_RocksDB -lrocksdb)

# out = `module` and every module it depends on, in link order (dependents first).
function(merkleforge_link_closure module out)
  set(closure ${module})
  set(pending ${module})
  while(pending)
    list(POP_FRONT pending current)
    get_property(deps GLOBAL PROPERTY merkleforge_${current}_deps)
    list(TRANSFORM deps REPLACE "^merkleforge_" "")
    foreach(dep IN LISTS deps)
      if(NOT dep IN_LIST closure)
        list(APPEND closure ${dep})
        list(APPEND pending ${dep})
      endif()
    endforeach()
  endwhile()
  string(REPLACE ";" "|" alternatives "${closure}")
  set(ordered ${MERKLEFORGE_MODULES})
  list(REVERSE ordered)
  list(FILTER ordered INCLUDE REGEX "^(${alternatives})$")
  set(${out} ${ordered} PARENT_SCOPE)
endfunction()

# One pkg-config file: Libs lists `modules` (link order) and their external libraries.
function(merkleforge_write_pc file name description modules)
  set(libs "")
  set(externals "")
  foreach(module IN LISTS modules)
    string(APPEND libs " -lmerkleforge_${module}")
    list(APPEND externals ${merkleforge_external_${module}})
  endforeach()
  list(REMOVE_DUPLICATES externals)
  list(REVERSE externals)
  foreach(external IN LISTS externals)
    string(APPEND libs " ${merkleforge_pc_libs_${external}}")
  endforeach()
  set(MERKLEFORGE_PC_NAME ${name})
  set(MERKLEFORGE_PC_DESCRIPTION ${description})
  set(MERKLEFORGE_PC_LIBS "-L\${libdir}${libs}")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/merkleforge.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${file} @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${file} DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endfunction()

# Relocatable: the prefix is found from the .pc file's own folder, so `cmake --install --prefix P`
# works for any P.
file(RELATIVE_PATH merkleforge_pc_up "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
set(MERKLEFORGE_PC_PREFIX "\${pcfiledir}/${merkleforge_pc_up}")

set(MERKLEFORGE_COMPONENT_DEPS "")
foreach(module IN LISTS MERKLEFORGE_MODULES)
  install(TARGETS merkleforge_${module} EXPORT merkleforge-${module}-targets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT merkleforge-${module}-targets NAMESPACE merkleforge::
    DESTINATION ${merkleforge_config_dir})
  merkleforge_link_closure(${module} closure)
  merkleforge_write_pc(merkleforge-${module}.pc merkleforge-${module}
                       "MerkleForge ${module} module" "${closure}")
  set(externals "")
  foreach(dep IN LISTS closure)
    list(APPEND externals ${merkleforge_external_${dep}})
  endforeach()
  list(REMOVE_DUPLICATES externals)
  list(REVERSE closure)  # dependencies first: the order their targets files are included in
  string(APPEND MERKLEFORGE_COMPONENT_DEPS
         "set(_merkleforge_modules_${module} ${closure})\nset(_merkleforge_external_${module} ${externals})\n")
endforeach()
install(TARGETS merkleforge EXPORT merkleforge-all-targets)
install(EXPORT merkleforge-all-targets NAMESPACE merkleforge:: DESTINATION ${merkleforge_config_dir})
set(all_modules ${MERKLEFORGE_MODULES})
list(REVERSE all_modules)
merkleforge_write_pc(merkleforge.pc merkleforge
                     "Authenticated state: hashes, Merkle trees, tries and proofs" "${all_modules}")

# The C API: header, shared library (with its SONAME links) and static library, and
# merkleforge-c.pc (its static form lists every module, as libmerkleforge_c.a needs them).
install(TARGETS merkleforge_c merkleforge_c_static
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES include/merkleforge.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
set(MERKLEFORGE_C_LIBS_PRIVATE "")
foreach(module IN LISTS all_modules)
  string(APPEND MERKLEFORGE_C_LIBS_PRIVATE " -lmerkleforge_${module}")
endforeach()
string(APPEND MERKLEFORGE_C_LIBS_PRIVATE " -ltbb -lrocksdb -lstdc++ -lm -pthread")
configure_file(cmake/merkleforge-c.pc.in ${CMAKE_CURRENT_BINARY_DIR}/merkleforge-c.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/merkleforge-c.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

if(TARGET mforge)
  install(TARGETS mforge RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

configure_package_config_file(cmake/merkleforgeConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/merkleforgeConfig.cmake
  INSTALL_DESTINATION ${merkleforge_config_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/merkleforgeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/merkleforgeConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/merkleforgeConfigVersion.cmake
  DESTINATION ${merkleforge_config_dir})
