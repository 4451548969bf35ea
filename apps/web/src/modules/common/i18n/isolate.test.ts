import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isolateIn } from './isolate';

const html = (node: ReturnType<typeof isolateIn>) => renderToStaticMarkup(node as never);

describe('isolateIn', () => {
  it('puts the value in its own bdi where the message has it, the sentence otherwise as formatted', () => {
    expect(html(isolateIn((slot) => `أرسلنا رمزًا إلى ${slot}.`, '+91 98123 45670', 'ltr'))).toBe('أرسلنا رمزًا إلى <bdi dir="ltr">+91 98123 45670</bdi>.');
    expect(html(isolateIn((slot) => `Hello, ${slot}`, 'Priya Nair'))).toBe('Hello, <bdi>Priya Nair</bdi>');
  });

  it('isolates every place the value appears, and leaves a message without it alone', () => {
    expect(html(isolateIn((slot) => `${slot} / ${slot}`, 'x'))).toBe('<bdi>x</bdi> / <bdi>x</bdi>');
    expect(html(isolateIn(() => 'Hello', 'x'))).toBe('Hello');
  });
});
