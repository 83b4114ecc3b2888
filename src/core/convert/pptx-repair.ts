// Mends what pptxgenjs writes wrongly before the file leaves us:
// - it repeats <a:pPr> before every run of a paragraph, which the schema forbids (CT_TextParagraph
//   allows one, first) and PowerPoint answers with a repair prompt (gitbrent/PptxGenJS#1081);
// - it names a title placeholder "Text 0"; PowerPoint's own name for it is "Title 1".
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";

const SLIDE = /^ppt\/slides\/slide\d+\.xml$/;
const PARAGRAPH = /<a:p>(.*?)<\/a:p>/gs;
const PARAGRAPH_PROPS = /<a:pPr\b[^>]*?\/>|<a:pPr\b[^>]*>.*?<\/a:pPr>/gs;
const TITLE_NAME = /name="[^"]*"(><\/p:cNvPr><p:cNvSpPr\/><p:nvPr><p:ph\b[^>]*type="title")/g;

export function repairPptx(bytes: Uint8Array): Uint8Array {
  const files = unzipSync(bytes);
  for (const name of Object.keys(files)) {
    if (!SLIDE.test(name)) continue;
    files[name] = strToU8(repairSlideXml(strFromU8(files[name])));
  }
  return zipSync(files);
}

export function repairSlideXml(xml: string): string {
  return xml
    .replace(PARAGRAPH, (_, body: string) => {
      let seen = false;
      return `<a:p>${body.replace(PARAGRAPH_PROPS, (props) => (seen ? "" : ((seen = true), props)))}</a:p>`;
    })
    .replace(TITLE_NAME, 'name="Title 1"$1');
}
