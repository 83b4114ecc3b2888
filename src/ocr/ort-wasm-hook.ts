// ONNX Runtime's glue instantiates its WASM from bytes, which workerd forbids (no code
// generation at run time): it is handed a stand-in instead, and WebAssembly.instantiate,
// seeing exactly those bytes, answers with the module wrangler compiled at upload. Every
// other call passes through untouched.
/** An empty module's header: no real WASM the glue could be given is this short. */
const STAND_IN = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

const isStandIn = (source: unknown) => source instanceof Uint8Array && source.length === STAND_IN.length && source.every((b, i) => b === STAND_IN[i]);

let installed = false;
let memory: WebAssembly.Memory | undefined;

/** Installs the hook for `compiled`; answers the stand-in bytes to give the glue as its `wasmBinary`. */
export function standInFor(compiled: WebAssembly.Module): Uint8Array {
  if (!installed) {
    const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (source: unknown, imports?: WebAssembly.Imports) => Promise<unknown>;
    WebAssembly.instantiate = (async (source: unknown, imports?: WebAssembly.Imports) =>
      isStandIn(source) ? { module: compiled, instance: remember((await instantiate(compiled, imports)) as WebAssembly.Instance, imports) } : instantiate(source, imports)) as typeof WebAssembly.instantiate;
    installed = true;
  }
  return new Uint8Array(STAND_IN);
}

/** Keeps the runtime's memory: exported by the instance, or (this build, made for threads) created by the glue and imported. */
function remember(instance: WebAssembly.Instance, imports: WebAssembly.Imports | undefined): WebAssembly.Instance {
  const isMemory = (x: unknown): x is WebAssembly.Memory => x instanceof WebAssembly.Memory;
  memory = Object.values(instance.exports).find(isMemory) ?? Object.values(imports ?? {}).flatMap((m) => Object.values(m)).find(isMemory) ?? memory;
  return instance;
}

/** Bytes of ONNX Runtime's WASM memory now (it grows to its peak and stays there): the bulk of the isolate's memory. */
export const ortMemoryBytes = () => memory?.buffer.byteLength ?? 0;
