// The process's pool of workers (thread_pool.hpp): a team's job runs once on
// each helper it got, the workers stay for the next team, a helper's
// exception reaches join(), and teams inside teams end. Also built under
// ThreadSanitizer.
#include "grundy/thread_pool.hpp"

#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "support/sanitized.hpp"

namespace grundy {
namespace {

TEST(ThreadPool, AJobRunsOnceOnEachHelperAndTheWorkersStay) {
  std::atomic<unsigned> calls{0};
  unsigned got = 0;
  {
    HelperTeam team(3, [&] { calls.fetch_add(1); });
    got = team.size();
    team.join();
    EXPECT_EQ(calls.load(), got);
  }
  EXPECT_EQ(got, 3u);  // (a test machine can start three threads)
  const std::size_t workers = pool_workers();
  EXPECT_GE(workers, 3u);
  // The next teams find those workers parked: no thread more.
  for (int round = 0; round < 50; ++round) {
    HelperTeam team(3, [&] { calls.fetch_add(1); });
    team.join();
  }
  EXPECT_EQ(calls.load(), 3u * 51);
  EXPECT_EQ(pool_workers(), workers);
  // No helper asked, none runs.
  HelperTeam none(0, [&] { calls.fetch_add(1); });
  none.join();
  EXPECT_EQ(none.size(), 0u);
  EXPECT_EQ(calls.load(), 3u * 51);
}

TEST(ThreadPool, AHelpersExceptionReachesJoin) {
  HelperTeam team(2, [] { throw std::runtime_error("helper failed"); });
  ASSERT_GT(team.size(), 0u);
  EXPECT_THROW(team.join(), std::runtime_error);
  team.join();  // (given once)
  // The workers are parked again, ready for a team.
  std::atomic<unsigned> calls{0};
  HelperTeam next(2, [&] { calls.fetch_add(1); });
  next.join();
  EXPECT_EQ(calls.load(), next.size());
}

TEST(ThreadPool, TeamsInsideTeamsEnd) {
  // Each of four helpers makes a team of its own while the others are busy:
  // it gets what is free (maybe none) and its work still ends.
  std::atomic<unsigned> inner{0};
  std::atomic<unsigned> outer{0};
  HelperTeam team(4, [&] {
    outer.fetch_add(1);
    HelperTeam nested(4, [&] { inner.fetch_add(1); });
    nested.join();
  });
  team.join();
  EXPECT_EQ(outer.load(), team.size());
  EXPECT_LE(inner.load(), 16u);
}

// A child made by fork() has none of its parent's workers: it makes its own
// (a team there that waited on the parent's would wait for ever).
TEST(ThreadPool, AForkedChildHasAPoolOfItsOwn) {
  if (test::kThreadSanitized) GTEST_SKIP() << "ThreadSanitizer does not follow fork() of a threaded program";
  {
    HelperTeam team(2, [] {});
    team.join();
  }
  ASSERT_GT(pool_workers(), 0u);
  const pid_t child = fork();
  ASSERT_NE(child, -1);
  if (child == 0) {
    std::atomic<unsigned> calls{0};
    HelperTeam team(2, [&] { calls.fetch_add(1); });
    team.join();
    _exit(calls.load() == team.size() && team.size() == 2 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

// A fresh worker starts barred from its creator's core (so that it runs at
// once, not at the scheduler's next tick) and then may run on every core
// its creator may; a creator held to one core gets workers held to it.
TEST(ThreadPool, AFreshWorkerRunsOnTheCoresItsCreatorMay) {
  if (test::kThreadSanitized) GTEST_SKIP() << "ThreadSanitizer does not follow fork() of a threaded program";
  const pid_t child = fork();
  ASSERT_NE(child, -1);
  if (child == 0) {
    // A pool of its own: every helper below is a fresh worker.
    int failures = 0;
    const auto helpers_run_on = [&](const cpu_set_t& cores) {
      std::atomic<unsigned> wrong{0};
      HelperTeam team(2, [&] {
        cpu_set_t mine;
        if (sched_getaffinity(0, sizeof mine, &mine) != 0 || !CPU_EQUAL(&mine, &cores)) wrong.fetch_add(1);
      });
      team.join();
      if (team.size() != 2 || wrong.load() != 0) ++failures;
    };
    cpu_set_t all;
    if (sched_getaffinity(0, sizeof all, &all) != 0) _exit(3);
    helpers_run_on(all);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(static_cast<unsigned>(sched_getcpu()), &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) _exit(3);
    // Two more workers than the pool has, made by a creator held to one core.
    std::atomic<bool> done{false};
    HelperTeam hold(2, [&] {
      while (!done.load()) std::this_thread::yield();
    });
    helpers_run_on(one);
    done.store(true);
    hold.join();
    _exit(failures);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace grundy
