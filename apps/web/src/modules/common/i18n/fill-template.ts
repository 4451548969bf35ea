/**
 * Fills `{name}` placeholders in a message that a server component handed to a client leaf as a template (e.g.
 * "{percent}% off"), so the leaf can show a value it only knows in the browser without next-intl's formatter.
 * Only for messages without ICU plural/select syntax; those are formatted on the server or by a dedicated helper.
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
