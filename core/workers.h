#pragma once
// Running one job on several threads: the planner's offerings (priced_plan.cpp) and the validation's publisher folds
// (accuracy.cpp).

#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace gpuplan::core {

/// Runs work(0) … work(workers − 1) at once: work(0) on the calling thread, each other on a thread of its own. Once all
/// have finished, rethrows the exception of the lowest-numbered worker that threw one.
template<typename Work> void runOnWorkers(std::size_t workers, const Work& work)
{
    std::vector<std::exception_ptr> failures(workers);
    const auto guarded = [&](std::size_t t) {
        try {
            work(t);
        } catch (...) {
            failures[t] = std::current_exception();
        }
    };
    {
        std::vector<std::thread> threads;
        threads.reserve(workers);
        for (std::size_t t = 1; t < workers; ++t)
            threads.emplace_back(guarded, t);
        guarded(0);
        for (auto& th : threads)
            th.join();
    }
    for (const auto& f : failures)
        if (f)
            std::rethrow_exception(f);
}

} // namespace gpuplan::core
