// A writable deep copy of a read-only view, for reducers that build the next view by changing a copy.
export type Draft<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer U)[]
    ? Draft<U>[]
    : { -readonly [K in keyof T]: Draft<T[K]> };

export function draftOf<T>(value: T): Draft<T> {
  return structuredClone(value) as Draft<T>;
}
