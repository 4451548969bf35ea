import { describe, expect, it } from 'vitest';
import { chooseVariant, chosenVariant, subscribeToChosenVariant } from './chosen-variant';

describe('the chosen option shared by the product page islands', () => {
  it('tells every subscriber of a new choice, once, and stops telling one that left', () => {
    const heard: string[] = [];
    const leave = subscribeToChosenVariant(() => heard.push(`a:${chosenVariant()}`));
    subscribeToChosenVariant(() => heard.push(`b:${chosenVariant()}`));
    chooseVariant('m');
    chooseVariant('m');
    leave();
    chooseVariant('l');
    expect(heard).toEqual(['a:m', 'b:m', 'b:l']);
    expect(chosenVariant()).toBe('l');
  });
});
