long a(const long *p) { return p[1]; }
long b(const long *p) { return p[2]; }
long c(const long *p) { return p[3]; }
