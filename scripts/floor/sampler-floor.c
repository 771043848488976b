/*
 * The floor of the thread sampler's cost: the same /proc reads, at the same interval and in the same pattern as
 * tunescope's sampler makes them (full or gated), with nothing else. Each thread's files are opened once and re-read
 * with one pread each, as the sampler's ProcFile does:
 *   every tick     full: stat of every thread; gated: schedstat of every thread, and stat of those whose schedstat
 *                  moved or that were runnable at their last read
 *   counters tick  (every COUNTERS ticks and the first) /proc/stat, and per thread schedstat (full) and sched
 *                  (gated: only of threads that ran since their last counters read)
 *   rescan tick    (every RESCAN ticks) the process's own stat (its thread count, ThreadCountProbe)
 * Prints its own CPU time (getrusage) when done. Usage:
 *   sampler-floor PID INTERVAL_US DURATION_MS full|gated [COUNTERS=8] [RESCAN=4]
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    int stat, schedstat, sched;
    long long on_cpu, run_delay, slices;
    char state;
    int counters_due;
} task;

static char buf[8192];

static int read_file(int fd) {
    return fd < 0 ? -1 : (int) pread(fd, buf, sizeof buf - 1, 0);
}

static int open_task_file(int pid, const char *tid, const char *name) {
    char path[128];
    snprintf(path, sizeof path, "/proc/%d/task/%s/%s", pid, tid, name);
    return open(path, O_RDONLY | O_CLOEXEC);
}

/* the state letter after the closing parenthesis of the command name */
static char state_of(int n) {
    if (n <= 0) return '?';
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    return p && p[1] && p[2] ? p[2] : '?';
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: sampler-floor PID INTERVAL_US DURATION_MS full|gated [COUNTERS] [RESCAN]\n");
        return 2;
    }
    int pid = atoi(argv[1]);
    long interval_ns = atol(argv[2]) * 1000L;
    long duration_ns = atol(argv[3]) * 1000000L;
    int gated = strcmp(argv[4], "gated") == 0;
    int counters_every = argc > 5 ? atoi(argv[5]) : 8;
    int rescan_every = argc > 6 ? atoi(argv[6]) : 4;
    char dir[64];
    snprintf(dir, sizeof dir, "/proc/%d/task", pid);
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 3;
    }
    int cap = 64, n = 0;
    task *tasks = malloc(sizeof(task) * cap);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        if (n == cap) tasks = realloc(tasks, sizeof(task) * (cap *= 2));
        task *t = &tasks[n++];
        t->stat = open_task_file(pid, e->d_name, "stat");
        t->schedstat = open_task_file(pid, e->d_name, "schedstat");
        t->sched = open_task_file(pid, e->d_name, "sched");
        t->on_cpu = t->run_delay = t->slices = -1;
        t->state = 'R';
        t->counters_due = 1;
    }
    closedir(d);
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    int process_stat = open(path, O_RDONLY | O_CLOEXEC);
    int system_stat = open("/proc/stat", O_RDONLY | O_CLOEXEC);
    struct timespec next, now;
    clock_gettime(CLOCK_MONOTONIC, &next);
    long long start = next.tv_sec * 1000000000LL + next.tv_nsec;
    long long reads = 0;
    for (long tick = 0;; tick++) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec * 1000000000LL + now.tv_nsec - start >= duration_ns) break;
        int counters = tick % counters_every == 0;
        if (tick > 0 && tick % rescan_every == 0) {
            read_file(process_stat);
            reads++;
        }
        if (counters) {
            read_file(system_stat);
            reads++;
        }
        for (int i = 0; i < n; i++) {
            task *t = &tasks[i];
            int read_stat = 1;
            if (gated) {
                int len = read_file(t->schedstat);
                reads++;
                long long on_cpu = -1, run_delay = -1, slices = -1;
                if (len > 0) {
                    buf[len] = 0;
                    sscanf(buf, "%lld %lld %lld", &on_cpu, &run_delay, &slices);
                }
                int moved = on_cpu != t->on_cpu || run_delay != t->run_delay || slices != t->slices;
                t->on_cpu = on_cpu;
                t->run_delay = run_delay;
                t->slices = slices;
                t->counters_due |= moved;
                read_stat = moved || t->state == 'R' || (counters && t->counters_due);
            }
            if (read_stat) {
                t->state = state_of(read_file(t->stat));
                reads++;
            }
            if (counters && (!gated || t->counters_due)) {
                if (!gated) {
                    read_file(t->schedstat);
                    reads++;
                }
                read_file(t->sched);
                reads++;
                t->counters_due = 0;
            }
        }
        next.tv_nsec += interval_ns;
        while (next.tv_nsec >= 1000000000L) {
            next.tv_nsec -= 1000000000L;
            next.tv_sec++;
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("threads %d reads %lld cpuMillis %.3f\n", n, reads,
           ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 + ru.ru_stime.tv_sec * 1e3 + ru.ru_stime.tv_usec / 1e3);
    return 0;
}
