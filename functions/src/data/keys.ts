/**
 * Key prefixes shared by every entity module. Only entity modules call these; nothing else
 * concatenates key strings. Tenant data always starts with `C#<companyId>#`.
 */
export const tenantPk = (companyId: string, ...parts: string[]) => ['C', companyId, ...parts].join('#');

/** Platform-level (not tenant) partitions: global uniqueness and the platform's own lists. */
export const platformPk = (...parts: string[]) => ['P', ...parts].join('#');

export const pad = (n: number, width = 10) => String(n).padStart(width, '0');

/** Epoch seconds `seconds` from now, for the TTL attribute. */
export const ttlIn = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
