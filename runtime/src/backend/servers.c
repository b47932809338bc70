/* servers.c -- a network backend's list of memory servers
 * (FARHINT_BACKEND=tcp://a:7000,tcp://b:7000) and, for the farmem-server
 * transports, how far memory is dealt to them: in stripes of FM_STRIPE
 * bytes, round robin, so a program can outgrow one server and its
 * transfers spread over all.
 * Design: docs/design/backends.md. */
#include "backend/transport.h"
#include "base/log.h"
#include "base/state.h"

#include "fh_tcp.h"

#include <stdio.h>
#include <string.h>

int fm_servers_parse(const char *list, const char *scheme, struct fm_server_addr *out,
                     unsigned max) {
  char why[512];
  size_t sl = strlen(scheme);
  unsigned n = 0;
  for (const char *p = list; *p;) {
    size_t len = strcspn(p, ",");
    /* the scheme may be left out after the first: tcp://a:7000,b:7000 */
    bool schemed = !strncmp(p, scheme, sl) && !strncmp(p + sl, "://", 3);
    size_t full = len + (schemed ? 0 : sl + 3);
    if (n == max || full >= sizeof out[0].url) {
      fm_log("FARHINT_BACKEND: at most %u %s servers, each address under %zu characters", max,
             scheme, sizeof out[0].url);
      return -1;
    }
    struct fm_server_addr *a = &out[n++];
    snprintf(a->url, sizeof a->url, "%s%s%.*s", schemed ? "" : scheme, schemed ? "" : "://",
             (int)len, p);
    if (fh_addr_parse(a->url, scheme, a->host, sizeof a->host, a->port, sizeof a->port, why,
                      sizeof why) < 0) {
      fm_log("FARHINT_BACKEND: %s", why);
      return -1;
    }
    p += len + (p[len] == ',');
  }
  if (!n)
    fm_log("FARHINT_BACKEND=%s names no server (%s://HOST:PORT[,HOST:PORT...])", list, scheme);
  return n ? (int)n : -1;
}

unsigned fm_stripe_of(uint64_t off, unsigned n, uint64_t *local) {
  uint64_t stripe = off / FM_STRIPE;
  *local = stripe / n * FM_STRIPE + off % FM_STRIPE;
  return (unsigned)(stripe % n);
}

size_t fm_stripe_part(uint64_t off, size_t len) {
  uint64_t left = FM_STRIPE - off % FM_STRIPE;
  return len < left ? len : (size_t)left;
}

uint64_t fm_stripe_share(unsigned n) {
  uint64_t stripes = (fm.cfg.far_bytes + FM_STRIPE - 1) / FM_STRIPE;
  return (stripes + n - 1) / n * FM_STRIPE;
}

struct farmem_msg fm_handshake_request(bool hello, uint64_t capacity, uint64_t region,
                                       const char *token) {
  struct farmem_msg req = {
      .op = hello ? FARMEM_HELLO : FARMEM_ATTACH, .arg = capacity, .region = region};
  snprintf(req.text, sizeof req.text, "%s", token);
  return req;
}

bool fm_handshake_accepted(const char *url, bool hello, uint64_t capacity,
                           const struct farmem_msg *rep) {
  if (rep->op == FARMEM_ERROR) {
    fm_log("the memory server at %s refused: %s", url, rep->text);
    return false;
  }
  if (hello && (rep->op != FARMEM_WELCOME || rep->arg < capacity)) {
    fm_log("the memory server at %s grants %lu bytes, less than the %lu it must hold of "
           "FARHINT_FAR_SIZE=%lu",
           url, (unsigned long)rep->arg, (unsigned long)capacity, (unsigned long)fm.cfg.far_bytes);
    return false;
  }
  return true;
}
