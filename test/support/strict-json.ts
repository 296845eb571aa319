// A strict reading of one JSON text, as a log ingester does it: valid JSON (JSON.parse) and no object
// with the same key twice — JSON.parse keeps the last silently, Elasticsearch refuses the document.
// Throws with the repeated key and where it is.

/** The JSON text's value; throws on invalid JSON or on a key repeated within one object. */
export function parseStrictJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  const objects: Array<Set<string> | null> = []; // one entry per open object (its keys) or array (null)
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') {
      objects.push(new Set());
      expectKey = true;
    } else if (c === '[') {
      objects.push(null);
      expectKey = false;
    } else if (c === '}' || c === ']') {
      objects.pop();
      expectKey = false;
    } else if (c === ',') {
      expectKey = objects.at(-1) instanceof Set;
    } else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = objects.at(-1);
      if (expectKey && keys instanceof Set) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) throw new Error(`duplicate key "${key}" at character ${i}`);
        keys.add(key);
        expectKey = false;
      }
      i = end;
    }
  }
  return value;
}
