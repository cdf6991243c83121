/* Threads and a monotonic clock for the core, in one place (Windows and POSIX): the search
   (play/ismcts.pxi) runs root-parallel trees and the batched rollouts (play/rollouts.pxi)
   run states on threads through mtg_run_tasks; every task is independent, so the results
   never depend on the threads. */
#ifndef MTG_CORE_THREADS_H
#define MTG_CORE_THREADS_H
#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
static long long mtg_now_ns(void) {
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (long long)((double)c.QuadPart * 1e9 / (double)f.QuadPart);
}
typedef struct { void (*fn)(void*); void* arg; } mtg_task;
static DWORD WINAPI mtg_task_main(LPVOID p) { mtg_task* t = (mtg_task*)p; t->fn(t->arg); return 0; }
/* fn(args + i * size) for i in 0..n-1 (n <= 64), on n - 1 new threads and this one;
   a task whose thread can't start runs here, so the results never depend on it */
static void mtg_run_tasks(void (*fn)(void*), char* args, size_t size, int n) {
    HANDLE h[64]; mtg_task t[64]; int i;
    for (i = 1; i < n; i++) {
        t[i].fn = fn; t[i].arg = args + i * size;
        h[i] = CreateThread(NULL, 0, mtg_task_main, &t[i], 0, NULL);
        if (h[i] == NULL) fn(args + i * size);
    }
    fn(args);
    for (i = 1; i < n; i++)
        if (h[i] != NULL) { WaitForSingleObject(h[i], INFINITE); CloseHandle(h[i]); }
}
#else
#include <pthread.h>
#include <time.h>
static long long mtg_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
typedef struct { void (*fn)(void*); void* arg; } mtg_task;
static void* mtg_task_main(void* p) { mtg_task* t = (mtg_task*)p; t->fn(t->arg); return NULL; }
static void mtg_run_tasks(void (*fn)(void*), char* args, size_t size, int n) {
    pthread_t h[64]; int ok[64]; mtg_task t[64]; int i;
    for (i = 1; i < n; i++) {
        t[i].fn = fn; t[i].arg = args + i * size;
        ok[i] = pthread_create(&h[i], NULL, mtg_task_main, &t[i]) == 0;
        if (!ok[i]) fn(args + i * size);
    }
    fn(args);
    for (i = 1; i < n; i++)
        if (ok[i]) pthread_join(h[i], NULL);
}
#endif
#endif
