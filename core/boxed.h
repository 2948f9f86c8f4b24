#pragma once
// A value kept on the heap with the semantics of std::optional: copying copies the value, moving moves the pointer.
// For a large optional part of a small record that is moved by the hundred: a Candidate's Pricing (1.7 kB of offering,
// price and fleet details) would make every candidate 2 kB to copy when the plan grows, ranks and sorts them; boxed, a
// candidate is a few hundred bytes.

#include <memory>
#include <utility>

namespace gpuplan::core {

template<typename T> class Boxed
{
public:
    Boxed() = default;
    Boxed(T value)
        : m_value(std::make_unique<T>(std::move(value)))
    { }
    Boxed(const Boxed& other)
        : m_value(other.m_value ? std::make_unique<T>(*other.m_value) : nullptr)
    { }
    Boxed(Boxed&&) noexcept = default;
    Boxed& operator=(const Boxed& other)
    {
        if (this != &other)
            m_value = other.m_value ? std::make_unique<T>(*other.m_value) : nullptr;
        return *this;
    }
    Boxed& operator=(Boxed&&) noexcept = default;
    ~Boxed() = default;

    template<typename... Args> T& emplace(Args&&... args)
    {
        m_value = std::make_unique<T>(std::forward<Args>(args)...);
        return *m_value;
    }
    void reset() { m_value.reset(); }
    bool has_value() const { return m_value != nullptr; }
    explicit operator bool() const { return has_value(); }
    T& operator*() { return *m_value; }
    const T& operator*() const { return *m_value; }
    T* operator->() { return m_value.get(); }
    const T* operator->() const { return m_value.get(); }

private:
    std::unique_ptr<T> m_value;
};

} // namespace gpuplan::core
