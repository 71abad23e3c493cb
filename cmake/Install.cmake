include(CMakePackageConfigHelpers)

install(TARGETS merkleforge EXPORT merkleforgeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/merkleforge DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The C API: header, shared library (with its SONAME links) and static library.
install(TARGETS merkleforge_c merkleforge_c_static
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES include/merkleforge.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT merkleforgeTargets NAMESPACE merkleforge::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/merkleforge)
if(TARGET mforge)
  install(TARGETS mforge RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

configure_package_config_file(cmake/merkleforgeConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/merkleforgeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/merkleforge)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/merkleforgeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/merkleforgeConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/merkleforgeConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/merkleforge)

# Relocatable: the prefix is found from the .pc file's own folder, so `cmake --install --prefix P`
# works for any P.
file(RELATIVE_PATH merkleforge_pc_up "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
set(MERKLEFORGE_PC_PREFIX "\${pcfiledir}/${merkleforge_pc_up}")
configure_file(cmake/merkleforge.pc.in ${CMAKE_CURRENT_BINARY_DIR}/merkleforge.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/merkleforge.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
configure_file(cmake/merkleforge-c.pc.in ${CMAKE_CURRENT_BINARY_DIR}/merkleforge-c.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/merkleforge-c.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
