/*
 * A target for the sampler-cost benchmarks: THREADS threads that each run for BUSY_US and then sleep for SLEEP_US,
 * over and over, so the sampled threads change state as a database's do. Runs until killed.
 * Usage: thread-target THREADS [BUSY_US=20] [SLEEP_US=20000]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long busy_us = 20, sleep_us = 20000;

static long long now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000LL + t.tv_nsec / 1000;
}

static void *work(void *arg) {
    (void) arg;
    volatile unsigned long x = 0;
    for (;;) {
        long long end = now_us() + busy_us;
        while (now_us() < end) x++;
        usleep(sleep_us);
    }
    return NULL;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 50;
    if (argc > 2) busy_us = atol(argv[2]);
    if (argc > 3) sleep_us = atol(argv[3]);
    for (int i = 1; i < threads; i++) {
        pthread_t t;
        if (pthread_create(&t, NULL, work, NULL) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    printf("ready %d\n", getpid());
    fflush(stdout);
    for (;;) pause();
}
