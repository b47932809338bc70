// dataframe -- a small columnar table library (std::vector columns) and the
// analytics queries of Eden's DataFrame benchmark (§5.3.1) over a generated
// table of taxi trips: filter, group-by, sort, and select into a new table.
// USAGE: dataframe MiB   prints each query's result and "checksum <hex>"
#include "workload.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <numeric>
#include <vector>

namespace {

struct Trips {
  std::vector<int8_t> vendor, payment;
  std::vector<int32_t> passengers, pickup_hour;
  std::vector<double> distance, fare, tip;

  size_t rows() const { return fare.size(); }
  static constexpr size_t kRowBytes = 2 * sizeof(int8_t) + 2 * sizeof(int32_t) + 3 * sizeof(double);

  void append(const Trips &from, size_t row) {
    vendor.push_back(from.vendor[row]);
    payment.push_back(from.payment[row]);
    passengers.push_back(from.passengers[row]);
    pickup_hour.push_back(from.pickup_hour[row]);
    distance.push_back(from.distance[row]);
    fare.push_back(from.fare[row]);
    tip.push_back(from.tip[row]);
  }
};

Trips generate(size_t rows) {
  Trips t;
  uint64_t x = 0x6a09e667f3bcc909ULL;
  for (size_t i = 0; i < rows; i++) {
    double distance = (double)(xorshift(&x) % 3000) / 100.0; // 0..30 miles
    int8_t payment = (int8_t)(1 + xorshift(&x) % 4);
    double fare = 2.5 + distance * 2.5 + (double)(xorshift(&x) % 500) / 100.0;
    t.vendor.push_back((int8_t)(1 + xorshift(&x) % 2));
    t.payment.push_back(payment);
    t.passengers.push_back((int32_t)(1 + xorshift(&x) % 6));
    t.pickup_hour.push_back((int32_t)(xorshift(&x) % 24));
    t.distance.push_back(distance);
    t.fare.push_back(fare);
    t.tip.push_back(payment == 1 ? std::round(fare * (double)(xorshift(&x) % 30)) / 100.0 : 0.0);
  }
  return t;
}

// Rows whose column value passes pred.
template <typename T, typename Pred>
std::vector<uint32_t> filter(const std::vector<T> &column, Pred pred) {
  std::vector<uint32_t> rows;
  for (size_t i = 0; i < column.size(); i++)
    if (pred(column[i]))
      rows.push_back((uint32_t)i);
  return rows;
}

// Sum and count of values grouped by key.
template <typename K, typename V>
std::map<K, std::pair<double, long>> group_by(const std::vector<K> &keys,
                                              const std::vector<V> &values) {
  std::map<K, std::pair<double, long>> groups;
  for (size_t i = 0; i < keys.size(); i++) {
    auto &g = groups[keys[i]];
    g.first += values[i];
    g.second++;
  }
  return groups;
}

uint64_t cents(double v) { return (uint64_t)std::llround(v * 100); }

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MiB\n", argv[0]);
    return 2;
  }
  // The table, plus the index vectors and the selected copy the queries make.
  size_t rows = ((size_t)std::atol(argv[1]) << 20) / (Trips::kRowBytes + 12);
  Trips trips = generate(rows);
  uint64_t sum = rows;

  // 1. long trips: how many, and their mean fare
  auto long_trips = filter(trips.distance, [](double d) { return d > 10.0; });
  double long_fares = 0;
  for (uint32_t r : long_trips)
    long_fares += trips.fare[r];
  std::printf("long trips %zu mean fare %.2f\n", long_trips.size(),
              long_fares / (double)long_trips.size());
  sum = mix(sum ^ long_trips.size() ^ cents(long_fares));

  // 2. mean tip by passenger count
  for (auto &[passengers, g] : group_by(trips.passengers, trips.tip))
    sum = mix(sum ^ (uint64_t)passengers ^ cents(g.first) ^ (uint64_t)g.second);

  // 3. trips and revenue by pickup hour
  for (auto &[hour, g] : group_by(trips.pickup_hour, trips.fare))
    sum = mix(sum ^ (uint64_t)hour ^ cents(g.first) ^ (uint64_t)g.second);

  // 4. the 100 most expensive trips: sort row indices by fare
  std::vector<uint32_t> order(rows);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return trips.fare[a] > trips.fare[b] || (trips.fare[a] == trips.fare[b] && a < b);
  });
  double top = 0;
  for (size_t i = 0; i < 100 && i < rows; i++)
    top += trips.fare[order[i]] + trips.distance[order[i]];
  std::printf("top-100 fares+miles %.2f\n", top);
  sum = mix(sum ^ cents(top) ^ order[rows / 2]);

  // 5. card payments as a table of their own, then mean tip by vendor
  Trips card;
  for (uint32_t r : filter(trips.payment, [](int8_t p) { return p == 1; }))
    card.append(trips, r);
  for (auto &[vendor, g] : group_by(card.vendor, card.tip)) {
    std::printf("vendor %d card trips %ld mean tip %.2f\n", vendor, g.second,
                g.first / (double)g.second);
    sum = mix(sum ^ (uint64_t)vendor ^ cents(g.first) ^ (uint64_t)g.second);
  }
  std::printf("rows %zu\nchecksum %016llx\n", rows, (unsigned long long)sum);
  return 0;
}
