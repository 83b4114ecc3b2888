// The picture behind each page's blocks: a PDF page drawn by pdf.js (served from this
// origin, see scripts/build-playground-assets.mjs), an uploaded picture as it is, or, for
// Office documents and pictures the browser cannot show (TIFF), a blank page of the page's size.

const PDFJS = "/playground/static/vendor/pdfjs";
/** Pixels of the longest side a page is drawn at: sharp on a wide screen, bounded memory on long documents. */
const MAX_SIDE = 1600;

export function fileKind(file) {
  const name = file.name.toLowerCase();
  if (file.type === "application/pdf" || name.endsWith(".pdf")) return "pdf";
  if (file.type.startsWith("image/") || /\.(png|jpe?g|gif|webp|bmp|tiff?)$/.test(name)) return "image";
  return "office";
}

let pdfjsModule = null;
async function pdfjs() {
  pdfjsModule ??= import(`${PDFJS}/pdf.min.mjs`).then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = `${PDFJS}/pdf.worker.min.mjs`;
    return lib;
  });
  return pdfjsModule;
}

/**
 * A painter for `file`'s pages: `paint(page, canvas)` draws JSON page `page` into `canvas`
 * and says whether it drew a picture (false: the caller leaves the page blank).
 */
export async function pagePainter(file) {
  const kind = fileKind(file);
  if (kind === "pdf") {
    const lib = await pdfjs();
    const doc = await lib.getDocument({
      data: new Uint8Array(await file.arrayBuffer()),
      cMapUrl: `${PDFJS}/cmaps/`,
      cMapPacked: true,
      standardFontDataUrl: `${PDFJS}/standard_fonts/`,
      wasmUrl: `${PDFJS}/wasm/`,
    }).promise;
    return {
      async paint(page, canvas) {
        if (page.page_num >= doc.numPages) return false;
        const pdfPage = await doc.getPage(page.page_num + 1);
        // A sideways page was read turned upright (`turned` degrees clockwise): its boxes are of the turned page.
        const rotation = (pdfPage.rotate + (page.turned ?? 0)) % 360;
        const unit = pdfPage.getViewport({ scale: 1, rotation });
        const viewport = pdfPage.getViewport({ scale: MAX_SIDE / Math.max(unit.width, unit.height), rotation });
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        await pdfPage.render({ canvas, canvasContext: canvas.getContext("2d"), viewport }).promise;
        return true;
      },
    };
  }
  if (kind === "image") {
    // A picture the browser cannot decode (TIFF in most) is shown as blank pages.
    const bitmap = await createImageBitmap(file).catch(() => null);
    return {
      async paint(page, canvas) {
        if (!bitmap || page.page_num > 0) return false;
        const turned = page.turned ?? 0;
        const sideways = turned === 90 || turned === 270;
        const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
        const w = Math.round(bitmap.width * scale);
        const h = Math.round(bitmap.height * scale);
        canvas.width = sideways ? h : w;
        canvas.height = sideways ? w : h;
        const ctx = canvas.getContext("2d");
        ctx.translate(turned === 90 || turned === 180 ? canvas.width : 0, turned === 180 || turned === 270 ? canvas.height : 0);
        ctx.rotate((turned * Math.PI) / 180);
        ctx.drawImage(bitmap, 0, 0, w, h);
        return true;
      },
    };
  }
  return { paint: async () => false };
}
