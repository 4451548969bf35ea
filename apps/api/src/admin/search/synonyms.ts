import { type Database, searchSynonyms } from '@shop/db';
import type { SynonymGroup, SynonymGroupInput } from '@shop/domain/search/synonym-group';
import { asc, eq } from 'drizzle-orm';
import type { RequestUser } from '../../auth/request-user.ts';
import { Refusal } from '../../lib/refusal.ts';
import { recordAudit } from '../audit.ts';

/**
 * The search's synonym table (issue 25, decision 076): staff list, add, change and remove groups. Each write is one
 * transaction with its audit record; the route then clears the response cache. The next search sees the change itself:
 * the lexicon each process holds is checked against the tables on every search (catalogue/search-vocabulary.ts,
 * decision 127).
 */

type Row = typeof searchSynonyms.$inferSelect;

const view = (row: Row): SynonymGroup => ({ _id: row.id, terms: row.terms, updatedAt: row.updatedAt.toISOString() });
const NOT_FOUND = () => new Refusal('synonym_group_not_found');

export async function listSynonymGroups(db: Database): Promise<SynonymGroup[]> {
  const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id));
  return rows.map(view);
}

export async function createSynonymGroup(db: Database, actor: RequestUser, input: SynonymGroupInput): Promise<SynonymGroup> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(searchSynonyms).values({ terms: input.terms }).returning();
    if (!row) throw new Error('insert returned nothing');
    await recordAudit(tx, actor, { action: 'synonyms.create', entityType: 'search_synonyms', entityId: row.id, after: { terms: row.terms } });
    return view(row);
  });
}

export async function updateSynonymGroup(db: Database, actor: RequestUser, id: string, input: SynonymGroupInput): Promise<SynonymGroup> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
    if (!before) throw NOT_FOUND();
    const [row] = await tx.update(searchSynonyms).set({ terms: input.terms }).where(eq(searchSynonyms.id, id)).returning();
    if (!row) throw NOT_FOUND();
    await recordAudit(tx, actor, {
      action: 'synonyms.update',
      entityType: 'search_synonyms',
      entityId: id,
      before: { terms: before.terms },
      after: { terms: row.terms },
    });
    return view(row);
  });
}

export async function deleteSynonymGroup(db: Database, actor: RequestUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!row) throw NOT_FOUND();
    await recordAudit(tx, actor, { action: 'synonyms.delete', entityType: 'search_synonyms', entityId: id, before: { terms: row.terms } });
  });
}
