# CPack pre-build script: Debian policy wants the man page and the changelog gzipped at the best compression,
# without a timestamp (gzip -9n), in the package; `cmake --install` leaves them plain.
foreach(file usr/share/man/man1/collidoscope.1 usr/share/doc/collidoscope/changelog)
  file(GLOB_RECURSE staged "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/${file}" "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/${file}")
  if(NOT staged)
    message(FATAL_ERROR "CompressDocs: ${file} is not in ${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
  endif()
  foreach(path ${staged})
    execute_process(COMMAND gzip -9nf ${path} RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR "CompressDocs: gzip ${path} failed")
    endif()
  endforeach()
endforeach()
