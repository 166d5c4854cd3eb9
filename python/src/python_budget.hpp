#pragma once
// The module's execution budget (execution_budget.hpp): grundy.threads()
// and grundy.memory() set it, and every game the module reads from a spec
// computes within it, as do the positions of games written in Python
// (PythonGame::max_positions). Built-in games the module keeps between
// calls (module.cpp's cache) were made under the budget of their time, so a
// change of budget drops them: the next call makes them again under the new
// one. Guarded by a lock: any thread may ask. O(1).

#include "grundy/execution_budget.hpp"

namespace grundy::python {

[[nodiscard]] ExecutionBudget python_budget();
void set_python_budget(const ExecutionBudget& budget);

}  // namespace grundy::python
