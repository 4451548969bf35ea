import { newsletterPaths } from '@shop/domain/newsletter';

interface NewsletterLinks {
  confirm: string;
  unsubscribe: string;
}

/** Links into the storefront's pages (each asks for a click before it changes anything, so mail scanners cannot). */
export function newsletterLinks(siteUrl: string, tokens: { confirm: string; unsubscribe: string }): NewsletterLinks {
  const link = (path: string, token: string) => {
    const url = new URL(path, siteUrl);
    url.searchParams.set('token', token);
    return url.toString();
  };
  return { confirm: link(newsletterPaths.confirm, tokens.confirm), unsubscribe: link(newsletterPaths.unsubscribe, tokens.unsubscribe) };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The double opt-in mail. Like every newsletter mail it carries a working unsubscribe link. */
export function confirmationMail(shopName: string, links: NewsletterLinks) {
  const subject = `Confirm your subscription to ${shopName}`;
  const text = [
    `Please confirm that you want the ${shopName} newsletter (new collections and offers):`,
    links.confirm,
    '',
    'If you did not ask for it, ignore this mail: you will not be subscribed.',
    '',
    `Unsubscribe: ${links.unsubscribe}`,
  ].join('\n');
  const html = [
    `<p>Please confirm that you want the ${escapeHtml(shopName)} newsletter (new collections and offers):</p>`,
    `<p><a href="${escapeHtml(links.confirm)}">Confirm my subscription</a></p>`,
    '<p>If you did not ask for it, ignore this mail: you will not be subscribed.</p>',
    `<p style="font-size:12px"><a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
  ].join('\n');
  return { subject, text, html };
}
