/**
 * Of `names`, the one close enough to `name` to be a typo of it (within a third of its length, at least
 * one edit), for a refusal that names what was likely meant.
 */
export function nearestName(name: string, names: readonly string[]): string | undefined {
  const most = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = most + 1;
  for (const candidate of names) {
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

// Optimal string alignment: Levenshtein's insertions, deletions and substitutions, and the swap of two
// neighbours, the commonest typo.
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let distance = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, (before[j - 2] as number) + 1);
      current.push(distance);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}
