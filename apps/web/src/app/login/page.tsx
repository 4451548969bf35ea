import { redirect } from 'next/navigation';
import { withQuery } from '@modules/auth/lib/with-query';

/** The route constants keep /login (spec §2); it is /signin. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  redirect(withQuery('/signin', await searchParams));
}
