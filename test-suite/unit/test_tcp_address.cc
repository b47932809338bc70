// The network transports' address form (tcp://, memcached://) and the
// token checks (common/fh_tcp.c), which the memory server and the runtime
// share.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

extern "C" {
#include "fh_tcp.h"
}

namespace {

struct Parsed {
  int rc;
  std::string host, port, why;
};

Parsed parse(const char *url, const char *scheme = "tcp") {
  char host[64], port[16], why[256] = "";
  int rc = fh_addr_parse(url, scheme, host, sizeof host, port, sizeof port, why, sizeof why);
  return rc == 0 ? Parsed{rc, host, port, ""} : Parsed{rc, "", "", why};
}

TEST(TcpAddress, HostAndPort) {
  Parsed p = parse("tcp://memhost:7000");
  EXPECT_EQ(p.rc, 0);
  EXPECT_EQ(p.host, "memhost");
  EXPECT_EQ(p.port, "7000");
}

TEST(TcpAddress, NoHostIsTheLoopback) { EXPECT_EQ(parse("tcp://:7000").host, "127.0.0.1"); }

TEST(TcpAddress, BracketedIpv6) {
  Parsed p = parse("tcp://[::1]:7000");
  EXPECT_EQ(p.rc, 0);
  EXPECT_EQ(p.host, "::1");
}

TEST(TcpAddress, MistakesSayWhatIsExpected) {
  EXPECT_NE(parse("memhost:7000").why.find("tcp://HOST:PORT"), std::string::npos);
  EXPECT_NE(parse("tcp://memhost").why.find("no port"), std::string::npos);
  EXPECT_NE(parse("tcp://memhost:0").why.find("1..65535"), std::string::npos);
  EXPECT_NE(parse("tcp://memhost:70000").why.find("1..65535"), std::string::npos);
  EXPECT_NE(parse("tcp://memhost:7x").why.find("1..65535"), std::string::npos);
  EXPECT_NE(parse("tcp://[::1:7000").why.find("[ADDR]:PORT"), std::string::npos);
}

TEST(TcpAddress, TheSchemeIsTheTransports) {
  Parsed p = parse("memcached://cache1:11211", "memcached");
  EXPECT_EQ(p.rc, 0);
  EXPECT_EQ(p.host, "cache1");
  EXPECT_EQ(p.port, "11211");
  EXPECT_NE(parse("tcp://cache1:11211", "memcached").why.find("memcached://HOST:PORT"),
            std::string::npos);
  EXPECT_NE(parse("memcachedx://cache1:1", "memcached").why.find("memcached://HOST:PORT"),
            std::string::npos);
}

TEST(Token, EqualOnlyWhenEqual) {
  EXPECT_TRUE(fh_token_equal("abcdefghijklmnop", "abcdefghijklmnop"));
  EXPECT_FALSE(fh_token_equal("abcdefghijklmnop", "abcdefghijklmnoq"));
  EXPECT_FALSE(fh_token_equal("abcdefghijklmnop", "abcdefghijklmnopq"));
  EXPECT_FALSE(fh_token_equal("", "abcdefghijklmnop"));
}

std::string read_token(const char *text) {
  char path[] = "/tmp/fh-token-XXXXXX";
  int fd = mkstemp(path);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  char token[FH_TOKEN_MAX + 1], why[512];
  int rc = fh_token_read(path, token, sizeof token, why, sizeof why);
  unlink(path);
  return rc == 0 ? std::string("ok:") + token : why;
}

TEST(Token, FileHoldsOneLine) {
  EXPECT_EQ(read_token("s3cret-token-0123456\n"), "ok:s3cret-token-0123456");
  EXPECT_NE(read_token("short\n").find("16 to 159"), std::string::npos);
  EXPECT_NE(read_token("").find("16 to 159"), std::string::npos);
  char why[256];
  char token[FH_TOKEN_MAX + 1];
  EXPECT_EQ(fh_token_read("/nonexistent/token", token, sizeof token, why, sizeof why), -1);
  EXPECT_NE(std::string(why).find("cannot read the token file"), std::string::npos);
}

} // namespace
