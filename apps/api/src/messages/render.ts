import { convert } from 'html-to-text';
import mjml2html from 'mjml';
import { isOrderEvent, type MessageEvent, type MessageLanguage } from './events.ts';
import { frameTexts, type MessageTexts } from './texts.ts';

/**
 * Turns a message's texts into a mail (MJML -> HTML, and the same as plain text with html-to-text) and an SMS text.
 *
 * MJML takes a few milliseconds per mail, too much for the order path and for a benchmark of hundreds per second, so
 * each template (event, language, its texts, the shop's brand) is compiled ONCE with %%placeholders%% in place of the
 * values, and every message fills the compiled HTML (values escaped) and text (values as they are). The cache is a
 * pure memo of a function of its key: no request depends on another's entry (ARCHITECTURE.md: scale-out).
 */

/** How the mail looks: the shop's name, logo and colours (the storefront's palette, apps/web/src/app/globals.css). */
export interface Brand {
  shopName: string;
  /** Absolute URL of the logo (mail clients cannot resolve a path). */
  logoUrl: string;
  contactEmail: string;
  colour: string;
  colourSoft: string;
  ink: string;
}

export const defaultColours = { colour: '#8c2f39', colourSoft: '#f7e8e6', ink: '#2a1f1c' } as const;

export interface MailLayout {
  event: MessageEvent;
  language: MessageLanguage;
  texts: MessageTexts;
  brand: Brand;
  /** Order number and total in a summary box (order messages). */
  summary: boolean;
  /** A marketing mail: its footer says why and carries the unsubscribe link. */
  marketing: boolean;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Compiled {
  html: string;
  text: string;
}

const MAX_COMPILED = 500;
const compiled = new Map<string, Promise<Compiled>>();

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "{name}" in a text becomes the token "%%name%%", which MJML and html-to-text leave alone. */
const tokens = (text: string) => escapeHtml(text).replace(/\{(\w+)\}/g, '%%$1%%');

function mjmlOf(layout: MailLayout): string {
  const { texts, brand, language } = layout;
  const frame = frameTexts[language];
  const rtl = language === 'ar';
  const align = rtl ? 'right' : 'left';
  const font = "'Noto Sans', 'Segoe UI', Arial, sans-serif";
  const footer = (layout.marketing ? frame.why : isOrderEvent(layout.event) ? frame.footer : frame.asked).replace('{contact}', brand.contactEmail);
  return `<mjml lang="${language}" dir="${rtl ? 'rtl' : 'ltr'}">
  <mj-head>
    <mj-title>${tokens(texts.subject)}</mj-title>
    <mj-preview>${tokens(texts.intro)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${font}" />
      <mj-text color="${brand.ink}" font-size="16px" line-height="24px" align="${align}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${brand.colourSoft}">
    <mj-section background-color="${brand.colour}" padding="16px">
      <mj-column>
        <mj-image src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.shopName)}" width="160px" align="center" padding="0" />
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 16px">
      <mj-column>
        <mj-text font-size="22px" line-height="30px" font-weight="700" color="${brand.colour}">${tokens(texts.subject)}</mj-text>
        <mj-text>${tokens(texts.intro)}</mj-text>
        ${
          layout.summary
            ? `<mj-table color="${brand.ink}" font-size="15px" padding="8px 25px">
          <tr><td style="padding:4px 0">${escapeHtml(frame.order)}</td><td style="padding:4px 0;text-align:${rtl ? 'left' : 'right'}"><strong>%%orderNumber%%</strong></td></tr>
          <tr><td style="padding:4px 0">${escapeHtml(frame.total)}</td><td style="padding:4px 0;text-align:${rtl ? 'left' : 'right'}"><strong>%%total%%</strong></td></tr>
        </mj-table>`
            : ''
        }
        ${texts.button ? `<mj-button href="%%link%%" background-color="${brand.colour}" color="#ffffff" font-size="16px" border-radius="24px" align="center">${tokens(texts.button)}</mj-button>` : ''}
      </mj-column>
    </mj-section>
    <mj-section padding="16px">
      <mj-column>
        <mj-text font-size="13px" line-height="20px" color="#6b5d55">${tokens(footer)}</mj-text>
        ${layout.marketing ? `<mj-text font-size="13px" color="#6b5d55"><a href="%%unsubscribe%%" style="color:${brand.colour}">${escapeHtml(frame.unsubscribe)}</a></mj-text>` : ''}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

async function compile(layout: MailLayout): Promise<Compiled> {
  const result = await mjml2html(mjmlOf(layout), { validationLevel: 'strict', keepComments: false });
  const html = result.html;
  // The plain-text part: the same words, links after their labels, no logo (its alt text is the shop's name, said below).
  const text = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
  return { html, text };
}

function compiledFor(layout: MailLayout): Promise<Compiled> {
  const key = JSON.stringify([layout.event, layout.language, layout.texts, layout.brand, layout.summary, layout.marketing]);
  let entry = compiled.get(key);
  if (!entry) {
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    entry = compile(layout);
    // A failed compile is not kept: the next message tries again.
    entry.catch(() => compiled.delete(key));
    compiled.set(key, entry);
  }
  return entry;
}

/** Fills {placeholders} of a plain text (subject, SMS); an unknown or missing value becomes empty. */
export function fillText(text: string, values: Record<string, string | undefined>): string {
  return text
    .replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

function fillTokens(compiledText: string, values: Record<string, string | undefined>, escape: (value: string) => string): string {
  return compiledText.replace(/%%(\w+)%%/g, (_match, name: string) => escape(values[name] ?? ''));
}

/** The mail for one message: the template compiled once, then filled with this message's values. */
export async function renderMail(layout: MailLayout, values: Record<string, string | undefined>): Promise<RenderedMail> {
  const template = await compiledFor(layout);
  return {
    subject: fillText(layout.texts.subject, values),
    html: fillTokens(template.html, values, escapeHtml),
    text: fillTokens(template.text, values, (value) => value).replace(/\n{3,}/g, '\n\n'),
  };
}
