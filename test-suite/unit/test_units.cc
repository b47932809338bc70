// The units parser of the runtime and the memory server (common/fh_units.c)
// against the table of cases it shares with the Python CLI's parser.
#include "fh_units.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace {

const std::map<std::string, fh_unit> Kinds = {{"size", FH_UNIT_SIZE},
                                              {"time", FH_UNIT_TIME},
                                              {"rate", FH_UNIT_RATE},
                                              {"count", FH_UNIT_COUNT}};

TEST(Units, EveryCaseOfTheSharedTable) {
  std::ifstream In(FH_UNITS_CASES);
  ASSERT_TRUE(In) << "cannot read " << FH_UNITS_CASES;
  std::string Line;
  int Cases = 0;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#')
      continue;
    size_t A = Line.find('\t'), B = Line.find('\t', A + 1);
    ASSERT_NE(B, std::string::npos) << "not three columns: " << Line;
    std::string Kind = Line.substr(0, A), Text = Line.substr(A + 1, B - A - 1),
                Want = Line.substr(B + 1);
    ASSERT_TRUE(Kinds.count(Kind)) << "unknown kind in: " << Line;
    uint64_t Got = 0;
    int Rc = fh_units_parse(Text.c_str(), Kinds.at(Kind), &Got);
    if (Want == "error")
      EXPECT_EQ(Rc, -1) << Kind << " '" << Text << "' was taken as " << Got;
    else {
      EXPECT_EQ(Rc, 0) << Kind << " '" << Text << "' was refused";
      EXPECT_EQ(Got, std::stoull(Want)) << Kind << " '" << Text << "'";
    }
    Cases++;
  }
  EXPECT_GT(Cases, 40);
}

TEST(Units, MessagesNameTheKindAndGiveExamples) {
  EXPECT_STREQ(fh_units_what(FH_UNIT_SIZE), "a size");
  uint64_t V;
  std::istringstream Examples(fh_units_examples(FH_UNIT_TIME));
  std::string Example;
  while (std::getline(Examples, Example, ','))
    EXPECT_EQ(fh_units_parse(Example.c_str(), FH_UNIT_TIME, &V), 0) << Example;
}

} // namespace
