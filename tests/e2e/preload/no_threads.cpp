// LD_PRELOAD shim for SingleCore.JobsOneStartsNoThread (tests/e2e/perf_threads_test.cpp):
// every pthread_create fails with EAGAIN, as on a box out of threads. A program that starts no
// thread does not notice it.
#include <pthread.h>

#include <cerrno>

extern "C" int pthread_create(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*) {
  return EAGAIN;
}
