/** A parameter schema's `description` when it is a string, else '' (schemas are untrusted input). */
export function parameterDescription(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return '';
  const description = (schema as { description?: unknown }).description;
  return typeof description === 'string' ? description : '';
}
