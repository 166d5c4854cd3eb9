#include <gtest/gtest.h>

#include <string>

#include "grundy/error.hpp"
#include "grundy/time_limit.hpp"

namespace grundy {
namespace {

// Spends the calling thread's processor time until a checkpoint throws, or
// `most` seconds pass; returns the seconds spent.
double spend_until_stopped(double most) {
  const double start = thread_processor_seconds();
  volatile unsigned sink = 0;
  while (thread_processor_seconds() - start < most) {
    for (unsigned i = 0; i < 10000; ++i) sink = sink + i;
    time_limit_point();
  }
  return thread_processor_seconds() - start;
}

TEST(ThreadTimeLimit, WithoutALimitCheckpointsNeverThrow) {
  EXPECT_NO_THROW((void)spend_until_stopped(0.05));
  const ThreadTimeLimit none(0);
  EXPECT_NO_THROW((void)spend_until_stopped(0.05));
}

TEST(ThreadTimeLimit, ACheckpointThrowsOnceTheSecondsAreSpent) {
  const ThreadTimeLimit limit(0.1);
  try {
    (void)spend_until_stopped(5);
    FAIL() << "no checkpoint threw within 5 s";
  } catch (const TimeLimitReached& e) {
    EXPECT_NE(std::string(e.what()).find("time limit of 0.1 s of processor time"), std::string::npos) << e.what();
  }
}

TEST(ThreadTimeLimit, IsALimitErrorAndEndsWithItsScope) {
  {
    const ThreadTimeLimit limit(0.05);
    EXPECT_THROW((void)spend_until_stopped(5), LimitError);
  }
  EXPECT_NO_THROW((void)spend_until_stopped(0.1));
}

TEST(ThreadTimeLimit, AnInnerLimitHoldsWhileOpenThenTheOuterOne) {
  const ThreadTimeLimit outer(0.4);
  {
    const ThreadTimeLimit inner(0.05);
    try {
      (void)spend_until_stopped(5);
      FAIL() << "the inner limit did not stop it";
    } catch (const TimeLimitReached& e) {
      EXPECT_NE(std::string(e.what()).find("0.05 s"), std::string::npos) << e.what();
    }
  }
  // The outer limit's deadline is its own: it still stops the thread.
  try {
    (void)spend_until_stopped(5);
    FAIL() << "the outer limit did not stop it";
  } catch (const TimeLimitReached& e) {
    EXPECT_NE(std::string(e.what()).find("0.4 s"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace grundy
