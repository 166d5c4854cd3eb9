# grundy_set_warnings(target): the project's warning policy, applied to every
# target we compile (never exported to users of the installed package).
function(grundy_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion)
  if(GRUNDY_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
