// The Markdown report is passed on in pieces between the rows of its findings tables
// (render_markdown_to): whatever the piece size, the bytes are those of the report built whole.
// What "whole" is, is pinned by the golden reports of examples/ (tests/e2e). A piece never
// ends in a newline: the document's end trims its trailing newlines to one, and they must all
// still be there when it does.
#include <gtest/gtest.h>

#include <limits>

#include "html_big.hpp"
#include "render/render.hpp"

namespace ascendify::render {
namespace {

struct Pieces {
  std::string text;
  std::vector<size_t> sizes;
  bool each_but_last_ends_in_text = true;  // the trailing newlines stay for the end to trim
};

Pieces streamed(const Assessment& a, Lang lang, size_t piece_bytes) {
  Pieces p;
  std::string last;
  render_markdown_to(
      a, lang,
      [&](std::string_view piece) {
        if (!p.sizes.empty() && (last.empty() || last.back() == '\n'))
          p.each_but_last_ends_in_text = false;
        p.text += piece;
        p.sizes.push_back(piece.size());
        last = std::string(piece);
      },
      piece_bytes);
  return p;
}

TEST(MarkdownStream, SameBytesWhateverThePieceSize) {
  testing::SampleRules R;
  const Assessment a = testing::big_assessment(R, 3000);
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const Pieces whole = streamed(a, lang, std::numeric_limits<size_t>::max());
    ASSERT_EQ(whole.sizes.size(), 1u);  // never passed on before the end
    EXPECT_EQ(render_markdown(a, lang), whole.text);
    ASSERT_TRUE(whole.text.ends_with("\n"));
    EXPECT_FALSE(whole.text.ends_with("\n\n"));
    for (size_t piece_bytes : {size_t{1}, size_t{4096}, size_t{256 * 1024}}) {
      const Pieces p = streamed(a, lang, piece_bytes);
      EXPECT_EQ(p.text, whole.text) << piece_bytes;
      EXPECT_TRUE(p.each_but_last_ends_in_text) << piece_bytes;
      if (piece_bytes == 1) {
        EXPECT_GT(p.sizes.size(), 2000u);  // about a piece per row
      }
      if (piece_bytes == 4096) {
        for (size_t i = 0; i + 1 < p.sizes.size(); ++i)
          EXPECT_LT(p.sizes[i], 4096u + 2048u) << i;  // a piece is what one row passes it by
      }
    }
  }
}

}  // namespace
}  // namespace ascendify::render
