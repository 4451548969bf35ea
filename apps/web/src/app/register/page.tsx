import { redirect } from 'next/navigation';
import { withQuery } from '@modules/auth/lib/with-query';

/** The route constants keep /register (spec §2); it is /signup. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  redirect(withQuery('/signup', await searchParams));
}
