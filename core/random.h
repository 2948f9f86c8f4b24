#pragma once
// A small pseudo-random generator whose output is the same on every platform and standard library (the
// distributions of <random> are not: libstdc++, libc++ and MSVC draw different numbers from one seed).

#include <cstdint>
#include <utility>
#include <vector>

namespace gpuplan::core {

/// xoshiro256** (Blackman & Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 47(4), 2021;
/// reference code https://prng.di.unimi.it/xoshiro256starstar.c), its state seeded from one 64-bit number by
/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014; constants of
/// https://prng.di.unimi.it/splitmix64.c), as the xoshiro authors recommend.
class Rng
{
public:
    explicit Rng(std::uint64_t seed)
    {
        for (auto& s : m_s) { // SplitMix64
            seed += 0x9e3779b97f4a7c15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            s = z ^ (z >> 31);
        }
    }

    /// The next 64 random bits.
    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    /// Uniform in [0, n) for n ≥ 1, without modulo bias: draws below 2^64 mod n are rejected, so that every
    /// residue is equally likely (the classic rejection method, e.g. OpenBSD's arc4random_uniform).
    std::uint64_t below(std::uint64_t n)
    {
        const std::uint64_t threshold = (0 - n) % n; // 2^64 mod n
        for (;;) {
            const std::uint64_t x = next();
            if (x >= threshold)
                return x % n;
        }
    }

    /// Uniform in [0, 1): the top 53 bits as a double's mantissa.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Fisher–Yates (Durstenfeld) shuffle: every permutation equally likely.
    template<typename T> void shuffle(std::vector<T>& v)
    {
        for (std::size_t i = v.size(); i > 1; --i)
            std::swap(v[i - 1], v[static_cast<std::size_t>(below(i))]);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4] {};
};

} // namespace gpuplan::core
