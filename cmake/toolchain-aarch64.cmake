# Cross build for aarch64 (Kunpeng; openEuler, Kylin) from Debian 12 x86_64:
#   bash scripts/arm64-sysroot.sh        # once: Debian arm64 libraries in a sysroot (cached)
#   cmake -S . -B build-arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake \
#         -DASCENDIFY_STATIC=ON
# Needs crossbuild-essential-arm64 and qemu-user (apt). Binaries built here (the rule snapshot
# tool, the tests, the man page and completions step) run through qemu-aarch64; the tests
# spawn the CLI through build-arm64/ascendify-emulated.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

if(NOT ASCENDIFY_SYSROOT)
  if(DEFINED ENV{ASCENDIFY_SYSROOT})
    set(ASCENDIFY_SYSROOT $ENV{ASCENDIFY_SYSROOT})
  else()
    set(ASCENDIFY_SYSROOT $ENV{HOME}/.cache/ascendify-sysroot-arm64)
  endif()
endif()
set(ASCENDIFY_SYSROOT ${ASCENDIFY_SYSROOT} CACHE PATH "Debian arm64 sysroot (scripts/arm64-sysroot.sh)")
if(NOT EXISTS ${ASCENDIFY_SYSROOT}/usr/lib/aarch64-linux-gnu)
  message(FATAL_ERROR "No arm64 sysroot at ${ASCENDIFY_SYSROOT}: run scripts/arm64-sysroot.sh")
endif()
set(CMAKE_SYSROOT ${ASCENDIFY_SYSROOT})
set(CMAKE_FIND_ROOT_PATH ${ASCENDIFY_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# -L: a dynamic (non-static) build finds the arm64 loader and libraries in the sysroot.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;${ASCENDIFY_SYSROOT})
