# Negative compilation test of the field types (ctest BasisTypes.MixupsDoNotCompile): mixups.cpp
# must compile with CASE=0 (the explicit conversions) and must fail to compile for every other
# case, each with a type error (not, say, a missing header), so a basis mix-up stays a compile
# error.
#   cmake -DCXX=<compiler> -DSOURCE_DIR=<repo> -DCASES=<n> -P check_mixups.cmake
cmake_policy(VERSION 3.25)
set(source "${SOURCE_DIR}/tests/binius/basis_types/mixups.cpp")
set(flags -std=c++20 -fsyntax-only -Werror -I${SOURCE_DIR}/include)

function(compile case out_status out_log)
  execute_process(COMMAND "${CXX}" ${flags} -DCASE=${case} "${source}"
                  RESULT_VARIABLE status ERROR_VARIABLE log OUTPUT_VARIABLE log_out)
  set(${out_status} ${status} PARENT_SCOPE)
  set(${out_log} "${log}${log_out}" PARENT_SCOPE)
endfunction()

compile(0 status log)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the explicit conversions (CASE=0) do not compile:\n${log}")
endif()
foreach(case RANGE 1 ${CASES})
  compile(${case} status log)
  if(status EQUAL 0)
    message(FATAL_ERROR "basis mix-up CASE=${case} of ${source} compiles")
  endif()
  # A type error of the mix-up itself, on the case's own lines.
  if(NOT log MATCHES "mixups\\.cpp:[0-9]+:[0-9]+: error: (conversion from|no match for|cannot convert|no matching function|could not convert|invalid operands|no viable|cannot initialize|calling a private|.*is private)")
    message(FATAL_ERROR "CASE=${case} fails for another reason than a type error:\n${log}")
  endif()
endforeach()
message(STATUS "${CASES} basis mix-ups rejected by the compiler; the explicit forms compile")
