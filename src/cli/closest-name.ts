// "Did you mean …?": the known name nearest a mistyped one by edit distance (Levenshtein), when it is
// near enough to be a slip of the keyboard (at most a third of the name's letters, at least one).
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/** The closest of `names` to `typed`, or undefined when none is close. */
export function closestName(typed: string, names: readonly string[]): string | undefined {
  return names
    .map((name) => ({ name, distance: editDistance(typed, name) }))
    .filter((c) => c.distance <= Math.max(1, Math.floor(c.name.length / 3)))
    .sort((x, y) => x.distance - y.distance)[0]?.name;
}
