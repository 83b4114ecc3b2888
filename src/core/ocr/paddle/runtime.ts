// ONNX Runtime Web (WASM, one thread: workerd has no threads) holding PP-OCR's three
// networks, loaded once per isolate on first use. Runs are queued one at a time: the
// runtime has one WASM memory, and a page's work is sequential anyway.
import * as ort from "onnxruntime-web/wasm";
import { CoreError } from "../../errors";
import { paddleAssets, type PaddleNet } from "./assets";

export interface PaddleRuntime {
  /** Runs a network on one NCHW float image; answers its first output and that output's shape. */
  run(net: PaddleNet, input: Float32Array, shape: number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  /** Index 0 is CTC's blank, then the alphabet, then the space. */
  alphabet: string[];
}

let loading: Promise<PaddleRuntime> | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function load(): Promise<PaddleRuntime> {
  const assets = paddleAssets();
  if (!assets) throw new CoreError("processing_failed", "PP-OCR is not available here.", true);
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmBinary = await assets.ortWasm();
  ort.env.logLevel = "error";
  const sessions = new Map<PaddleNet, ort.InferenceSession>();
  for (const name of ["det", "rec", "cls"] as const) {
    sessions.set(name, await ort.InferenceSession.create(await assets.net(name), { graphOptimizationLevel: "all" }));
  }
  const keys = (await assets.alphabet()).split(/\r?\n/);
  if (keys[keys.length - 1] === "") keys.pop();
  return {
    alphabet: ["", ...keys, " "],
    async run(name, input, shape) {
      const session = sessions.get(name)!;
      const tensor = new ort.Tensor("float32", input, shape);
      const outputs = await session.run({ [session.inputNames[0]]: tensor });
      const out = outputs[session.outputNames[0]];
      const result = { data: out.data as Float32Array, dims: out.dims };
      tensor.dispose();
      return result;
    },
  };
}

export function paddleRuntime(): Promise<PaddleRuntime> {
  loading ??= load().catch((e) => {
    loading = undefined;
    if (e instanceof CoreError) throw e;
    throw new CoreError("processing_failed", `PP-OCR could not start: ${e instanceof Error ? e.message : String(e)}`, true);
  });
  return loading;
}

/** Runs `work` when the runs queued before it are done. */
export function queued<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}
