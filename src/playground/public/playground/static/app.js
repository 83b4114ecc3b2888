// The playground page: the key, the document, the calls, and the result drawn page by page.
// Every text from the service or the file is set as text (textContent), never as HTML.
import { ApiFailure, convertDocument, parseDocument } from "./api.js";
import { blockOverlay, legend } from "./overlay.js";
import { fileKind, pagePainter } from "./pictures.js";

const $ = (id) => document.getElementById(id);
/** sessionStorage only, and only when asked: the key is gone when the tab closes. */
const KEY_STORAGE = "docparse.playground.api_key";
const SAMPLE = "/playground/static/sample.pdf";
/** Past this, the JSON pane shows the start (the whole JSON is still what the API answered). */
const JSON_SHOWN = 400_000;

let currentFile = null;
let busy = false;

function status(target, text, isError = false) {
  target.textContent = text;
  target.classList.toggle("err", isError);
}

function apiKey() {
  const key = $("api-key").value.trim();
  if (!/^sk-[A-Za-z0-9_-]{8,200}$/.test(key)) throw new ApiFailure("Enter your API key first (it starts with sk-).", null);
  return key;
}

function setFile(file) {
  currentFile = file;
  $("file-name").textContent = file ? `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)` : "";
  $("convert-actions").hidden = !file || fileKind(file) !== "pdf";
  status($("convert-status"), "");
}

function setBusy(value) {
  busy = value;
  for (const id of ["parse", "convert-word", "convert-ppt", "use-sample"]) $(id).disabled = value;
}

function progressText(data) {
  const progress = data.progress ? ` (${data.progress.pages_done} of ${data.progress.pages_total} pages)` : "";
  return `Task ${data.task_id}: ${data.status}${progress}...`;
}

async function run(target, work) {
  if (busy) return;
  setBusy(true);
  try {
    await work();
  } catch (e) {
    status(target, e instanceof ApiFailure ? e.message : `Something went wrong: ${e?.message ?? e}`, true);
    if (!(e instanceof ApiFailure)) console.warn(e);
  } finally {
    setBusy(false);
  }
}

async function parse() {
  const key = apiKey();
  if (!currentFile) throw new ApiFailure("Choose a document or use the sample first.", null);
  const file = currentFile;
  const features = { enable_title_level_recognition: $("title-levels").checked, keep_header_footer: $("keep-header-footer").checked };
  status($("status"), `Uploading ${file.name}...`);
  const data = await parseDocument(key, file, features, (d) => status($("status"), progressText(d)));
  await showResult(file, data);
  const warnings = data.result.warnings ?? [];
  const note = warnings.length ? ` Warnings: ${warnings.map((w) => `${w.code}${w.page === null ? "" : ` (page ${w.page + 1})`}`).join(", ")}.` : "";
  status($("status"), `Parsed ${data.file_name}: ${data.metadata.page_num} page(s), task ${data.task_id}.${note}`);
}

async function showResult(file, data) {
  const outputs = data.result.outputs;
  const pages = outputs.json?.pages ?? [];
  $("markdown").textContent = outputs.markdown ?? "";
  const json = JSON.stringify(outputs.json ?? {}, null, 2);
  $("json").textContent = json.length > JSON_SHOWN ? `${json.slice(0, JSON_SHOWN)}\n... (${json.length - JSON_SHOWN} more characters)` : json;
  $("legend").replaceChildren(legend(pages));
  const holder = $("pages");
  holder.replaceChildren();
  $("result").hidden = false;
  const sheets = pages.map((page) => {
    const figure = document.createElement("figure");
    figure.className = "page";
    const sheet = document.createElement("div");
    sheet.className = "sheet";
    sheet.style.aspectRatio = `${page.page_size.w} / ${page.page_size.h}`;
    const canvas = document.createElement("canvas");
    sheet.append(canvas, blockOverlay(page));
    const caption = document.createElement("figcaption");
    caption.textContent = `Page ${page.page_num + 1}: ${page.blocks.length} block(s), ${page.page_size.w} x ${page.page_size.h}${page.turned ? `, read turned ${page.turned} degrees` : ""}`;
    figure.append(caption, sheet);
    holder.append(figure);
    return { page, canvas, caption };
  });
  // Pictures one page at a time, after the boxes are up: a long PDF shows its blocks at once.
  let painter;
  try {
    painter = await pagePainter(file);
  } catch (e) {
    console.warn("the pages' pictures could not be drawn", e);
    status($("status"), "The pages' pictures could not be drawn; the blocks are shown on blank pages.", true);
    return;
  }
  for (const { page, canvas, caption } of sheets) {
    const drawn = await painter.paint(page, canvas).catch((e) => (console.warn(`page ${page.page_num + 1}`, e), false));
    if (!drawn) {
      canvas.classList.add("blank");
      caption.textContent += " (no picture: blank page of the page's size)";
    }
  }
  holder.dataset.ready = "true";
}

async function convert(target) {
  const key = apiKey();
  if (!currentFile || fileKind(currentFile) !== "pdf") throw new ApiFailure("Only PDF files can be converted.", null);
  const label = target === "word" ? "Word" : "PowerPoint";
  status($("convert-status"), `Converting ${currentFile.name} to ${label}...`);
  const data = await convertDocument(key, currentFile, target, (d) => status($("convert-status"), `Conversion to ${label}: ${d.status}...`));
  const link = document.createElement("a");
  link.href = data.download_url;
  link.download = data.result_file_name ?? "";
  link.id = `download-${target}`;
  link.textContent = data.result_file_name ?? `${label} file`;
  const minutes = Math.round((data.expires_in ?? 0) / 60);
  status($("convert-status"), `${label} file ready: `);
  $("convert-status").append(link, ` (link valid ${minutes} min)`);
}

function openDashboard() {
  const form = $("dashboard-form");
  form.elements.api_key.value = apiKey();
  form.submit();
  form.elements.api_key.value = "";
}

function rememberKey() {
  if ($("remember-key").checked) sessionStorage.setItem(KEY_STORAGE, $("api-key").value.trim());
  else sessionStorage.removeItem(KEY_STORAGE);
}

async function useSample() {
  const res = await fetch(SAMPLE);
  if (!res.ok) throw new ApiFailure(`The sample could not be loaded (HTTP ${res.status}).`, null);
  $("file").value = "";
  setFile(new File([await res.blob()], "sample.pdf", { type: "application/pdf" }));
  status($("status"), "The sample PDF is ready: press Parse.");
}

const saved = sessionStorage.getItem(KEY_STORAGE);
if (saved) {
  $("api-key").value = saved;
  $("remember-key").checked = true;
}
$("api-key").addEventListener("change", rememberKey);
$("remember-key").addEventListener("change", rememberKey);
$("file").addEventListener("change", () => setFile($("file").files[0] ?? null));
$("use-sample").addEventListener("click", () => run($("status"), useSample));
$("parse").addEventListener("click", () => run($("status"), parse));
$("convert-word").addEventListener("click", () => run($("convert-status"), () => convert("word")));
$("convert-ppt").addEventListener("click", () => run($("convert-status"), () => convert("ppt")));
$("open-dashboard").addEventListener("click", () => {
  try {
    openDashboard();
  } catch (e) {
    status($("status"), e.message, true);
  }
});
document.body.dataset.ready = "true";
