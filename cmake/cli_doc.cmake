# Build-time step of cmake/packaging.cmake: runs the built binary (through the cross build's
# emulator, "|"-separated) with ARGS ("|"-separated) and writes its stdout to OUT.
#   cmake -DBIN=... -DEMULATOR=... -DARGS=manpage -DOUT=... -P cli_doc.cmake
string(REPLACE "|" ";" emulator "${EMULATOR}")
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${emulator} ${BIN} ${args} OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc
                ERROR_VARIABLE err)
file(SIZE ${OUT}.tmp size)
if(NOT rc EQUAL 0 OR size EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "`ascendify ${ARGS}` failed (${rc}): ${err}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
