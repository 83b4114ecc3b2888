// The repository's folder, under which lie the generated files the CLI reads from disk
// (src/core/**/generated, written at install). Run from source (tsx) this file is
// src/cli/root.ts, two levels down; bundled into dist/cli.mjs (scripts/build-cli.mjs) it is
// one level down, which the build says by defining DOCPARSE_ROOT_FROM_BUNDLE.
import { resolve } from "node:path";

declare const DOCPARSE_ROOT_FROM_BUNDLE: string | undefined;

export const projectRoot = resolve(import.meta.dirname, typeof DOCPARSE_ROOT_FROM_BUNDLE === "string" ? DOCPARSE_ROOT_FROM_BUNDLE : "../..");
