/* fh_tcp.h -- what the memory server and the runtime share about the tcp
 * transport: its address form (tcp://HOST:PORT), the token file, and moving
 * whole messages over a byte stream. */
#ifndef FH_TCP_H
#define FH_TCP_H

#include <stddef.h>
#include <sys/uio.h>

#define FH_TOKEN_MAX 159 /* fits farmem_msg.text with its NUL */
#define FH_TOKEN_MIN 16

/* Splits "SCHEME://HOST:PORT" (tcp, memcached; "SCHEME://:PORT" is the
 * loopback, [v6]:PORT allowed); 0, or -1 with why. */
int fh_addr_parse(const char *url, const char *scheme, char *host, size_t host_len, char *port,
                  size_t port_len, char *why, size_t why_len);

/* Reads the token from its file (one line); 0, or -1 with why. */
int fh_token_read(const char *path, char *token, size_t len, char *why, size_t why_len);

/* Whether two tokens match, in time that does not depend on where they
 * differ. */
int fh_token_equal(const char *a, const char *b);

/* Sends or receives exactly the iovec's bytes (retrying short transfers
 * and EINTR); 0, or -1 with errno (0 when the peer closed). */
int fh_tcp_sendv(int sock, struct iovec *iov, int n);
int fh_tcp_recv(int sock, void *buf, size_t len);

/* TCP_NODELAY, keep-alive and a deadline of `ms` for every send and
 * receive (SO_*TIMEO, TCP_USER_TIMEOUT), so a dead peer is an error, not a
 * hang. */
void fh_tcp_tune(int sock, unsigned ms);

#endif /* FH_TCP_H */
