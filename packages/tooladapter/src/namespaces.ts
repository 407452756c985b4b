import {
  explainInvalidNamespace,
  InvalidArgumentError,
  isPlainObject,
  NAMESPACE_PATTERN,
} from '@toolarsenal/toolmodel';
import { ConversionError } from './errors.js';

/** What a namespace function sees for each tool read from a catalogue. */
export interface NamespaceContext {
  /** The other fields of the row the tool came wrapped in (`{server, category, …}`), if any. */
  row?: Readonly<Record<string, unknown>> | undefined;
  /** Pointer of the tool in the input. */
  pointer: string;
  /** The tool's name as read. */
  name: string;
}

/**
 * Where tools read from a catalogue get their namespace: one namespace for all (`'acme.crm'`), or
 * a function of each tool's row (`namespaceFromField('server')`). A tool that already has a
 * namespace keeps it below the given one (`acme` + `github` → `acme.github`), so catalogues of
 * many servers convert without name clashes.
 */
export type NamespaceOption = string | ((context: NamespaceContext) => string | undefined);

const MAX_NAMESPACE_LENGTH = 128;

/**
 * A valid namespace from free text such as a server key (`"@org/My Server"` → `org-My-Server`):
 * dot-separated segments of letters, digits, `_` and `-`, each starting with a letter or digit.
 * `undefined` when nothing usable is left.
 */
export function toNamespace(text: string): string | undefined {
  if (typeof text !== 'string') return undefined;
  const cleaned = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .split('.')
    .map((segment) => segment.replace(/^[^A-Za-z0-9]+/, '').replace(/-+$/, ''))
    .filter((segment) => segment !== '')
    .join('.')
    .slice(0, MAX_NAMESPACE_LENGTH)
    .replace(/[.]+$/, '');
  return cleaned !== '' && NAMESPACE_PATTERN.test(cleaned) ? cleaned : undefined;
}

/**
 * A namespace function reading a field of each tool's catalogue row (`server`, `server_key`…),
 * made valid with `toNamespace`. A tool without such a row field is an error naming its pointer:
 * leaving it un-namespaced would bring back the clashes the option is there to avoid.
 */
export function namespaceFromField(field: string): (context: NamespaceContext) => string {
  if (typeof field !== 'string' || field === '')
    throw new InvalidArgumentError('field', 'a non-empty field name', field);
  return ({ row, pointer }) => {
    const value = row && isPlainObject(row) && Object.hasOwn(row, field) ? row[field] : undefined;
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new ConversionError(
        'invalid-input',
        pointer,
        `the row of this tool has no "${field}" field to take the namespace from`,
      );
    const namespace = toNamespace(String(value));
    if (namespace === undefined)
      throw new ConversionError(
        'invalid-input',
        pointer,
        `the row's "${field}" (${JSON.stringify(String(value).slice(0, 80))}) has nothing usable as a namespace`,
      );
    return namespace;
  };
}

/** Throws `InvalidArgumentError` for a namespace option that is neither a valid namespace nor a function. */
export function validateNamespaceOption(option: unknown, argument = 'options.namespace'): void {
  if (option === undefined || typeof option === 'function') return;
  if (typeof option !== 'string')
    throw new InvalidArgumentError(argument, 'a namespace string or a function', option);
  const reason = explainInvalidNamespace(option);
  if (reason !== undefined) throw new InvalidArgumentError(argument, `a valid namespace (${reason})`, option);
}

/**
 * The namespace a tool gets under `option`, composed with the one it has (`outer.inner`);
 * `undefined` when the option gives none.
 */
export function applyNamespace(
  option: NamespaceOption | undefined,
  context: NamespaceContext,
  own: string | undefined,
): string | undefined {
  if (option === undefined) return own;
  const outer = typeof option === 'string' ? option : option(context);
  if (outer === undefined) return own;
  const reason = explainInvalidNamespace(outer);
  if (reason !== undefined)
    throw new ConversionError('invalid-input', context.pointer, `namespace "${outer}" is invalid: ${reason}`);
  return own === undefined ? outer : `${outer}.${own}`;
}
