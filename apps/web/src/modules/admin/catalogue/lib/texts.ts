import 'server-only';
import { adminMessages } from '@modules/admin/lib/texts';

/** One section of the catalogue area's texts (admin-catalogue.json), as a client form takes them. */
export async function catalogueTexts<T = Record<string, string>>(section: string): Promise<T> {
  const messages = await adminMessages('admin-catalogue');
  return messages[section] as T;
}
