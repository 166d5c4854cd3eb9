// The process's pool of workers (thread_pool.hpp): a team's job runs once on
// each helper it got, the workers stay for the next team, a helper's
// exception reaches join(), and teams inside teams end. Also built under
// ThreadSanitizer.
#include "grundy/thread_pool.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <stdexcept>

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

}  // namespace
}  // namespace grundy
