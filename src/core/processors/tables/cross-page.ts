import type { Page } from "../../model";
export function mergeTablesAcrossPages(_pages: Page[]): void {}
