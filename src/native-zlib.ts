// Imported for its effect by each Worker's entry (the API Worker, the processor, the
// renderer): the core deflates PNG pictures and inflates PDF streams with workerd's own
// zlib (node:zlib, under nodejs_compat), not in JavaScript (src/core/zlib.ts says why).
import zlib from "node:zlib";
import { provideNativeZlib } from "./core/zlib";

provideNativeZlib(zlib);
