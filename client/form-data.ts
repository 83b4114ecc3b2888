// Turns a document and typed options into the multipart form the endpoints read
// (src/api/form.ts): output_formats as repeated fields, element_formats and feature_config
// as JSON text, a link as file_url. The key is not a field: it goes in the Authorization
// header, so it never sits in a form a proxy might log.
import type { ConvertOptions, DocumentInput, ParseOptions } from "./types";

/** What a bare Blob is called: the service tells the kind of file by its content, not its name. */
const UNNAMED = "document";

export function appendDocument(form: FormData, input: DocumentInput): void {
  if (input instanceof Blob) {
    // A File's name, read as a property: Files of another realm or polyfill fail `instanceof File`.
    const name = (input as { name?: unknown }).name;
    form.append("file", input, typeof name === "string" && name ? name : UNNAMED);
  } else if ("url" in input) {
    form.append("file_url", String(input.url));
  } else {
    const data = input.data instanceof Blob ? input.data : new Blob([input.data as BlobPart], { type: input.type ?? "" });
    form.append("file", data, input.name || UNNAMED);
  }
}

export function parseForm(input: DocumentInput, options: ParseOptions = {}): FormData {
  const form = new FormData();
  appendDocument(form, input);
  for (const format of options.outputFormats ?? []) form.append("output_formats", format);
  if (options.elementFormats) form.append("element_formats", JSON.stringify(options.elementFormats));
  if (options.featureConfig) form.append("feature_config", JSON.stringify(options.featureConfig));
  return form;
}

export function convertForm(input: DocumentInput, options: ConvertOptions = {}): FormData {
  const form = new FormData();
  appendDocument(form, input);
  if (options.targetType) form.append("target_type", options.targetType);
  if (options.layoutMode) form.append("layout_mode", options.layoutMode);
  return form;
}

export function taskForm(taskId: string): FormData {
  const form = new FormData();
  form.append("task_id", taskId);
  return form;
}
