/**
 * How a contact is named on screen: its name, or its number through the display mask when it has
 * none — or when the "name" is only the number again (WhatsApp gives a contact without a push name
 * its number as name). `formatPhone`: lib/phone.ts's, or hooks/use-format-phone.ts's on the first load.
 */
export function contactLabel(
  contact: { name?: string | null; number?: string | null },
  formatPhone: (value: string | null | undefined) => string,
): string {
  const name = (contact.name ?? '').trim();
  const digits = (value: string) => value.replace(/\D/g, '');
  const onlyNumber = name !== '' && /^[\d\s()+.-]+$/.test(name) && digits(name) === digits(contact.number ?? '');
  return name && !onlyNumber ? name : formatPhone(contact.number);
}
