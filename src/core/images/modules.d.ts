// The parts of untyped decoder packages used here.
declare module "utif" {
  interface Ifd {
    width?: number;
    height?: number;
    data?: Uint8Array;
    [tag: `t${number}`]: number[] | undefined;
  }
  const UTIF: {
    decode(buffer: ArrayBuffer): Ifd[];
    decodeImage(buffer: ArrayBuffer, ifd: Ifd, ifds: Ifd[]): void;
    toRGBA8(ifd: Ifd): Uint8Array;
  };
  export default UTIF;
}
declare module "omggif" {
  export class GifReader {
    constructor(bytes: Uint8Array);
    width: number;
    height: number;
    numFrames(): number;
    decodeAndBlitFrameRGBA(frame: number, pixels: Uint8Array): void;
  }
}
