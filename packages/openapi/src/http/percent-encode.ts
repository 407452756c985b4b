/** RFC 3986 reserved characters kept as they are with `allowReserved` (`#` never: it would end the URL). */
const RESERVED_KEPT = /%(3A|2F|3F|5B|5D|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/gi;

/** Percent-encodes everything but RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`). */
export function encodeStrict(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Like {@link encodeStrict}, but reserved characters stay as written when `allowReserved` is set. */
export function encodeValue(value: string, allowReserved = false): string {
  const strict = encodeStrict(value);
  return allowReserved ? strict.replace(RESERVED_KEPT, (m) => decodeURIComponent(m)) : strict;
}
