// Requests made from an OpenAPI document to try an API's edges: for every operation and every credential
// (each role's token, an unknown one, none), the well-formed request and its breakages — wrong types,
// missing and extra fields, huge numbers, long strings, a body of the wrong shape, type or size, and
// malformed query and header values. Nothing here knows the API beyond what the document says.

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly minLength?: number;
}

export interface Operation {
  readonly operationId?: string;
  readonly security?: ReadonlyArray<Record<string, string[]>>;
  readonly requestBody?: { readonly required?: boolean; readonly content: Record<string, { readonly schema: JsonSchema }> };
  readonly parameters?: ReadonlyArray<{ readonly in: string; readonly name: string; readonly schema: JsonSchema }>;
  readonly responses: Record<string, unknown>;
}

export interface FuzzRequest {
  readonly what: string;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string | Buffer;
}

const LONG = 'x'.repeat(20_000);
const HUGE_NUMBERS = [1e308, -1e308, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -1, 0, 1.5];

/** A value the schema accepts, as far as its type, enum and bounds say. */
export function sample(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'string':
      return 'ana'.padEnd(schema.minLength ?? 3, 'a');
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? Object.keys(schema.properties ?? {})).map((k) => [k, sample(schema.properties?.[k] ?? {})]));
    default:
      return null;
  }
}

/** Wrong values for a field of this schema: other types, and the extremes of its own. */
function wrongValues(schema: JsonSchema): unknown[] {
  const others: unknown[] = [null, [], {}, true, 'seven', 7, 1.5, LONG, '\u202e\u200b', { nested: { deeper: [1, 2, 3] } }];
  return [...others, ...HUGE_NUMBERS, ...(schema.enum ? ['notOneOfThem'] : [])];
}

export function bodyCases(schema: JsonSchema): Array<{ what: string; body: unknown }> {
  const valid = sample(schema) as Record<string, unknown>;
  const cases: Array<{ what: string; body: unknown }> = [{ what: 'well-formed', body: valid }];
  for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
    for (const value of wrongValues(fieldSchema)) cases.push({ what: `${field}=${JSON.stringify(value)?.slice(0, 20)}`, body: { ...valid, [field]: value } });
  }
  for (const field of schema.required ?? []) {
    const { [field]: _gone, ...rest } = valid;
    cases.push({ what: `without ${field}`, body: rest });
  }
  cases.push({ what: 'extra field', body: { ...valid, extra: 1 } });
  cases.push({ what: 'extra field with a long name', body: { ...valid, [LONG.slice(0, 5000)]: 1 } });
  cases.push({ what: 'many extra fields', body: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, i])) });
  for (const body of [[], 'text', 42, null, [valid]]) cases.push({ what: `body ${JSON.stringify(body)}`, body });
  return cases;
}

/** Every request to try against one operation with one credential header. */
export function fuzzRequests(method: 'GET' | 'POST', path: string, operation: Operation, auth: Record<string, string>): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const json = { ...auth, 'content-type': 'application/json' };
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (method === 'POST' && schema) {
    for (const { what, body } of bodyCases(schema)) requests.push({ what, method, url: path, headers: json, payload: JSON.stringify(body) });
    const valid = JSON.stringify(sample(schema));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/octet-stream', 'application/jsonx']) {
      requests.push({ what: `content-type ${type}`, method, url: path, headers: { ...auth, 'content-type': type }, payload: valid });
    }
    requests.push({ what: 'no body', method, url: path, headers: auth });
    requests.push({ what: 'not JSON', method, url: path, headers: json, payload: '{"seat": 1,' });
    requests.push({ what: 'empty JSON', method, url: path, headers: json, payload: '' });
    requests.push({ what: 'over 16 KiB', method, url: path, headers: json, payload: JSON.stringify({ pad: LONG }) });
    requests.push({ what: 'not UTF-8', method, url: path, headers: json, payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) });
    requests.push({ what: 'lone surrogate', method, url: path, headers: json, payload: '{"reason":"\\ud800"}' });
    requests.push({ what: 'nested deep', method, url: path, headers: json, payload: `${'['.repeat(64)}${']'.repeat(64)}` });
  } else {
    requests.push({ what: 'plain', method, url: path, headers: auth });
  }
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    for (const value of ['abc', '-1', '0', '1.5', '1e309', '99999999999999999999999', '', LONG.slice(0, 4000), '%00', '%F0%28']) {
      requests.push({ what: `${parameter.name}=${value.slice(0, 12)}`, method, url: `${path}?${parameter.name}=${value}`, headers: auth });
    }
    requests.push({ what: `${parameter.name} twice`, method, url: `${path}?${parameter.name}=1&${parameter.name}=2`, headers: auth });
  }
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'header') continue;
    // The well-formed request with the header empty, too long, not ASCII, and well formed (the same value on
    // every route: an idempotency key's second use by a credential is another command, refused).
    const valid = schema ? { headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(sample(schema)) } : { headers: auth };
    for (const value of ['', LONG.slice(0, 300), 'caf\u00e9', 'fuzz-value-1']) {
      requests.push({ what: `${parameter.name}=${value.slice(0, 12)}`, method, url: path, ...valid, headers: { ...valid.headers, [parameter.name]: value } });
    }
  }
  requests.push({ what: 'unknown query field', method, url: `${path}?unknown=${LONG.slice(0, 3000)}`, headers: auth });
  return requests;
}
