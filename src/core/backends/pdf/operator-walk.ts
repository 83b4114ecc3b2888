// One walk over a pdf.js operator list with the graphics state the drawing readers need:
// the current transform (tracked through save/restore/transform and form XObjects, starting
// from the viewport's, so coordinates come out in page units with a top-left origin) and
// the fill and stroke colours and the line width. Ruling lines (graphics.ts) and raster images (images.ts) both read the
// page through it, so the state tracking exists once.
import { pdfjs } from "./pdfjs";

export type Matrix = number[];

export interface OperatorList {
  fnArray: ArrayLike<number>;
  argsArray: unknown[];
}

/** The graphics state at an operator, as far as the readers use it. */
export interface WalkState {
  ctm: Matrix;
  /** Fill colour as "#rrggbb" (pdf.js gives RGB fills as hex strings). */
  fill: string;
  /** Stroke colour, the same way. */
  stroke: string;
  /** Line width in user units (scaled by the transform where it is used). */
  lineWidth: number;
}

const OPS = pdfjs.OPS;

/** Calls `visit` for every operator other than the state changes it tracks itself. */
export function walkOperators(ops: OperatorList, base: Matrix, visit: (fn: number, args: unknown[], state: WalkState) => void): void {
  let state: WalkState = { ctm: base, fill: "#000000", stroke: "#000000", lineWidth: 1 };
  const stack: WalkState[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push(state);
        break;
      case OPS.restore:
        state = stack.pop() ?? state;
        break;
      case OPS.transform:
        state = { ...state, ctm: pdfjs.Util.transform(state.ctm, args as Matrix) as Matrix };
        break;
      case OPS.paintFormXObjectBegin:
        stack.push(state);
        if (Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0])) state = { ...state, ctm: pdfjs.Util.transform(state.ctm, Array.from(args[0] as ArrayLike<number>)) as Matrix };
        break;
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case OPS.setFillRGBColor:
        if (typeof args?.[0] === "string") state = { ...state, fill: args[0] };
        break;
      case OPS.setStrokeRGBColor:
        if (typeof args?.[0] === "string") state = { ...state, stroke: args[0] };
        break;
      case OPS.setLineWidth:
        if (typeof args?.[0] === "number") state = { ...state, lineWidth: args[0] };
        break;
      default:
        visit(fn, args, state);
    }
  }
}

/** A point of user space in page units under the transform `m`. */
export const applyMatrix = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
