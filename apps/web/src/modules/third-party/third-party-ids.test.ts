import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { thirdPartyScripts } from './third-party-ids';
import { ScriptTags } from './script-tags';

describe('third-party scripts (spec §1)', () => {
  it('loads nothing by default: no ids, no plans, and no script tag at all', () => {
    expect(thirdPartyScripts({})).toEqual([]);
    expect(thirdPartyScripts({ settings: { chatWidgetId: null, analyticsId: null }, env: {} })).toEqual([]);
    expect(thirdPartyScripts({ settings: { chatWidgetId: '  ', analyticsId: '' }, env: { ANALYTICS_ID: '', CHAT_WIDGET_ID: '' } })).toEqual([]);
    const markup = renderToStaticMarkup(createElement(ScriptTags, { plans: thirdPartyScripts({}) }));
    expect(markup).toBe('');
    expect(markup).not.toContain('<script');
  });

  it('loads the analytics tag once the page is interactive when its id is set, from settings or else the environment', () => {
    const fromSettings = thirdPartyScripts({ settings: { analyticsId: 'G-ABC123XYZ' }, env: { ANALYTICS_ID: 'G-OTHER1' } });
    expect(fromSettings.map((p) => [p.id, p.strategy])).toEqual([
      ['analytics-tag', 'afterInteractive'],
      ['analytics-config', 'afterInteractive'],
    ]);
    expect(fromSettings[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ');
    expect(thirdPartyScripts({ env: { ANALYTICS_ID: 'G-OTHER1' } })[0]?.src).toContain('id=G-OTHER1');
  });

  it('loads the chat widget when the browser is idle', () => {
    const plans = thirdPartyScripts({ settings: { chatWidgetId: '64f1a2b3c4d5e6f7a8b9c0d1/1h2j3k4l5' } });
    expect(plans).toEqual([{ id: 'support-chat', src: 'https://embed.tawk.to/64f1a2b3c4d5e6f7a8b9c0d1/1h2j3k4l5', strategy: 'lazyOnload' }]);
  });

  it("ignores an id that is not of its provider's form (it would end up in a script)", () => {
    expect(thirdPartyScripts({ settings: { analyticsId: "G-1');alert(1);//" } })).toEqual([]);
    expect(thirdPartyScripts({ settings: { analyticsId: 'UA-1234-1' } })).toEqual([]);
    expect(thirdPartyScripts({ settings: { chatWidgetId: '../../evil.example/x' } })).toEqual([]);
  });
});
