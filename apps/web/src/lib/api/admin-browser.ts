import { importErrorSchema, type ImportResult, importResultSchema, type ImportRowError } from '@shop/domain/admin/products';
import { browserApi, type BrowserApiError } from './browser-client';
import { z } from 'zod';

/**
 * The back office's calls straight from the browser (a server action's body is capped at 1 MB; a CSV may be 5 MB and a
 * photo 10 MB), through the storefront's /api proxy with the staff member's session cookie (the API checks the role).
 * These pages have zod already (their forms use the domain's schemas), so the answers are checked with the domain's.
 */

/** POST /api/admin/products/import: what was (or, with `dryRun`, would be) created and updated. */
export function importProducts(csv: string, dryRun: boolean): Promise<ImportResult> {
  return browserApi('/api/admin/products/import', { method: 'POST', body: { csv, dryRun }, schema: importResultSchema });
}

/** Every problem of a refused import by row and column (the refusal's `rows`, beside decision 037's fields). */
export function importProblems(error: BrowserApiError): ImportRowError[] {
  return importErrorSchema.safeParse(error.body).data?.rows ?? [];
}

/** POST /api/admin/products/{id}/images (multipart `files`, optional `alt`). The caller reads the product afresh. */
export async function uploadProductImages(productId: string, form: FormData): Promise<void> {
  await browserApi(`/api/admin/products/${encodeURIComponent(productId)}/images`, { method: 'POST', body: form });
}

/** What a serviceability import did (or, with `dryRun`, would do): counts by the API (issue 22, decision 081). */
export interface ServiceabilityImportResult {
  dryRun: boolean;
  rows: number;
  updated: number;
  serviceable: number;
  cod: number;
  switchedOff: number;
  unknown: number;
  unknownPincodes: string[];
}

const serviceabilityResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  updated: z.number().int(),
  serviceable: z.number().int(),
  cod: z.number().int(),
  switchedOff: z.number().int(),
  unknown: z.number().int(),
  unknownPincodes: z.array(z.string()),
});

/** POST /api/admin/delivery/serviceability (admins): a courier's pincode file, applied or only previewed. */
export function importServiceability(csv: string, mode: 'update' | 'replace', dryRun: boolean): Promise<ServiceabilityImportResult> {
  return browserApi('/api/admin/delivery/serviceability', { method: 'POST', body: { csv, mode, dryRun }, schema: serviceabilityResultSchema });
}
