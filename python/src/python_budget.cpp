#include "python_budget.hpp"

#include <mutex>

namespace grundy::python {

namespace {
std::mutex budget_mutex;
ExecutionBudget& the_budget() {
  static ExecutionBudget budget;
  return budget;
}
}  // namespace

ExecutionBudget python_budget() {
  const std::lock_guard lock(budget_mutex);
  return the_budget();
}

void set_python_budget(const ExecutionBudget& budget) {
  const std::lock_guard lock(budget_mutex);
  the_budget() = budget;
}

}  // namespace grundy::python
