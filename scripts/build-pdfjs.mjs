// Prepares pdf.js's worker for the parser (run by `postinstall`, so it always matches the
// installed pdfjs-dist) and writes it to src/core/backends/pdf/generated/ (not committed):
//   pdf.worker.mjs   the legacy build's worker with the patches below
//   jbig2.wasm, openjpeg.wasm   its image decoders (CCITT fax and JBIG2; JPEG 2000), bundled
//                    as compiled modules (see src/core/backends/pdf/wasm-decoders.ts)
//
// The worker is patched, not forked: each patch names the exact upstream text it replaces
// and the build fails loudly when that text is not there exactly once (a new pdf.js must
// be looked at, not silently mis-patched). Every patch keeps pdf.js's results bit for bit
// (a plain JPEG's pixels come when the parser asks for them, the very pixels pdf.js makes);
// most only take work off the paths the text layer runs for every glyph, and the decode
// limits stop a stream that inflates past what an isolate can hold (a document that
// reaches them fails as a whole: src/core/backends/pdf/decode-limit.ts).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const distDir = dirname(require.resolve("pdfjs-dist/package.json"));
const { version } = JSON.parse(readFileSync(join(distDir, "package.json"), "utf8"));
const SOURCE = "legacy/build/pdf.worker.mjs";
/** pdf.js's image decoders (its wasm/ folder) the parser bundles. */
const WASM_DECODERS = ["jbig2.wasm", "openjpeg.wasm"];
const out = resolve(import.meta.dirname, "../src/core/backends/pdf/generated");

const PATCHES = [
  {
    why:
      "a span of marked content may say what its glyphs read as (/ActualText): browsers and word processors write it " +
      "for the clusters of Indic, Thai and Arabic text whose glyphs (a vowel sign drawn before its consonant, a " +
      "conjunct) have no Unicode of their own, as pdftotext reads them. pdf.js's text content drops it; the span's " +
      "item now carries it, and the runs take it in place of the glyphs' text (src/core/backends/pdf/runs.ts)",
    from: `              const mcid = args[1] instanceof Dict ? args[1].get("MCID") : null;
              textContent.items.push({
                type: "beginMarkedContentProps",
                id: Number.isInteger(mcid) ? \`\${self.idFactory.getPageObjId()}_mc\${mcid}\` : null,
                tag: args[0] instanceof Name ? args[0].name : null
              });`,
    to: `              const mcid = args[1] instanceof Dict ? args[1].get("MCID") : null;
              const actualText = args[1] instanceof Dict ? args[1].get("ActualText") : null; // docparse patch
              textContent.items.push({
                type: "beginMarkedContentProps",
                id: Number.isInteger(mcid) ? \`\${self.idFactory.getPageObjId()}_mc\${mcid}\` : null,
                tag: args[0] instanceof Name ? args[0].name : null,
                ...(typeof actualText === "string" ? { actualText: stringToPDFString(actualText) } : {})
              });`,
  },
  {
    why:
      "getTextContent calls getCurrentTextTransform twice per glyph; upstream allocates three arrays per call and " +
      "multiplies a Float32Array ctm with an Array text matrix through one polymorphic Util.transform, the hottest " +
      "function of the whole parse (30% of text extraction). The same products, term for term (the zero terms kept, " +
      "so results are identical), into one array",
    from: `      const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          tsm[3] *= glyphHeight * textState.fontMatrix[3];
        }
      }
      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));`,
    to: `      const s0 = textState.fontSize * textState.textHScale;
      const s5 = textState.textRise;
      let s3 = textState.fontSize;
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          s3 *= glyphHeight * textState.fontMatrix[3];
        }
      }
      // docparse patch: Util.transform(ctm, Util.transform(textMatrix, [s0, 0, 0, s3, 0, s5])) without the temporaries.
      const t = textState.textMatrix;
      const c = textState.ctm;
      const t0 = t[0] * s0 + t[2] * 0;
      const t1 = t[1] * s0 + t[3] * 0;
      const t2 = t[0] * 0 + t[2] * s3;
      const t3 = t[1] * 0 + t[3] * s3;
      const t4 = t[0] * 0 + t[2] * s5 + t[4];
      const t5 = t[1] * 0 + t[3] * s5 + t[5];
      return [c[0] * t0 + c[2] * t1, c[1] * t0 + c[3] * t1, c[0] * t2 + c[2] * t3, c[1] * t2 + c[3] * t3, c[0] * t4 + c[2] * t5 + c[4], c[1] * t4 + c[3] * t5 + c[5]];`,
  },
  {
    why:
      "the text content names a font only by its generic family (sans-serif); bold and italic live in its real name, " +
      "which pdf.js otherwise hands out only with an operator list (as costly as the text itself). With " +
      "fontExtraProperties on, each style also carries the name the operator list's font object would have",
    from: `        if (self.options.fontExtraProperties && font.systemFontInfo) {
          const style = textContent.styles[loadedName];`,
    to: `        if (self.options.fontExtraProperties) {
          textContent.styles[loadedName].fontName = font.name; // docparse patch
        }
        if (self.options.fontExtraProperties && font.systemFontInfo) {
          const style = textContent.styles[loadedName];`,
  },
  {
    why:
      "with disableFontFace (there is no FontFace in workerd), an operator list compiles the outline of every glyph " +
      "it shows and posts it, one message per glyph occurrence, for pdf.js's canvas to draw text with. docparse " +
      "never draws with pdf.js (it reads operator lists for rulings, images and fonts only), so those outlines " +
      "were built to be dropped. Text used as a clip or painted with a pattern still gets them",
    from: `      if (isAddToPathSet || state.fillColorSpace.name === "Pattern" || state.strokeColorSpace.name === "Pattern" || font.disableFontFace) {`,
    to: `      if (isAddToPathSet || state.fillColorSpace.name === "Pattern" || state.strokeColorSpace.name === "Pattern") { // docparse patch: not for disableFontFace`,
  },
  {
    why:
      "pdf.js decodes CCITT fax and JBIG2 (the codecs of scans) and JPEG 2000 only in WebAssembly, which it fetches " +
      "and compiles from bytes; workerd forbids compiling WASM at run time. The embedder hands over modules compiled " +
      "at upload instead (src/core/backends/pdf/wasm-decoders.ts); without one, pdf.js's own path is taken",
    from: `  async #getWasmInstance(imports) {
    if (!this.#buffer) {`,
    to: `  async #getWasmInstance(imports) {
    const compiled = await globalThis.__docparsePdfjsWasm?.(this._filename); // docparse patch
    if (compiled) return WebAssembly.instantiate(compiled, imports);
    if (!this.#buffer) {`,
  },
  {
    why:
      "a compressed stream can inflate a thousandfold (a 1.5 MB file to 1.5 GB), and pdf.js grows its buffer for as " +
      "long as the stream goes on: past the limit the stream stops, and the document is marked for the parser to fail",
    from: `    let size = this.minBufferLength;
    while (size < requested) {
      size *= 2;
    }
    const buffer2 = new Uint8Array(size);`,
    to: `    let size = this.minBufferLength;
    while (size < requested) {
      size *= 2;
    }
    // docparse patch: no stream decodes past the limit (decode-limit.ts).
    docparseCheckDecoded(this, requested);
    const buffer2 = new Uint8Array(size);`,
  },
  {
    why:
      "the runtime's DecompressionStream inflates all it is given at once, before a byte of it can be counted (a " +
      "1.5 MB bomb took workerd to 1.9 GB): zlib streams are inflated by fflate instead, slice by slice, stopping at " +
      "the limit; a stream fflate cannot read goes to pdf.js's own decoder, which is more forgiving",
    from: `    const bytes = this.stream.isAsync && (await this.stream.asyncGetBytes()) || this.stream.getBytes();
    try {
      const {
        readable,
        writable
      } = new DecompressionStream(name);`,
    to: `    const bytes = this.stream.isAsync && (await this.stream.asyncGetBytes()) || this.stream.getBytes();
    // docparse patch: zlib streams inflated within the decode limit (decode-limit.ts).
    const docparseInflate = name === "deflate" ? globalThis.__docparseDecodeLimits?.inflate : undefined;
    if (docparseInflate) {
      const inflated = docparseInflate(bytes);
      if (inflated === "limit") {
        docparseNoteDecoded(this, globalThis.__docparseDecodeLimits.maxStreamBytes + 1);
        return { decompressed: new Uint8Array(0), compressed: bytes };
      }
      return { decompressed: inflated, compressed: bytes };
    }
    try {
      const {
        readable,
        writable
      } = new DecompressionStream(name);`,
  },
  {
    why: "the same limit on the runtime's DecompressionStream, which pdf.js uses for large Flate streams and reads to its end",
    from: `        chunks.push(chunk);
        totalLength += chunk.byteLength;
      }
      if (chunks.length === 1) {`,
    to: `        chunks.push(chunk);
        totalLength += chunk.byteLength;
        // docparse patch: no stream decodes past the limit (decode-limit.ts).
        if (totalLength > (globalThis.__docparseDecodeLimits?.maxStreamBytes ?? Infinity)) {
          await reader.cancel().catch(() => {});
          docparseCheckDecoded(this, totalLength);
        }
      }
      if (chunks.length === 1) {`,
  },
  {
    why:
      "rebuilding a damaged cross-reference table reads each line as a token one character at a time (+=): a line " +
      "without breaks (a file of zeros) became one string of the whole file, 18 bytes of heap a byte (a 45 MB file " +
      "took 1.9 GB and 4 s, in the isolate that answers the upload). The tokens it looks for (xref, trailer, " +
      "'12 0 obj') are short: a token stops at 4 KB, and the scan goes on after it",
    from: `      let token = "",
        ch = data[offset];
      while (ch !== LF && ch !== CR && ch !== LT) {`,
    to: `      let token = "",
        ch = data[offset];
      // docparse patch: a token stops at 4 KB.
      while (ch !== LF && ch !== CR && ch !== LT && token.length < 4096) {`,
  },
  {
    why:
      "a photo stored as a plain JPEG is its own best picture file: re-encoding its decoded pixels to PNG costs a " +
      "deflate of raw RGB and makes a file 5-10x larger, and decoding it at all costs a tenth of a parse with " +
      "pictures. When its pixels would be exactly what the JPEG's bytes decode to (docparsePlainJpeg below says " +
      "when), it goes undecoded: its object carries the bytes (imgData.jpeg) for the parser to store as they are " +
      "(src/core/backends/pdf/images.ts), and a token the parser decodes the pixels by, through pdf.js's own " +
      "createImageData, when it needs them (a scan to read, strips to join)",
    from: `      imgData = await imageObj.createImageData(false, isOffscreenCanvasSupported);
      imgData.dataLen = imgData.bitmap ? imgData.width * imgData.height * 4 : imgData.data.length;
`,
    to: `      // docparse patch: a plain JPEG is sent undecoded (docparseDeferJpeg), its size what its pixels would take.
      imgData = docparseDeferJpeg(imageObj, this.idFactory.getDocId(), isOffscreenCanvasSupported) ?? (await imageObj.createImageData(false, isOffscreenCanvasSupported));
      imgData.dataLen = imgData.bitmap ? imgData.width * imgData.height * 4 : imgData.data ? imgData.data.length : imgData.width * imgData.height * 3;
`,
  },
  {
    why: "the same: an undecoded JPEG has no pixels to transfer",
    from: `    const transfers = imgData ? [imgData.bitmap || imgData.data.buffer] : null;`,
    to: `    const transfers = imgData?.bitmap ? [imgData.bitmap] : imgData?.data ? [imgData.data.buffer] : null; // docparse patch`,
  },
  {
    why:
      "a page's content is lexed twice: once for its text content, once for its operator list (rulings, pictures, " +
      "fonts), each time inflating the stream and turning every byte into tokens anew (7% of a parse). The text " +
      "content's pass keeps the operations it read, the operator list's pass of the same stream on the same page " +
      "takes them instead of lexing again (docparseLexed below). The operations are the same ones in the same order, " +
      "so both passes give what they gave",
    from: `  constructor(stream, xref, stateManager = new StateManager()) {
    this.parser = new Parser({
      lexer: new Lexer(stream, EvaluatorPreprocessor.opMap),
      xref
    });`,
    to: `  constructor(stream, xref, stateManager = new StateManager(), docparseLex = null) {
    // docparse patch: operations kept by an earlier pass of the same stream are taken instead of lexing it again.
    this.docparseReplay = docparseLex?.replay ? docparseLexedOps(xref, docparseLex.key) : null;
    this.docparseAt = 0;
    this.docparseRecord = docparseLex?.key && !docparseLex.replay ? { xref, key: docparseLex.key, ops: [] } : null;
    this.parser = this.docparseReplay ? null : new Parser({
      lexer: new Lexer(stream, EvaluatorPreprocessor.opMap),
      xref
    });`,
  },
  {
    why: "the same: a pass given kept operations reads them, not the stream",
    from: `  read(operation) {
    let args = operation.args;
    while (true) {
      const obj = this.parser.getObj();`,
    to: `  read(operation) {
    if (this.docparseReplay) return docparseReplayOp(this, operation);
    let args = operation.args;
    while (true) {
      const obj = this.parser.getObj();`,
  },
  {
    why: "the same: a keeping pass notes each operation as it hands it out, and keeps them all once the stream has ended",
    from: `        this.preprocessCommand(fn, args);
        operation.fn = fn;
        operation.args = args;
        return true;
      }
      if (obj === EOF) {
        return false;
      }`,
    to: `        this.preprocessCommand(fn, args);
        operation.fn = fn;
        operation.args = args;
        if (this.docparseRecord) this.docparseRecord.ops.push(fn, args === null || args.length === 0 ? null : args.slice());
        return true;
      }
      if (obj === EOF) {
        if (this.docparseRecord) docparseKeepOps(this.docparseRecord);
        this.docparseRecord = null;
        return false;
      }`,
  },
  {
    why: "the same: the operator list's pass takes what the text content's pass kept",
    from: `    const stateManager = new StateManager(initialState);
    const preprocessor = new EvaluatorPreprocessor(stream, xref, stateManager);`,
    to: `    const stateManager = new StateManager(initialState);
    const preprocessor = new EvaluatorPreprocessor(stream, xref, stateManager, { key: docparseLexKey(this.pageIndex, stream), replay: true });`,
  },
  {
    why: "the same: the text content's pass keeps what it read",
    from: `    const emptyGStateCache = new LocalGStateCache();
    const preprocessor = new EvaluatorPreprocessor(stream, xref, stateManager);`,
    to: `    const emptyGStateCache = new LocalGStateCache();
    const preprocessor = new EvaluatorPreprocessor(stream, xref, stateManager, { key: docparseLexKey(this.pageIndex, stream), replay: false });`,
  },
  {
    why:
      "an annotation's appearance text (a free-text note, a stamp; a page flattened into one) comes with one position for " +
      "all its lines; each item now keeps its own, mapped to the page's user space, so notes are laid out as drawn " +
      "(src/core/backends/pdf/notes.ts)",
    from: `          firstPositionY = Math.min(firstPositionY, item.transform[5]);
          buffer.push(item.str);`,
    to: `          firstPositionY = Math.min(firstPositionY, item.transform[5]);
          docparseItems.push({ str: item.str, transform: item.transform, width: item.width, height: item.height, hasEOL: item.hasEOL }); // docparse patch
          buffer.push(item.str);`,
  },
  {
    why: "the same: the list the items are kept in",
    from: `    const text = [];
    const buffer = [];
    let firstPositionX = Infinity;`,
    to: `    const text = [];
    const buffer = [];
    const docparseItems = []; // docparse patch
    let firstPositionX = Infinity;`,
  },
  {
    why: "the same: the items in page space, beside the lines pdf.js keeps",
    from: `      this.data.textPosition = this._transformPoint(firstPosition, bbox, matrix);
      this.data.textContent = text;`,
    to: `      this.data.textPosition = this._transformPoint(firstPosition, bbox, matrix);
      this.data.textContent = text;
      const docparseToPage = Util.transform(getTransformMatrix(this.data.rect, bbox || [0, 0, 1, 1], matrix || [1, 0, 0, 1, 0, 0]), matrix || [1, 0, 0, 1, 0, 0]); // docparse patch: the appearance's matrix, then its box onto the rectangle
      const docparseScale = Math.hypot(docparseToPage[0], docparseToPage[1]) || 1;
      this.data.textItems = docparseItems.map(i => ({ ...i, transform: Util.transform(docparseToPage, i.transform), width: i.width * docparseScale, height: i.height * docparseScale }));`,
  },
  {
    why: "a stamp's appearance may hold words (APPROVED, PAID, a signature block) that are part of the printed page, as pdftotext reads them; pdf.js reads text only from free-text notes' and fields' appearances",
    from: `class StampAnnotation extends MarkupAnnotation {
  #savedHasOwnCanvas = null;`,
    to: `class StampAnnotation extends MarkupAnnotation {
  get hasTextContent() { return !!this.appearance; } // docparse patch
  #savedHasOwnCanvas = null;`,
  },
  {
    why:
      "a right-to-left glyph that stands for several letters (an Arabic ligature: lam with alef maksura, lam with khah; " +
      "the first glyph of a cluster that WeasyPrint maps to the whole word, a space before it) " +
      "maps to them in reading order, but the item's text is built in drawing order and then turned around letter by " +
      "letter, which turns the pair around too (إلى read as إىل, as pdftotext also reads it). Such a glyph's letters " +
      "are put in drawing order here, so the turn brings them back",
    from: `        if (!intersector) {
          textChunk.str.push(glyphUnicode);
        }`,
    to: `        if (!intersector) {
          textChunk.str.push(glyphUnicode.length > 1 && /^[\\s\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF]*[\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF]$|^[\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF][\\s\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF]*$/.test(glyphUnicode) ? [...glyphUnicode].reverse().join("") : glyphUnicode); // docparse patch
        }`,
  },
  {
    why:
      "the same for a ligature written as one presentation form (U+FC00-FDFF: lam with meem, say): pdf.js spells it out " +
      "before turning the text around, so its letters are put in drawing order here, each form on its own",
    from: `  return str.replaceAll(NormalizeRegex, (_, p1, p2) => p1 ? p1.normalize("NFKC") : NormalizationMap.get(p2));`,
    to: `  return str.replaceAll(NormalizeRegex, (_, p1, p2) => p1 ? [...p1].map(c => { const n = c.normalize("NFKC"); return n.length > 1 && /^[\\u0590-\\u08FF]+$/.test(n) ? [...n].reverse().join("") : n; }).join("") : NormalizationMap.get(p2)); // docparse patch`,
  },
  {
    why:
      "a glyph named as the Adobe Glyph List's rules allow, with a variant's suffix or as a ligature of parts " +
      "(uni0E48.low, uni0E31.left, uni0E4D_uni0E32: Thai TeX fonts, OpenType subsets), reads as its base glyph or its " +
      "parts, as pdftotext reads it; pdf.js took such a name for unknown and read the code's Latin-1 letter (เชèน for เช่น)",
    from: `      let glyphName = encoding[charcode];
      if (glyphName === "") {
        continue;
      }
      let unicode = glyphsUnicodeMap[glyphName];`,
    to: `      let glyphName = encoding[charcode];
      if (glyphName === "") {
        continue;
      }
      const docparseText = glyphsUnicodeMap[glyphName] === undefined ? docparseGlyphNameText(glyphName, glyphsUnicodeMap) : undefined; // docparse patch
      if (docparseText !== undefined) {
        toUnicode.set(+charcode, docparseText);
        continue;
      }
      let unicode = glyphsUnicodeMap[glyphName];`,
  },
  {
    why: "the same: a glyph name's text by its base and parts (AGL: the part before the first period, parts joined by underscores)",
    from: `function getUnicodeForGlyph(name, glyphsUnicodeMap) {`,
    to: `function docparseGlyphNameText(name, glyphsUnicodeMap) {
  if (name[0] === ".") return undefined;
  const base = name.includes(".") ? name.slice(0, name.indexOf(".")) : name;
  if (base === name && !name.includes("_")) return undefined;
  let text = "";
  for (const part of base.split("_")) {
    const unicode = getUnicodeForGlyph(part, glyphsUnicodeMap);
    if (unicode === -1 || unicode === undefined) return undefined;
    text += String.fromCodePoint(unicode);
  }
  return text || undefined;
}
function getUnicodeForGlyph(name, glyphsUnicodeMap) {`,
  },
  {
    why: "the source map describes the unpatched file; it is not shipped next to the generated one",
    from: `//# sourceMappingURL=pdf.worker.mjs.map`,
    to: ``,
  },
];

/**
 * What the decode-limit patches call: the limits and the record of documents that reached
 * them live on globalThis (set by src/core/backends/pdf/decode-limit.ts, which owns the
 * numbers), as this worker runs in the parser's own isolate and thread. A stream knows its
 * document through its dictionary's cross-reference table.
 */
const DECODE_LIMIT_PRELUDE = `function docparseNoteDecoded(stream, bytes) {
  const limits = globalThis.__docparseDecodeLimits;
  if (!limits || bytes <= limits.maxStreamBytes) return false;
  const docId = stream.dict?.xref?.pdfManager?.docId ?? "unknown";
  limits.hits.set(docId, Math.max(bytes, limits.hits.get(docId) ?? 0));
  return true;
}
function docparseCheckDecoded(stream, bytes) {
  if (docparseNoteDecoded(stream, bytes)) throw new Error("a compressed stream inflates past " + globalThis.__docparseDecodeLimits.maxStreamBytes + " bytes");
}`;

/**
 * What the lexing patches call. The text content's pass keeps the operations it read from a
 * stream (operator ids and operands, as EvaluatorPreprocessor.read handed them out) under the
 * page and the stream's object ids; the operator list's pass of the same stream on the same
 * page takes them once and replays them through read, state tracking included, instead of
 * inflating and lexing the stream again. Only a pass that reached the stream's end keeps
 * anything, so an error part way leaves the other pass to lex as before. The text pass never
 * reads an operand's contents that the operator list's pass consumes (an inline image's
 * stream), and the operator list's pass only takes: a stream it reads again finds nothing
 * kept and is lexed. A stream with no object id (content made on the fly) is not kept. At
 * most DOCPARSE_LEX_KEPT_STREAMS streams of a document are held, the oldest dropped first: a page
 * whose operator list is never asked for leaves little behind.
 */
const LEX_PRELUDE = `const DOCPARSE_LEX_KEPT_STREAMS = 64;
const docparseLexed = new WeakMap();
function docparseLexKey(pageIndex, stream) {
  if (!Number.isInteger(pageIndex) || !stream) return null;
  const id = stream.dict?.objId;
  if (id) return pageIndex + " " + id;
  const parts = stream.streams;
  if (Array.isArray(parts) && parts.length > 0 && parts.every(part => part.dict?.objId)) return pageIndex + " " + parts.map(part => part.dict.objId).join(",");
  return null;
}
function docparseLexedOps(xref, key) {
  const lexed = key ? docparseLexed.get(xref) : undefined;
  const ops = lexed?.get(key);
  if (!ops) return null;
  lexed.delete(key);
  return ops;
}
function docparseKeepOps(record) {
  let lexed = docparseLexed.get(record.xref);
  if (!lexed) docparseLexed.set(record.xref, lexed = new Map());
  lexed.delete(record.key);
  lexed.set(record.key, record.ops);
  if (lexed.size > DOCPARSE_LEX_KEPT_STREAMS) lexed.delete(lexed.keys().next().value);
}
function docparseReplayOp(preprocessor, operation) {
  const ops = preprocessor.docparseReplay;
  if (preprocessor.docparseAt >= ops.length) return false;
  const fn = ops[preprocessor.docparseAt++];
  const operands = ops[preprocessor.docparseAt++];
  let args = operation.args;
  if (operands !== null) {
    if (args === null) args = [];
    for (const operand of operands) args.push(operand);
  }
  preprocessor.preprocessCommand(fn, args);
  operation.fn = fn;
  operation.args = args;
  return true;
}`;

/**
 * What the JPEG patch calls. An image XObject's JPEG bytes are handed over only when a viewer
 * showing them as a .jpg file shows what pdf.js drew: filter exactly DCTDecode (no other
 * filter before it, no ColorTransform of the PDF's own overriding the JPEG's markers), 8-bit
 * gray or RGB whose component count matches the colour space pdf.js resolved (DeviceGray or
 * DeviceRGB, which is also what ICCBased becomes here: pdf.js has no ICC engine in docparse;
 * CMYK, Indexed, Separation, DeviceN, Lab and Cal* are left out), no Decode array that
 * changes values, no SMask or Mask, not an image mask, the frame's size the size pdf.js drew
 * (a frame that pdf.js resampled to the dictionary's Width/Height is left out), Huffman
 * coding with 8-bit samples (what every viewer decodes), and no EXIF orientation other than
 * upright (a viewer would turn the picture; pdf.js does not). The bytes are a view of what
 * pdf.js read, not a copy: the channel to the main side (src/core/backends/pdf/direct-port.ts)
 * copies a view's own bytes, never the file's whole buffer behind it.
 *
 * Such a JPEG is not decoded: its image object says what createImageData would have made of
 * it (RGB, 3 bytes a pixel, the frame's size) and carries a token. The API side, on this
 * thread, decodes it by that token (docparseDecodeDeferredJpeg, through pdf.js's own
 * createImageData: the very pixels it would have sent) only when it needs them, and forgets a
 * document's tokens when the document closes. docId is the evaluator's getDocId(), "g_" and
 * the API side's loading-task docId.
 */
const JPEG_PRELUDE = `const docparseDeferred = new Map();
let docparseDeferredCount = 0;
function docparseDeferJpeg(imageObj, docId, isOffscreenCanvasSupported) {
  try {
    if (isOffscreenCanvasSupported || imageObj.drawWidth !== imageObj.width || imageObj.drawHeight !== imageObj.height) return null;
    const jpeg = docparsePlainJpeg(imageObj);
    if (!jpeg) return null;
    const doc = docId.replace(/^g_/, "");
    const token = ++docparseDeferredCount;
    if (!docparseDeferred.has(doc)) docparseDeferred.set(doc, new Map());
    docparseDeferred.get(doc).set(token, imageObj);
    return { width: imageObj.width, height: imageObj.height, interpolate: imageObj.interpolate, kind: ImageKind.RGB_24BPP, data: null, jpeg, deferred: token, deferredDoc: doc };
  } catch {
    return null;
  }
}
export function docparseDecodeDeferredJpeg(docId, token) {
  const imageObj = docparseDeferred.get(docId)?.get(token);
  return imageObj ? imageObj.createImageData(false, false) : Promise.resolve(null);
}
export function docparseForgetDeferredJpegs(docId) {
  docparseDeferred.delete(docId);
}
function docparsePlainJpeg(imageObj) {
  const stream = imageObj.image;
  if (!(stream instanceof JpegStream)) return null;
  if (imageObj.imageMask || imageObj.smask || imageObj.mask || imageObj.needsDecode || imageObj.bpc !== 8) return null;
  const dict = stream.dict;
  if (!dict || dict.has("SMask") || dict.has("Mask")) return null;
  const filter = dict.get("F", "Filter");
  const only = Array.isArray(filter) && filter.length === 1 ? filter[0] : filter;
  if (!(only instanceof Name) || (only.name !== "DCTDecode" && only.name !== "DCT")) return null;
  if (stream.jpegOptions.colorTransform !== undefined) return null;
  const components = imageObj.colorSpace?.name === "DeviceGray" ? 1 : imageObj.colorSpace?.name === "DeviceRGB" ? 3 : 0;
  if (!components || imageObj.colorSpace.numComps !== components) return null;
  // JpegStream's caching getter: the bytes a later decoding reads too.
  let bytes = stream.bytes;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd8) {
      bytes = bytes.subarray(i);
      break;
    }
  }
  const frame = docparseJpegFrame(bytes);
  if (!frame || frame.components !== components || frame.width !== imageObj.width || frame.height !== imageObj.height) return null;
  return bytes;
}
function docparseJpegFrame(data) {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let frame = null;
  let upright = true;
  let i = 2;
  while (i + 4 <= data.length) {
    if (data[i] !== 0xff) return null;
    const marker = data[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    i += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9) return null;
    if (marker === 0xda) return frame && upright ? frame : null;
    const length = (data[i] << 8) | data[i + 1];
    if (length < 2 || i + length > data.length) return null;
    const seg = data.subarray(i + 2, i + length);
    if (marker === 0xe1 && seg.length >= 6 && seg[0] === 0x45 && seg[1] === 0x78 && seg[2] === 0x69 && seg[3] === 0x66 && seg[4] === 0 && seg[5] === 0) {
      if (docparseExifOrientation(seg.subarray(6)) !== 1) upright = false;
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (frame || marker > 0xc2 || seg.length < 6 || seg[0] !== 8) return null;
      frame = { height: (seg[1] << 8) | seg[2], width: (seg[3] << 8) | seg[4], components: seg[5] };
    }
    i += length;
  }
  return null;
}
function docparseExifOrientation(tiff) {
  if (tiff.length < 8) return 0;
  const le = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!le && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 0;
  const u16 = (o) => (le ? tiff[o] | (tiff[o + 1] << 8) : (tiff[o] << 8) | tiff[o + 1]);
  const u32 = (o) => u16(le ? o + 2 : o) * 65536 + u16(le ? o : o + 2);
  if (u16(2) !== 42) return 0;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 0;
  const entries = u16(ifd);
  for (let k = 0; k < entries; k++) {
    const e = ifd + 2 + k * 12;
    if (e + 12 > tiff.length) return 0;
    if (u16(e) === 0x0112) return u16(e + 8);
  }
  return 1;
}`;

function patch(source, patches = PATCHES, file = SOURCE) {
  let text = source;
  for (const p of patches) {
    const count = text.split(p.from).length - 1;
    if (count !== 1) {
      throw new Error(`build-pdfjs: pdfjs-dist ${version} ${file}: expected the text to patch exactly once, found it ${count} times (${p.why}):\n  ${p.from}\nThe upstream file changed: review the patches in scripts/build-pdfjs.mjs.`);
    }
    text = text.replace(p.from, () => p.to);
  }
  return text;
}

/**
 * The display build (the API side of pdf.js, which src/core/backends/pdf/pdfjs.ts imports
 * from pdfjs-dist) is patched where it lies in node_modules, so the Worker bundle, vitest,
 * tsx and the CLI's bundle all load the same file. Idempotent: a patched file is left as is.
 */
const DISPLAY_SOURCE = "legacy/build/pdf.mjs";
const DISPLAY_MARK = "docparse patch: no canvas";
const DISPLAY_PATCHES = [
  {
    why:
      "on import, wherever `process` looks like Node's (Node, and workerd with nodejs_compat), pdf.js requires the " +
      "native @napi-rs/canvas to polyfill DOMMatrix and Path2D for drawing pages on a canvas, and warns when it cannot " +
      "(\"Cannot load @napi-rs/canvas\", \"Cannot polyfill DOMMatrix/Path2D, rendering may be broken\"; in vitest, " +
      "the pool's \"Fallback service failed to fetch module\" lines for the addon's files). docparse never draws with " +
      "pdf.js (pages are rendered by PDFium), so nothing is loaded and nothing is said; the navigator stub stays",
    from: `if (isNodeJS) {
  let canvas;
  try {
    const require = process.getBuiltinModule("module").createRequire(import.meta.url);
    try {
      canvas = require("@napi-rs/canvas");
    } catch (ex) {
      warn(\`Cannot load "@napi-rs/canvas" package: "\${ex}".\`);
    }
  } catch (ex) {
    warn(\`Cannot access the \\\`require\\\` function: "\${ex}".\`);
  }
  if (!globalThis.DOMMatrix) {
    if (canvas?.DOMMatrix) {
      globalThis.DOMMatrix = canvas.DOMMatrix;
    } else {
      warn("Cannot polyfill \`DOMMatrix\`, rendering may be broken.");
    }
  }
  if (!globalThis.Path2D) {
    if (canvas?.Path2D) {
      globalThis.Path2D = canvas.Path2D;
    } else {
      warn("Cannot polyfill \`Path2D\`, rendering may be broken.");
    }
  }
  if (!globalThis.navigator?.language) {`,
    to: `if (isNodeJS) {
  // ${DISPLAY_MARK} (scripts/build-pdfjs.mjs): docparse never draws with pdf.js.
  if (!globalThis.navigator?.language) {`,
  },
];

mkdirSync(out, { recursive: true });
for (const decoder of WASM_DECODERS) copyFileSync(join(distDir, "wasm", decoder), join(out, decoder));
const worker = patch(readFileSync(join(distDir, SOURCE), "utf8"));
writeFileSync(join(out, "pdf.worker.mjs"), `// Generated by scripts/build-pdfjs.mjs from pdfjs-dist ${version} (${SOURCE}): do not edit, not committed.\n${DECODE_LIMIT_PRELUDE}\n${JPEG_PRELUDE}\n${LEX_PRELUDE}\n${worker}\n`);
console.log(`build-pdfjs: pdfjs-dist ${version} worker with ${PATCHES.length} patches and ${WASM_DECODERS.join(", ")} in src/core/backends/pdf/generated/`);

const displayPath = join(distDir, DISPLAY_SOURCE);
const display = readFileSync(displayPath, "utf8");
if (!display.includes(DISPLAY_MARK)) {
  writeFileSync(displayPath, patch(display, DISPLAY_PATCHES, DISPLAY_SOURCE));
  console.log(`build-pdfjs: pdfjs-dist ${version} ${DISPLAY_SOURCE} patched in place (${DISPLAY_PATCHES.length} patch: no canvas in Node)`);
}
