// std::vector patterns for the profiler's tests: faults inside the library
// (std::vector's constructor, std::accumulate) are attributed to the
// application lines that reached them.
// USAGE: prof_vector MiB   prints a checksum
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

int main(int argc, char **argv) {
  std::size_t n = (std::size_t)std::atol(argc > 1 ? argv[1] : "32") << 17;
  std::vector<long> v(n, 3); // SITE:vector_fill
  long s = 0;
  for (std::size_t i = 0; i < v.size(); i++)
    s += v[i];                                  // SITE:vector_index
  s += std::accumulate(v.begin(), v.end(), 0L); // SITE:vector_accumulate
  std::printf("%ld\n", s);
  return 0;
}
