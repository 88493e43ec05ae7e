/**
 * JSON for SQS message bodies with every non-ASCII character escaped as `\uXXXX`.
 * SQS accepts astral-plane characters (emoji) but some emulators (fauxqs 1.9.2) reject them;
 * escaped JSON parses back to the same value with `JSON.parse`, so both sides stay plain JSON.
 */
export function toQueueBody(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
