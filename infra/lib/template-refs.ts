/** Reading a synthesized CloudFormation value: which resources it names. */

/** Logical ids a value refers to (Ref, Fn::GetAtt, ${X} in Fn::Sub). */
export function refsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt') into.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]!);
      else if (key === 'Fn::Sub') {
        const text: unknown = Array.isArray(inner) ? inner[0] : inner;
        for (const m of String(text).matchAll(/\$\{([A-Za-z0-9]+)(\.[^}]*)?\}/g)) into.add(m[1]!);
        if (Array.isArray(inner)) refsOf(inner[1], into);
      } else refsOf(inner, into);
    }
  }
  return into;
}
