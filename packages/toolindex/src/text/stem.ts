const VOWEL = /[aeiouy]/;

/**
 * Light English suffix stripping (plurals, -ing, -ed, -ly): conflates the common inflections without the
 * over-stemming of a full Porter stemmer. Only ASCII words are stemmed; everything else passes through.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is|ys)$/.test(w)) w = w.slice(0, -1);

  if (w.endsWith('ing') && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4 && VOWEL.test(w.slice(0, -2))) w = undouble(w.slice(0, -2));
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  return w;
}

/** running → run, stopped → stop; but keeps "ll"/"ss"/"zz" (called → call, passed → pass). */
function undouble(w: string): string {
  const n = w.length;
  if (n >= 3 && w[n - 1] === w[n - 2] && !/[lsz]/.test(w[n - 1]!) && !VOWEL.test(w[n - 1]!))
    return w.slice(0, -1);
  if (w.endsWith('at') || w.endsWith('iz') || w.endsWith('bl')) return `${w}e`;
  return w;
}
