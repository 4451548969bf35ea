import { describe, expect, it } from 'vitest';
import { fillTemplate } from './fill-template';

describe('fillTemplate', () => {
  it('replaces every named placeholder, wherever it sits', () => {
    expect(fillTemplate('{percent}% off', { percent: 42 })).toBe('42% off');
    expect(fillTemplate('خصم {percent}%', { percent: 5 })).toBe('خصم 5%');
    expect(fillTemplate('{label} मेनू दिखाएँ', { label: 'Jewellery' })).toBe('Jewellery मेनू दिखाएँ');
  });

  it('leaves unknown placeholders as written, so a missing value shows instead of vanishing', () => {
    expect(fillTemplate('Show {label} menu', {})).toBe('Show {label} menu');
  });
});
