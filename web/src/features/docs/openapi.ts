// The parts of the server's OpenAPI 3.1 document (/api/openapi.json, generated from the handlers'
// #[utoipa::path] attributes) that the API reference shows, read into one list of operations.

export interface Schema {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Content {
  [mediaType: string]: { schema?: Schema };
}

interface RawOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { description?: string; required?: boolean; content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
}

export interface OpenApiDocument {
  info?: { title?: string; description?: string; version?: string };
  paths?: Record<string, Record<string, RawOperation | Parameter[] | undefined> & { parameters?: Parameter[] }>;
}

export interface Body {
  mediaType: string;
  schema: string;
}

export interface Operation {
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: Parameter[];
  requestBody: (Body & { required: boolean }) | null;
  responses: { status: string; description: string; body: Body | null }[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

/** A schema's name as a reader wants it: the component it refers to, `T[]`, or its type. */
export function schemaName(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.map(schemaName).join(' | ');
  if (schema.allOf) return schema.allOf.map(schemaName).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.map((type) => (type === 'array' ? `${schemaName(schema.items) || 'any'}[]` : type)).join(' | ') || 'object';
}

function firstBody(content: Content | undefined): Body | null {
  const [entry] = Object.entries(content ?? {});
  return entry ? { mediaType: entry[0], schema: schemaName(entry[1].schema) } : null;
}

/** The document's operations grouped by their first tag, tags and operations in document order. */
export function operationsByTag(document: OpenApiDocument): [string, Operation[]][] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const raw = item[method] as RawOperation | undefined;
      if (!raw) continue;
      const description = raw.description && raw.description !== raw.summary ? raw.description : '';
      const operation: Operation = {
        method: method.toUpperCase(),
        path,
        summary: raw.summary ?? '',
        description,
        parameters: [...(item.parameters ?? []), ...(raw.parameters ?? [])],
        requestBody: raw.requestBody
          ? { required: raw.requestBody.required ?? false, ...(firstBody(raw.requestBody.content) ?? { mediaType: '', schema: '' }) }
          : null,
        responses: Object.entries(raw.responses ?? {}).map(([status, answer]) => ({
          status,
          description: answer.description ?? '',
          body: firstBody(answer.content),
        })),
      };
      const tag = raw.tags?.[0] ?? 'other';
      groups.set(tag, [...(groups.get(tag) ?? []), operation]);
    }
  }
  return [...groups];
}
