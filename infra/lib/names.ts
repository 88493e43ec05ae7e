/** `outbound-0` → `Outbound0`, `auth` → `Auth`: construct ids from manifest names. */
export const pascal = (name: string) =>
  name
    .split(/[-_]/)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
