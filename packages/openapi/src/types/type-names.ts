/** `find_pet-by.id` → `FindPetById`; leading digits get a `T` prefix so the result is a TypeScript identifier. */
export function pascalCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  if (!joined) return 'Tool';
  return /^[0-9]/.test(joined) ? `T${joined}` : joined;
}

/** Hands out unique identifiers: `Name`, `Name2`, `Name3`… */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(base: string): string {
    let name = base;
    for (let i = 2; this.taken.has(name); i++) name = `${base}${i}`;
    this.taken.add(name);
    return name;
  }
}
