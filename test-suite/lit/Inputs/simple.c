long get(const long *p, long i) {
  return p[i];
}
