import { moderationStates } from '@shop/domain/review';
import { expect, test } from 'vitest';
import { browserModerationStates } from './engagement-browser';

test('the browser checks reviews against every moderation state the domain has', () => {
  expect([...browserModerationStates]).toEqual([...moderationStates]);
});
