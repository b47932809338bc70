/* fork() is refused with a clear error; posix_spawn still runs children.
 * Prints "ok" when both hold. */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(void) {
  char *data = malloc(1 << 20);
  data[0] = 1;
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  if (pid > 0 || errno != ENOSYS) {
    fprintf(stderr, "FAIL: fork returned %d (errno %d), expected -1/ENOSYS\n", pid, errno);
    return 1;
  }
  char *argv[] = {"/bin/true", NULL};
  int status;
  if (posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ) != 0 ||
      waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
    fprintf(stderr, "FAIL: posix_spawn\n");
    return 1;
  }
  puts("ok");
  return 0;
}
