# Install rules and CPack packages (.deb and .tar.gz); scripts/release.sh builds them for
# x86_64 and aarch64. Included from the root CMakeLists.txt.
include(GNUInstallDirs)

# The man page and the shell completions are printed by the built binary itself
# (`ascendify manpage`, `ascendify completions bash|zsh|fish`), so they always match the CLI. In
# a cross build the binary runs through CMAKE_CROSSCOMPILING_EMULATOR (qemu-user). They are laid
# out under the build folder as they are installed: build/share/...
option(ASCENDIFY_CLI_DOCS "Generate the man page and shell completions from the built binary" ON)
set(ASCENDIFY_CLI_DOC_FILES)
if(ASCENDIFY_CLI_DOCS)
  string(REPLACE ";" "|" emulator "${CMAKE_CROSSCOMPILING_EMULATOR}")
  set(share ${CMAKE_BINARY_DIR}/share)
  foreach(spec "manpage=man/man1/ascendify.1" "completions|bash=bash-completion/completions/ascendify"
               "completions|zsh=zsh/vendor-completions/_ascendify"
               "completions|fish=fish/vendor_completions.d/ascendify.fish")
    string(REPLACE "=" ";" spec "${spec}")
    list(GET spec 0 args)
    list(GET spec 1 rel)
    string(REPLACE "|" " " words "${args}")
    get_filename_component(dir ${share}/${rel} DIRECTORY)
    file(MAKE_DIRECTORY ${dir})
    add_custom_command(
      OUTPUT ${share}/${rel}
      COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:ascendify> "-DEMULATOR=${emulator}"
              "-DARGS=${args}" -DOUT=${share}/${rel} -P ${CMAKE_SOURCE_DIR}/cmake/cli_doc.cmake
      DEPENDS ascendify ${CMAKE_SOURCE_DIR}/cmake/cli_doc.cmake
      COMMENT "ascendify ${words} > share/${rel}" VERBATIM)
    list(APPEND ASCENDIFY_CLI_DOC_FILES ${share}/${rel})
  endforeach()
  add_custom_target(ascendify_cli_docs ALL DEPENDS ${ASCENDIFY_CLI_DOC_FILES})
endif()

install(TARGETS ascendify RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(ASCENDIFY_CLI_DOCS)
  install(FILES ${CMAKE_BINARY_DIR}/share/man/man1/ascendify.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${CMAKE_BINARY_DIR}/share/bash-completion/completions/ascendify
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  install(FILES ${CMAKE_BINARY_DIR}/share/zsh/vendor-completions/_ascendify
          DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
  install(FILES ${CMAKE_BINARY_DIR}/share/fish/vendor_completions.d/ascendify.fish
          DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
endif()
# The user's documents: what the tool does, the report format, the effort model, the hardware
# profiles and the rule reference. (The repository has no LICENSE file yet.)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/docs/DESIGN.md
              ${CMAKE_SOURCE_DIR}/docs/effort-model.md
              ${CMAKE_SOURCE_DIR}/docs/hardware-and-versions.md ${CMAKE_SOURCE_DIR}/docs/rules.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# CPack: `cpack -G "DEB;TGZ;RPM"` in a build folder (scripts/release.sh).
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(ascendify_arch aarch64)
  set(ascendify_deb_arch arm64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|amd64|AMD64)$")
  set(ascendify_arch x86_64)
  set(ascendify_deb_arch amd64)
else()
  set(ascendify_arch ${CMAKE_SYSTEM_PROCESSOR})
  set(ascendify_deb_arch ${CMAKE_SYSTEM_PROCESSOR})
endif()
set(ASCENDIFY_MAINTAINER "ascendify maintainers <maintainers@users.noreply.a-seed-1e1be136.example>"
    CACHE STRING "Maintainer field of the .deb")
set(CPACK_PACKAGE_NAME ascendify)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${ASCENDIFY_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "assess and port PyTorch CUDA projects to Huawei Ascend NPUs")
# Debian wants the long description in lines of under 80 columns: CPack keeps these breaks.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "ascendify scans a PyTorch repository (Python, notebooks, requirements, setup.py,"
  "pyproject.toml, shell scripts, Dockerfiles, YAML configs, CUDA C++ and Triton"
  "kernels) for its NVIDIA/CUDA dependencies and reports, with file:line evidence,"
  "what must change to run it on Huawei Ascend NPUs (torch_npu, HCCL,"
  "triton-ascend, ...): feasibility, effort per phase, blockers and a roadmap, as"
  "Markdown, HTML, JSON, SARIF and CSV. `ascendify fix` applies the mechanical part"
  "of the port as a reviewable diff. The knowledge base is built into the binary.")
if(ASCENDIFY_STATIC)
  string(APPEND CPACK_PACKAGE_DESCRIPTION
         "\nThis build is linked statically: it needs no other package.")
endif()
set(CPACK_PACKAGE_FILE_NAME ascendify-${PROJECT_VERSION}-${ascendify_arch}-linux)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # ascendify_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE ${ascendify_deb_arch})
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
if(ASCENDIFY_STATIC)
  # -static: no NEEDED entry, nothing to depend on (scripts/release.sh checks it).
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
elseif(NOT CMAKE_CROSSCOMPILING)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion")
# RPM for openEuler and Kylin (Kunpeng hosts): rpmbuild from Debian's `rpm` package.
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)  # ascendify-VERSION-1.ARCH.rpm
set(CPACK_RPM_PACKAGE_ARCHITECTURE ${ascendify_arch})
set(CPACK_RPM_PACKAGE_RELEASE 1)
set(CPACK_RPM_PACKAGE_GROUP "Development/Tools")
set(CPACK_RPM_PACKAGE_LICENSE "Proprietary")
set(CPACK_RPM_COMPRESSION_TYPE xz)
if(ASCENDIFY_STATIC)
  set(CPACK_RPM_PACKAGE_AUTOREQ OFF)  # no NEEDED entry: requires nothing
endif()
# The binary is stripped by CPack with the toolchain's strip; rpmbuild's own post-install
# (the host's strip, a debuginfo package) would not read an aarch64 binary.
set(CPACK_RPM_SPEC_MORE_DEFINE
    "%define __os_install_post %{nil}\n%define debug_package %{nil}\n%define _build_id_links none")
# Folders the distribution's packages own: listed, an RPM would conflict with them.
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
    /usr/share/man /usr/share/man/man1 /usr/share/bash-completion
    /usr/share/bash-completion/completions /usr/share/zsh /usr/share/zsh/vendor-completions
    /usr/share/fish /usr/share/fish/vendor_completions.d /usr/share/doc)
set(CPACK_GENERATOR "DEB;TGZ")
include(CPack)
