#include "render/escape.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace ascendify::render {
namespace {

TEST(MdText, EscapesMarkdownAndHtml) {
  EXPECT_EQ(md_text("a|b"), "a\\|b");
  EXPECT_EQ(md_text("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(md_text("x && y"), "x &amp;&amp; y");
  EXPECT_EQ(md_text("*bold* `code` [link]"), "\\*bold\\* \\`code\\` \\[link\\]");
  EXPECT_EQ(md_text("one\ntwo\r\nthree\rfour"), "one two three four");
  EXPECT_EQ(md_text("back\\slash"), "back\\\\slash");
  EXPECT_EQ(md_text(""), "—");
  EXPECT_EQ(md_text("显存 ok"), "显存 ok");
}

TEST(MdText, UnderscoresOnlyAtWordBoundaries) {
  EXPECT_EQ(md_text("torch_npu.npu_rms_norm"), "torch_npu.npu_rms_norm");
  EXPECT_EQ(md_text("_private x_"), "\\_private x\\_");
}

TEST(MdCode, PlainAndPipes) {
  EXPECT_EQ(md_code("torch.cuda.empty_cache()"), "`torch.cuda.empty_cache()`");
  EXPECT_EQ(md_code("a|b"), "`a\\|b`");
  EXPECT_EQ(md_code("a|b", /*in_table=*/false), "`a|b`");
  EXPECT_EQ(md_code("<script>"), "`<script>`");  // code spans are literal
  EXPECT_EQ(md_code(""), "—");
  EXPECT_EQ(md_code("x\ny"), "`x y`");
}

TEST(MdCode, BackslashBeforePipeIsDoubledSoTheCellDoesNotSplit) {
  // GFM's row scanner pairs `\\` first; `\\\|` leaves an escaped pipe for the cell.
  EXPECT_EQ(md_code("a\\|b"), "`a\\\\\\|b`");
}

TEST(MdCode, BackticksGetALongerFence) {
  EXPECT_EQ(md_code("a`b"), "`` a`b ``");
  EXPECT_EQ(md_code("``w``"), "``` ``w`` ```");
  EXPECT_EQ(md_code("`"), "`` ` ``");
}

TEST(CsvField, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("l1\nl2"), "\"l1\nl2\"");
  EXPECT_EQ(csv_field("cr\r"), "\"cr\r\"");
  EXPECT_EQ(csv_field(""), "");
}

TEST(OneDecimal, RoundsHalfAwayFromZero) {
  EXPECT_EQ(one_decimal(1.25), "1.3");
  EXPECT_EQ(one_decimal(2), "2.0");
  EXPECT_EQ(one_decimal(2.04), "2.0");
  EXPECT_EQ(one_decimal(-0.01), "0.0");
  EXPECT_DOUBLE_EQ(round1(1.25), 1.3);
  EXPECT_DOUBLE_EQ(round1(std::numeric_limits<double>::infinity()), 0.0);
}

TEST(Fnv1a64, KnownVectors) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
}

TEST(RuleSlug, AfterFirstDot) {
  EXPECT_EQ(rule_slug("device.cuda-empty-cache"), "cuda-empty-cache");
  EXPECT_EQ(rule_slug("nodot"), "nodot");
}

}  // namespace
}  // namespace ascendify::render

TEST(TerminalSafe, ControlsBecomeQuestionMarks) {
  // C0 (ESC ... BEL sets a terminal title), C1 (U+009B is a one-byte CSI) and bidi overrides.
  EXPECT_EQ(ascendify::render::terminal_safe("big\x1b]0;PWNED\x07.py"), "big?]0;PWNED?.py");
  EXPECT_EQ(ascendify::render::terminal_safe("a\xC2\x9B"
                                             "31mb"),
            "a?31mb");
  EXPECT_EQ(ascendify::render::terminal_safe("x\xE2\x80\xAEy\xE2\x81\xA6z"), "x?y?z");
  EXPECT_EQ(ascendify::render::terminal_safe("显存 ü é"), "显存 ü é");  // other UTF-8 stays
}
