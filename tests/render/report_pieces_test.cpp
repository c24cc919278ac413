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

TEST(CsvStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);
  const auto csv = [&](const auto& sink, size_t n) { render_csv_to(a, sink, n); };
  const auto whole = in_pieces(csv, std::numeric_limits<size_t>::max());
  EXPECT_EQ(whole.second, 1u);
  EXPECT_EQ(whole.first, render_csv(a));
  const auto rows = in_pieces(csv, 1);
  EXPECT_EQ(rows.first, whole.first);
  EXPECT_EQ(rows.second, a.findings.size() + 1);  // a piece per finding, then the end
  EXPECT_EQ(in_pieces(csv, 16 * 1024).first, whole.first);
}

TEST(CodeClimateStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);
  for (std::string_view prefix : {"", "sub/dir"}) {
    const auto cq = [&](const auto& sink, size_t n) { render_codeclimate_to(a, sink, prefix, n); };
    const auto whole = in_pieces(cq, std::numeric_limits<size_t>::max());
    EXPECT_EQ(whole.second, 1u);
    EXPECT_EQ(whole.first, render_codeclimate(a, prefix));
    const auto items = in_pieces(cq, 1);
    EXPECT_EQ(items.first, whole.first);
    EXPECT_EQ(items.second, a.findings.size() + 1);
    EXPECT_EQ(in_pieces(cq, 16 * 1024).first, whole.first);
  }
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
    const auto text = [&](const auto& sink, size_t n) { render_text_to(a, o, sink, n); };
    const auto whole = in_pieces(text, std::numeric_limits<size_t>::max());
    EXPECT_EQ(whole.second, 1u);
    EXPECT_EQ(whole.first, render_text(a, o));
    const auto lines = in_pieces(text, 1);
    EXPECT_EQ(lines.first, whole.first);
    EXPECT_GT(lines.second, 1000u);  // a piece per listed finding
    EXPECT_EQ(in_pieces(text, 16 * 1024).first, whole.first);
  }
}

TEST(GithubStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);
  const auto gh = [&](const auto& sink, size_t n) { render_github_to(a, sink, "sub", n); };
  const auto whole = in_pieces(gh, std::numeric_limits<size_t>::max());
  EXPECT_EQ(whole.second, 1u);
  EXPECT_EQ(whole.first, render_github(a, "sub"));
  const auto lines = in_pieces(gh, 1);
  EXPECT_EQ(lines.first, whole.first);
  EXPECT_GT(lines.second, 1000u);  // a piece per annotation
  EXPECT_EQ(in_pieces(gh, 16 * 1024).first, whole.first);
}

}  // namespace
}  // namespace ascendify::render
