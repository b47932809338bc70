# Writes the compiler wrappers farhint-cc and farhint-c++ into WRAPPER_DIR,
# each running FARHINT_LAUNCHER's `cc` subcommand. Included at configure
# time for the build tree and run by `make install` for the installed tree.
set(perms FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
  GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
foreach(WRAPPER farhint-cc farhint-c++)
  if(WRAPPER STREQUAL "farhint-c++")
    set(COMPILER ${FARHINT_LLVM_DIR}/bin/clang++)
    set(CXX_FLAG --cxx)
  else()
    set(COMPILER ${FARHINT_LLVM_DIR}/bin/clang)
    set(CXX_FLAG "")
  endif()
  configure_file("${FARHINT_TOOLS_SRC}/farhint-cc.in" "${WRAPPER_DIR}/${WRAPPER}" @ONLY ${perms})
endforeach()
