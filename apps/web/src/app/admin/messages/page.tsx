import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getMessageTemplates } from '@modules/admin/messages/lib/messages-api';
import { MessagesPage } from '@modules/admin/messages/templates/messages-page';

export const metadata: Metadata = { title: 'Messages' };

/** /admin/messages (issue 21): the message templates; ?event=…&language=… opens one in the editor. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/messages');
  const [t, templates, params] = await Promise.all([adminTexts('admin-messages'), getMessageTemplates(), searchParams]);
  const selected = templates.find((template) => template.event === params.event && template.language === params.language) ?? null;
  return <MessagesPage templates={templates} selected={selected} t={t} />;
}
