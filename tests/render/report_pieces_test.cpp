// The HTML, CSV, Code Quality, text and GitHub reports are passed on in pieces (render_*_to):
// the HTML between its sections and the groups of its findings, the others between findings.
// Whatever the piece size, the bytes are those of the report built whole.
#include <gtest/gtest.h>

#include <limits>

#include "html_big.hpp"
#include "render/render.hpp"

namespace ascendify::render {
namespace {

std::string streamed(const Assessment& a, Lang lang, size_t piece_bytes, size_t* pieces) {
  std::string out;
  *pieces = 0;
  render_html_to(
      a, lang,
      [&](std::string_view piece) {
        out += piece;
        ++*pieces;
      },
      piece_bytes);
  return out;
}

TEST(HtmlStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);  // 120 files: 120 groups
  for (Lang lang : {Lang::En, Lang::Zh}) {
    size_t pieces = 0;
    const std::string whole = streamed(a, lang, std::numeric_limits<size_t>::max(), &pieces);
    EXPECT_EQ(pieces, 1u);  // never passed on before the end
    EXPECT_EQ(render_html(a, lang), whole);
    ASSERT_TRUE(whole.ends_with("</body></html>\n"));
    for (size_t piece_bytes : {size_t{1}, size_t{16 * 1024}, size_t{256 * 1024}}) {
      EXPECT_EQ(streamed(a, lang, piece_bytes, &pieces), whole) << piece_bytes;
      // One byte: a piece after the head, each group and four sections, and the end.
      if (piece_bytes == 1) {
        EXPECT_GE(pieces, 120u + 6u);
      }
      if (piece_bytes == 16 * 1024) {
        EXPECT_GT(pieces, whole.size() / (64 * 1024));
      }
    }
  }
}

// A renderer with a piece size, run with pieces of `piece_bytes`: the text and the count.
template <typename Render>
std::pair<std::string, size_t> in_pieces(const Render& render, size_t piece_bytes) {
  std::string out;
  size_t pieces = 0;
  render(
      [&](std::string_view piece) {
        out += piece;
        ++pieces;
      },
      piece_bytes);
  return {out, pieces};
}

// `render` (a renderer with a piece size) gives `whole` in one piece when that size is never
// reached, and the same bytes in pieces of 16 KB and of 1 byte (at least `min_pieces` of those).
template <typename Render>
void expect_same_in_pieces(const Render& render, const std::string& whole, size_t min_pieces) {
  const auto one = in_pieces(render, std::numeric_limits<size_t>::max());
  EXPECT_EQ(one.second, 1u);
  EXPECT_EQ(one.first, whole);
  EXPECT_EQ(in_pieces(render, 16 * 1024).first, whole);
  const auto bytes = in_pieces(render, 1);
  EXPECT_EQ(bytes.first, whole);
  EXPECT_GE(bytes.second, min_pieces);
}

TEST(CsvStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);
  // A piece per finding, then the end.
  expect_same_in_pieces([&](const auto& sink, size_t n) { render_csv_to(a, sink, n); },
                        render_csv(a), a.findings.size() + 1);
}

TEST(CodeClimateStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);
  for (std::string_view prefix : {"", "sub/dir"})
    expect_same_in_pieces(
        [&](const auto& sink, size_t n) { render_codeclimate_to(a, sink, prefix, n); },
        render_codeclimate(a, prefix), a.findings.size() + 1);
  Assessment none = a;
  none.findings.clear();
  const auto cq = [&](const auto& sink, size_t n) { render_codeclimate_to(none, sink, "", n); };
  EXPECT_EQ(in_pieces(cq, 1).first, "[]\n");
}

TEST(TextStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);
  for (const bool color : {false, true}) {
    TextOptions o;
    o.color = color;
    o.lang = color ? Lang::Zh : Lang::En;
    // A piece per listed finding.
    expect_same_in_pieces([&](const auto& sink, size_t n) { render_text_to(a, o, sink, n); },
                          render_text(a, o), 1000);
  }
}

TEST(GithubStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);
  // A piece per annotation.
  expect_same_in_pieces([&](const auto& sink, size_t n) { render_github_to(a, sink, "sub", n); },
                        render_github(a, "sub"), 1000);
}

}  // namespace
}  // namespace ascendify::render
