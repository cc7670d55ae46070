// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Random numbers for Monte Carlo that depend only on the seed and the sample's index, never on
// which thread draws them or in what order: each sample gets its own splitmix64 stream whose
// starting state is a hash of (seed, index). So a run is reproducible for a seed and gives the
// same answer on 1 or 16 threads.

#include <cstdint>

namespace planner {

// The splitmix64 finalizer: a bijective 64-bit mix (Steele, Lea, Flood 2014).
constexpr std::uint64_t mix64(std::uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

class SampleStream {
public:
    SampleStream(std::uint64_t seed, std::uint64_t sampleIndex)
        : state_(mix64(seed ^ mix64(sampleIndex + 0x632be59bd9b4e019ULL)))
    {
    }

    std::uint64_t next()
    {
        state_ += 0x9e3779b97f4a7c15ULL;
        return mix64(state_);
    }

    // Uniform in the open interval (0, 1): the top 53 bits, centred in their cell, so neither 0
    // nor 1 ever comes out (an inverse normal CDF would give an infinity).
    double uniform() { return (double(next() >> 11) + 0.5) * 0x1p-53; }

private:
    std::uint64_t state_;
};

} // namespace planner
