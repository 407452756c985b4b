/** Inputs shaped to make regular expressions backtrack; shared by the unit tests (totality) and bench/hostile-text.ts (speed). */
export const HOSTILE_SLOT_TEXT = `${'1.'.repeat(5_000)}@${'a'.repeat(5_000)} ${'page '.repeat(2_000)}${'$ '.repeat(2_000)}`;
export const HOSTILE_CLAUSE_TEXTS = [
  `${' and'.repeat(5_000)}${' '.repeat(5_000)}x`,
  `${','.repeat(10_000)} also`,
];
