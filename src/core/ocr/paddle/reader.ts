// Who reads a page picture with PP-OCR, when anyone does: this isolate itself (Node, and the
// OCR Worker, which has the networks), or the OCR Worker over its service binding (the
// processor Worker, whose bundle has no room for them). Unset, pictures are read by
// Tesseract alone.
import type { GrayImage } from "../../images/gray";
import type { OcrPageResult } from "../engine";

export interface PaddlePageReading {
  result: OcrPageResult;
  /** Degrees the picture would be turned clockwise to stand upright; the words' boxes are in that upright frame. */
  turn: number;
}

export interface PaddleReader {
  read(image: GrayImage): Promise<PaddlePageReading>;
}

let provided: PaddleReader | undefined;

export function providePaddleReader(reader: PaddleReader | undefined): void {
  provided = reader;
}

export const paddleReader = (): PaddleReader | undefined => provided;
