/* A library with thread-local state, loaded by ult_calls with dlopen. */
static __thread int counter = 41;
int bump(void) { return ++counter; }
