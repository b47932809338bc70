/* blackscholes -- PARSEC-style Black-Scholes pricing of a large array of
 * options, several rounds over the whole array (streaming access).
 * USAGE: blackscholes MiB [ROUNDS]   prints "checksum <hex>" of the prices */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct option {
  float spot, strike, rate, volatility, time;
  int call;
  float price;
  float pad;
};

static float cndf(float x) { return 0.5f * erfcf(-x * (float)M_SQRT1_2); }

static float price(const struct option *o) {
  float sq = o->volatility * sqrtf(o->time);
  float d1 =
      (logf(o->spot / o->strike) + (o->rate + 0.5f * o->volatility * o->volatility) * o->time) / sq;
  float d2 = d1 - sq;
  float disc = o->strike * expf(-o->rate * o->time);
  return o->call ? o->spot * cndf(d1) - disc * cndf(d2) : disc * cndf(-d2) - o->spot * cndf(-d1);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MiB [ROUNDS]\n", argv[0]);
    return 2;
  }
  long n = (atol(argv[1]) << 20) / (long)sizeof(struct option);
  int rounds = argc > 2 ? atoi(argv[2]) : 3;
  struct option *opts = malloc(n * sizeof *opts);
  uint64_t x = 7;
  for (long i = 0; i < n; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    opts[i] = (struct option){40.0f + (float)(x % 2000) / 20.0f,
                              50.0f + (float)(x % 997) / 10.0f,
                              0.01f + (float)(x % 7) / 100.0f,
                              0.1f + (float)(x % 13) / 20.0f,
                              0.25f + (float)(x % 40) / 10.0f,
                              (int)(x & 1),
                              0,
                              0};
  }
  for (int r = 0; r < rounds; r++)
    for (long i = 0; i < n; i++)
      opts[i].price = price(&opts[i]);
  uint64_t sum = 0;
  for (long i = 0; i < n; i++)
    sum = sum * 31 + (uint64_t)(int64_t)(opts[i].price * 1000.0f);
  printf("checksum %016llx\n", (unsigned long long)sum);
  return 0;
}
