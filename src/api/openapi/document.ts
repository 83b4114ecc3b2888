// The OpenAPI 3.1 document of the service, built from the operation table and the zod
// schemas (OpenAPI 3.1 schemas are JSON Schema 2020-12, which zod writes natively). Built
// once per isolate: it depends on nothing of the request.
import { z } from "zod";
import { version } from "../../../package.json";
import { ERRORS, type ErrorName } from "../errors";
import { OPERATIONS, ROUTING_ERRORS, type Operation } from "./operations";
import { Block, CatalogEntry, ConvertTaskData, ErrorEnvelope, Page, ParseCheckData, ParseResult, ParseSyncData, UsageData, Warning } from "./schemas";

/** The service's one version string: package.json's, also answered by `GET /`. */
export const SERVICE_VERSION: string = version;

type JsonObject = Record<string, unknown>;

/** Named schemas, referenced from the operations as #/components/schemas/<name>. */
const NAMED = { Block, Page, CatalogEntry, Warning, ParseResult, ParseSyncData, ParseCheckData, ConvertTaskData, UsageData, ErrorEnvelope };

function namedSchemas(): JsonObject {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, override: withoutSafeIntegerBounds });
  return Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, bare(s)]));
}

/** A schema as an OpenAPI component or property: no $schema/$id of its own. */
function bare(schema: JsonObject): JsonObject {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/** zod writes an integer's safe range as its bounds: noise in a reference, so left out. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: JsonObject }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.contentSchema) jsonSchema.contentSchema = bare(jsonSchema.contentSchema as JsonObject);
}

/** An inline schema whose named parts point at the components. */
function inline(schema: z.ZodType, io: "input" | "output" = "output"): JsonObject {
  const named = new Map(Object.entries(NAMED).map(([id, s]) => [s as z.ZodType, id]));
  const direct = named.get(schema);
  if (direct) return { $ref: `#/components/schemas/${direct}` };
  const registry = z.registry<{ id: string }>();
  for (const [s, id] of named) registry.add(s, { id });
  registry.add(schema, { id: "__inline" });
  const { schemas } = z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}`, override: withoutSafeIntegerBounds });
  return bare(schemas.__inline);
}

const envelope = (data: JsonObject): JsonObject => ({
  type: "object",
  required: ["code", "message", "data"],
  properties: { code: { type: "integer", const: 0 }, message: { type: "string" }, data },
});

/** An operation's error answers grouped by HTTP status, each status listing its codes. */
function errorResponses(errors: ErrorName[]): JsonObject {
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of [...new Set(errors)]) byStatus.set(ERRORS[name].status, [...(byStatus.get(ERRORS[name].status) ?? []), name]);
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, names]) => [
      String(status),
      {
        description: names.map((n) => `${ERRORS[n].code} ${n}: ${ERRORS[n].meaning}`).join("\n"),
        content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
      },
    ]),
  );
}

function operationObject(op: Operation): JsonObject {
  const success: JsonObject = op.data
    ? { description: "Success: `code` 0.", content: { "application/json": { schema: envelope(inline(op.data)), ...(op.example ? { example: op.example.response } : {}) } } }
    : { description: op.other?.description ?? "Success.", content: { [op.other?.mediaType ?? "application/json"]: {} } };
  const security = { apiKey: [{ bearer: [] }, {}], admin: [{ admin: [] }], none: [], signature: [] }[op.security ?? "none"];
  return {
    tags: [op.tag],
    summary: op.summary,
    description: op.description + (op.example ? `\n\nExample:\n\n\`\`\`sh\n${op.example.request}\n\`\`\`` : ""),
    operationId: operationId(op),
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(op.params ? { parameters: op.params.map((p) => ({ name: p.name, in: "path", required: true, description: p.description, schema: { type: "string" } })) } : {}),
    ...(op.form ? { requestBody: { required: true, content: { "multipart/form-data": { schema: inline(op.form, "input") }, "application/x-www-form-urlencoded": { schema: inline("file" in op.form.shape ? op.form.omit({ file: true }) : op.form, "input") } } } } : {}),
    ...(op.json ? { requestBody: { required: false, content: { "application/json": { schema: inline(op.json, "input") } } } } : {}),
    ...(security.length ? { security } : {}),
    ...(op.example ? { "x-codeSamples": [{ lang: "Shell", label: "curl", source: op.example.request }] } : {}),
    responses: { "200": success, ...errorResponses(op.errors) },
  };
}

/** `post /v1/parse/sync` -> `postV1ParseSync`. */
export const operationId = (op: Operation) =>
  op.method + op.path.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join("") || op.method + "Root";

/** The error-code table, Markdown, for the document's description. */
export function errorTable(): string {
  const rows = Object.entries(ERRORS).map(([name, e]) => `| ${e.code} | ${e.status} | ${name} | ${e.meaning} |`);
  return ["| code | HTTP | name | meaning |", "|---|---|---|---|", ...rows].join("\n");
}

const DESCRIPTION = `Parses PDF, pictures, Word, PowerPoint and Excel into Markdown and JSON, and converts PDF to Word or PowerPoint.

Every endpoint takes \`multipart/form-data\` and answers the envelope \`{code, message, data}\`: \`code\` 0 is success, any other value an error from the table below, with an HTTP status that fits. Send the API key as the form field \`api_key\` or as \`Authorization: Bearer sk-...\`. Unknown form fields are refused (30001) with the list of the ones the endpoint takes.

Timestamps (\`created_at\`, \`started_at\`, \`finished_at\`) are ISO 8601 in UTC without a zone designator, as the API contract has them.

## Error codes

${errorTable()}

Any path answers 50006 when it does not exist and 50007 for a wrong method on an endpoint.`;

let built: JsonObject | undefined;

export function openApiDocument(): JsonObject {
  if (built) return built;
  const components = namedSchemas();
  const paths: Record<string, JsonObject> = {};
  for (const op of OPERATIONS) paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  built = {
    openapi: "3.1.0",
    info: { title: "docparse", version: SERVICE_VERSION, description: DESCRIPTION },
    servers: [{ url: "/", description: "This service" }],
    tags: [
      { name: "Parse", description: "Documents to Markdown and JSON." },
      { name: "Convert", description: "PDF to Word or PowerPoint." },
      { name: "Account", description: "Quota." },
      { name: "Files", description: "Signed downloads." },
      { name: "Legacy", description: "The former /v1/extract paths, until 2026-12-31." },
      { name: "Pages", description: "Pages for people." },
      { name: "Admin", description: "Keys and plans; needs ADMIN_TOKEN, absent while it is unset." },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The API key, `Authorization: Bearer sk-...` (or the form field api_key)." },
        admin: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <ADMIN_TOKEN>`." },
      },
    },
    "x-error-codes": Object.entries(ERRORS).map(([name, e]) => ({ code: e.code, status: e.status, name, meaning: e.meaning })),
    "x-routing-errors": ROUTING_ERRORS.map((n) => ERRORS[n].code),
  };
  return built;
}
