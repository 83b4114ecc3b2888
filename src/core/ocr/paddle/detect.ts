// Text detection (PP-OCR's DB network): a probability map of "text here", drawn in strips
// of bounded size (the WASM memory a run needs grows with its input), then read into one
// oriented box per text line: its centre, the direction it runs, its length and height.
import type { GrayImage } from "../../images/gray";
import type { PaddleRuntime } from "./runtime";

/** The longest side the network looks at: 1600 keeps 8 pt type of a 300 dpi A4 page near 16 px. */
const MAX_SIDE = 1600;
/**
 * Pixels of one strip the network looks at: ONNX Runtime's WASM memory grows to the largest
 * run's activations and never shrinks, and the isolate has 128 MB. Strips of 1600 × 192 pixels
 * keep the runtime at 83 MB of WASM after dense pages (1600 × 640: 178-214 MB).
 */
const STRIP_PIXELS = 1600 * 192;
/** Rows neighbouring strips share: a line of body text cut by one strip's edge lies whole in the other. */
const OVERLAP = 64;
/** Lines thicker than the overlap (times this) may be cut in every strip: they are taken from the whole page's detection instead. */
const TALL_SHARE = 1;
/** DB's thresholds (PaddleOCR's defaults): pixel probability, mean probability of a kept box. */
const PIXEL_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
/** DB draws text shrunk; it is grown back by area × ratio / perimeter. */
const UNCLIP_RATIO = 1.5;
/** Boxes thinner than this many map pixels are noise. */
const MIN_SIZE = 3;
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

export interface TextBox {
  /** Centre, image pixels. */
  cx: number;
  cy: number;
  /** Direction along the line, radians, within (-π/2, π/2]: its sense (which end reads first) is not known here. */
  angle: number;
  /** Extent along and across the line, image pixels. */
  length: number;
  thickness: number;
  score: number;
}

/**
 * The page's text boxes, at two scales: in strips at up to MAX_SIDE (small type), and whole
 * at the scale that fits it in one strip's pixels, for type taller than the strips' overlap
 * (a headline cut by a strip's edge is read as two lines of halves).
 */
export async function detectText(runtime: PaddleRuntime, image: GrayImage): Promise<TextBox[]> {
  const fineScale = Math.min(1, MAX_SIDE / Math.max(image.width, image.height));
  const fine = await detectAt(runtime, image, fineScale);
  const coarseScale = Math.min(fineScale, Math.sqrt(STRIP_PIXELS / (image.width * image.height)));
  if (coarseScale >= fineScale) return fine;
  const tall = (await detectAt(runtime, image, coarseScale)).filter((b) => b.thickness * fineScale > TALL_SHARE * OVERLAP);
  return [...tall, ...fine.filter((b) => !tall.some((t) => holds(t, b.cx, b.cy)))];
}

/** Whether a box holds a point. */
function holds(box: TextBox, x: number, y: number): boolean {
  const dx = x - box.cx;
  const dy = y - box.cy;
  const along = dx * Math.cos(box.angle) + dy * Math.sin(box.angle);
  const across = -dx * Math.sin(box.angle) + dy * Math.cos(box.angle);
  return Math.abs(along) <= box.length / 2 && Math.abs(across) <= box.thickness / 2;
}

async function detectAt(runtime: PaddleRuntime, image: GrayImage, scale: number): Promise<TextBox[]> {
  const width = Math.max(32, Math.ceil((image.width * scale) / 32) * 32);
  const height = Math.max(1, Math.round(image.height * scale));
  const map = new Float32Array(width * height);
  // Strip heights are multiples of 32, as the network's strides need.
  const strip = Math.max(2 * OVERLAP, Math.floor(STRIP_PIXELS / width / 32) * 32);
  for (let top = 0; top < height; top += strip - OVERLAP) {
    const rows = Math.min(strip, Math.ceil((height - top) / 32) * 32);
    const last = top + rows >= height;
    const input = stripInput(image, scale, width, top, rows);
    const { data } = await runtime.run("det", input, [1, 3, rows, width]);
    // Each strip gives the rows away from its edges, where it saw their lines whole; the seam is mid-overlap.
    const from = top ? OVERLAP / 2 : 0;
    const to = last ? rows : rows - OVERLAP / 2;
    for (let y = from; y < to && top + y < height; y++) map.set(data.subarray(y * width, (y + 1) * width), (top + y) * width);
    if (last) break;
  }
  return boxesOf(map, width, height).map((b) => ({ ...b, cx: b.cx / scale, cy: b.cy / scale, length: b.length / scale, thickness: b.thickness / scale }));
}

/** Rows [top, top + rows) of the image scaled by `scale` (area-averaged), white beyond its edges, normalised as the network was trained. */
function stripInput(image: GrayImage, scale: number, width: number, top: number, rows: number): Float32Array {
  const plane = width * rows;
  const input = new Float32Array(3 * plane);
  const step = 1 / scale;
  const k = Math.max(1, Math.round(step));
  for (let y = 0; y < rows; y++) {
    const sy0 = Math.floor((top + y) * step);
    for (let x = 0; x < width; x++) {
      const sx0 = Math.floor(x * step);
      let sum = 0;
      let n = 0;
      for (let dy = 0; dy < k; dy++) {
        const sy = sy0 + dy;
        if (sy >= image.height) break;
        for (let dx = 0; dx < k; dx++) {
          const sx = sx0 + dx;
          if (sx >= image.width) break;
          sum += image.pixels[sy * image.width + sx];
          n++;
        }
      }
      const value = (n ? sum / n : 255) / 255;
      for (let c = 0; c < 3; c++) input[c * plane + y * width + x] = (value - MEAN[c]) / STD[c];
    }
  }
  return input;
}

/** Connected regions of the map above the pixel threshold, each as its oriented bounding box (principal axes), grown back. */
function boxesOf(map: Float32Array, width: number, height: number): TextBox[] {
  const labels = new Int32Array(width * height).fill(-1);
  const stats: { n: number; sum: number; sx: number; sy: number; sxx: number; syy: number; sxy: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < map.length; start++) {
    if (labels[start] !== -1 || map[start] <= PIXEL_THRESHOLD) continue;
    const id = stats.length;
    const s = { n: 0, sum: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0 };
    stats.push(s);
    labels[start] = id;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      s.n++;
      s.sum += map[p];
      s.sx += x;
      s.sy += y;
      s.sxx += x * x;
      s.syy += y * y;
      s.sxy += x * y;
      if (x > 0) visit(p - 1);
      if (x < width - 1) visit(p + 1);
      if (y > 0) visit(p - width);
      if (y < height - 1) visit(p + width);
    }
    function visit(q: number) {
      if (labels[q] === -1 && map[q] > PIXEL_THRESHOLD) {
        labels[q] = id;
        stack.push(q);
      }
    }
  }
  // Principal axis of each region, then its extent along and across that axis.
  const axes = stats.map((s) => {
    const mx = s.sx / s.n;
    const my = s.sy / s.n;
    const cxx = s.sxx / s.n - mx * mx;
    const cyy = s.syy / s.n - my * my;
    const cxy = s.sxy / s.n - mx * my;
    const angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    return { mx, my, cos: Math.cos(angle), sin: Math.sin(angle), angle, min: [Infinity, Infinity], max: [-Infinity, -Infinity] };
  });
  for (let p = 0; p < labels.length; p++) {
    const id = labels[p];
    if (id < 0) continue;
    const a = axes[id];
    const x = (p % width) + 0.5 - a.mx;
    const y = Math.floor(p / width) + 0.5 - a.my;
    const u = x * a.cos + y * a.sin;
    const v = -x * a.sin + y * a.cos;
    if (u < a.min[0]) a.min[0] = u;
    if (u > a.max[0]) a.max[0] = u;
    if (v < a.min[1]) a.min[1] = v;
    if (v > a.max[1]) a.max[1] = v;
  }
  const boxes: TextBox[] = [];
  stats.forEach((s, id) => {
    const score = s.sum / s.n;
    if (score < BOX_THRESHOLD) return;
    const a = axes[id];
    const length = a.max[0] - a.min[0] + 1;
    const thickness = a.max[1] - a.min[1] + 1;
    if (Math.min(length, thickness) < MIN_SIZE) return;
    const grow = (length * thickness * UNCLIP_RATIO) / (2 * (length + thickness));
    const du = (a.max[0] + a.min[0]) / 2;
    const dv = (a.max[1] + a.min[1]) / 2;
    boxes.push({
      cx: a.mx + du * a.cos - dv * a.sin,
      cy: a.my + du * a.sin + dv * a.cos,
      angle: a.angle,
      length: length + 2 * grow,
      thickness: thickness + 2 * grow,
      score,
    });
  });
  return boxes;
}
