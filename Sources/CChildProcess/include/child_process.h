#ifndef MAEIL_CHILD_PROCESS_H
#define MAEIL_CHILD_PROCESS_H

#include <spawn.h>

/// glibc's GNU extensions, which Swift's Glibc module leaves out.

/// Closes every descriptor from `lowest` up in the spawned child (glibc 2.34).
int maeil_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// A pipe whose two ends close on exec, made in one step.
int maeil_pipe_closing_on_exec(int ends[2]);

#endif
