void fill(long *a, long n);
long sum(const long *a, long n);
