// Markdown links from the addresses a PDF's spans carry.
import { describe, expect, it } from "vitest";
import { withLinks } from "../../src/core/render/links";
import type { Block, Span } from "../../src/core/model";

const span = (text: string, link?: string): Span => ({ text, bbox: [0, 0, 1, 1], fontFamily: "Times", fontSize: 10, bold: false, italic: false, ...(link ? { link } : {}) });
const block = (...spans: Span[]): Block => ({ type: "text", bbox: [0, 0, 1, 1], text: spans.map((s) => s.text).join(""), lines: [{ bbox: [0, 0, 1, 1], spans }], layer: "body", source: "text-layer" });

describe("links in Markdown", () => {
  it("keep the words under an address as the link's label", () => {
    const b = block(span("See the "), span("class documentation", "https://ctan.org/pkg/x"), span(" for more."));
    expect(withLinks(b, b.text)).toBe("See the [class documentation](https://ctan.org/pkg/x) for more.");
  });

  it("leave an address printed as it is bare (GitHub-flavoured Markdown links it), so its text reads as printed", () => {
    const b = block(span("Online at "), span("http://mirror.ctan.org/x.pdf.", "http://mirror.ctan.org/x.pdf"));
    expect(withLinks(b, b.text)).toBe("Online at http://mirror.ctan.org/x.pdf.");
    const mail = block(span("Write to "), span("a.b@example.org", "mailto:a.b@example.org"));
    expect(withLinks(mail, mail.text)).toBe("Write to a.b@example.org");
  });

  it("keep a closing parenthesis the label opened", () => {
    const b = block(span("Massimo A. Redaelli (m.redaelli@gmail.com)", "mailto:m.redaelli@gmail.com"), span(" and others"));
    expect(withLinks(b, b.text)).toBe("[Massimo A. Redaelli (m.redaelli@gmail.com)](mailto:m.redaelli@gmail.com) and others");
    const closing = block(span("(see "), span("the manual)", "https://example.org/m"));
    expect(withLinks(closing, closing.text)).toBe("(see [the manual](https://example.org/m))");
  });
});
