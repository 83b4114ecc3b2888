// GET /docs: the API reference as one HTML page, rendered on the server from the OpenAPI
// document itself (no script, nothing fetched from elsewhere), so it shows exactly what
// /openapi.json says.
import { escapeHtml } from "../html";

type Json = Record<string, unknown>;


/** The little Markdown the document's descriptions use: headings, tables, code blocks, `code`, paragraphs. */
export function markdownToHtml(text: string): string {
  const out: string[] = [];
  const blocks = text.split(/\n{2,}/);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.startsWith("```")) {
      let code = block;
      while (!/\n```$/.test(code) && i + 1 < blocks.length) code += "\n\n" + blocks[++i];
      out.push(`<pre><code>${escapeHtml(code.replace(/^```\w*\n/, "").replace(/\n```$/, ""))}</code></pre>`);
    } else if (block.startsWith("## ")) {
      out.push(`<h3>${inlineMarkdown(block.slice(3))}</h3>`);
    } else if (block.startsWith("|")) {
      const rows = block.split("\n").filter((r) => !/^\|[-| ]+\|$/.test(r)).map((r) => r.replace(/^\||\|$/g, "").split("|").map((c) => c.trim()));
      const [head, ...body] = rows;
      out.push(`<table><tr>${head.map((c) => `<th>${inlineMarkdown(c)}</th>`).join("")}</tr>${body.map((r) => `<tr>${r.map((c) => `<td>${inlineMarkdown(c)}</td>`).join("")}</tr>`).join("")}</table>`);
    } else {
      out.push(`<p>${block.split("\n").map(inlineMarkdown).join("<br>")}</p>`);
    }
  }
  return out.join("\n");
}

const inlineMarkdown = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, "<code>$1</code>");

/** A schema's type in a word or two: "string", "array of Block", "one of word, ppt". */
function typeOf(schema: Json | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "";
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(String).join(", ")}`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(" or ");
  if (schema.type === "array") return `array of ${typeOf((schema.items ?? (schema.prefixItems as Json[] | undefined)?.[0]) as Json)}`;
  if (schema.format === "binary") return "file";
  if (schema.contentMediaType === "application/json") return "JSON object";
  return String(schema.type ?? "any");
}

/** A table of an object schema's fields; a JSON-object field lists its own keys below it. */
function fieldsTable(schema: Json | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties).map(([name, field]) => {
    const keys = field.contentSchema ? fieldsTable(field.contentSchema as Json) : "";
    const description = field.description ? inlineMarkdown(String(field.description)) : "";
    const fallback = field.default === undefined ? "" : ` Default <code>${escapeHtml(JSON.stringify(field.default))}</code>.`;
    return `<tr><td class="name"><code>${escapeHtml(name)}</code>${required.has(name) ? " <small>required</small>" : ""}</td><td>${escapeHtml(typeOf(field))}</td><td>${description}${fallback}${keys}</td></tr>`;
  });
  return rows.length ? `<table><tr><th>field</th><th>type</th><th>meaning</th></tr>${rows.join("")}</table>` : "";
}

const anchor = (method: string, path: string) => `${method}-${path.replace(/[^A-Za-z0-9]+/g, "-")}`;

function operationHtml(path: string, method: string, op: Json): string {
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const form = body?.["multipart/form-data"] ?? body?.["application/json"];
  const responses = Object.entries(op.responses as Record<string, Json>).map(([status, r]) => {
    const lines = String(r.description).split("\n").map((l) => `<div>${inlineMarkdown(l)}</div>`).join("");
    return `<tr><td>${status}</td><td>${lines}</td></tr>`;
  });
  const success = ((op.responses as Record<string, Json>)["200"]?.content ?? {}) as Record<string, Json>;
  const example = success["application/json"]?.example;
  const params = ((op.parameters ?? []) as Json[]).map((p) => `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>path</td><td>${inlineMarkdown(String(p.description))}</td></tr>`);
  return `<section id="${anchor(method, path)}">
<h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${op.deprecated ? ' <span class="dep">deprecated</span>' : ""}</h2>
<p><b>${escapeHtml(String(op.summary))}</b></p>
${markdownToHtml(String(op.description))}
${params.length ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>meaning</th></tr>${params.join("")}</table>` : ""}
${form ? `<h4>Request (${escapeHtml(Object.keys(body ?? {}).join(" or "))})</h4>${fieldsTable(form.schema as Json)}` : ""}
<h4>Responses</h4><table><tr><th>HTTP</th><th>code and meaning</th></tr>${responses.join("")}</table>
${example ? `<h4>Example answer</h4><pre><code>${escapeHtml(JSON.stringify(example, null, 2))}</code></pre>` : ""}
</section>`;
}

export function docsPage(doc: Json): string {
  const info = doc.info as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const tags = (doc.tags as Json[]).map((t) => String(t.name));
  const nav = tags
    .map((tag) => {
      const links = operations.filter((o) => (o.op.tags as string[])[0] === tag).map((o) => `<li><a href="#${anchor(o.method, o.path)}">${o.method.toUpperCase()} ${escapeHtml(o.path)}</a></li>`);
      return `<li>${escapeHtml(tag)}<ul>${links.join("")}</ul></li>`;
    })
    .join("");
  const schemas = Object.entries((doc.components as Json).schemas as Record<string, Json>)
    .map(([name, schema]) => `<section id="schema-${name}"><h3>${name}</h3>${schema.description ? `<p>${inlineMarkdown(String(schema.description))}</p>` : ""}${fieldsTable(schema)}</section>`)
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>docparse API reference</title><style>
body{font:15px/1.55 system-ui,sans-serif;margin:0;color:#1d2330;display:flex}
nav{position:sticky;top:0;height:100vh;overflow:auto;min-width:250px;max-width:280px;background:#f5f6fa;padding:1rem;font-size:13px;box-sizing:border-box}
nav ul{padding-left:1rem;margin:.2rem 0 .6rem}main{padding:1rem 2rem;max-width:980px;min-width:0}
table{border-collapse:collapse;width:100%;margin:.4rem 0}td,th{border-bottom:1px solid #dde;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
td.name{white-space:nowrap}pre{background:#f5f6fa;padding:.6rem .8rem;overflow:auto;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}code{font-size:.92em}section{border-top:1px solid #ccd;margin-top:1.5rem}
.m{font-size:.8rem;padding:.1rem .4rem;border-radius:4px;color:#fff}.post{background:#2a6f3e}.get{background:#2c5aa0}.dep{font-size:.8rem;color:#a40000}
</style></head><body><nav><b>docparse ${escapeHtml(String(info.version))}</b><ul><li><a href="#intro">Overview and error codes</a></li>${nav}<li><a href="#schemas">Schemas</a></li></ul>
<p><a href="/openapi.json">openapi.json</a> · <a href="/dashboard">dashboard</a> · <a href="/playground">playground</a></p></nav>
<main><h1 id="intro">${escapeHtml(String(info.title))} API reference</h1>${markdownToHtml(String(info.description))}
${operations.map((o) => operationHtml(o.path, o.method, o.op)).join("\n")}
<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>`;
}
