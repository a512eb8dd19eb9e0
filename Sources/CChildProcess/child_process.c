#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

#include "child_process.h"

int maeil_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int maeil_pipe_closing_on_exec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}
