import { describe, expect, it } from 'vitest';
import { CliArgsError, parseCliArgs } from './cli-args.ts';

describe('parseCliArgs', () => {
  it('defaults to 320 products without a reset', () => {
    expect(parseCliArgs([])).toEqual({ products: 320, reset: false, help: false });
  });

  it('reads --products N, --products=N, digit separators and --reset', () => {
    expect(parseCliArgs(['--products', '100000', '--reset'])).toEqual({ products: 100000, reset: true, help: false });
    expect(parseCliArgs(['--products=1_000']).products).toBe(1000);
    expect(parseCliArgs(['--products', '100,000']).products).toBe(100000);
    expect(parseCliArgs(['--products', '0']).products).toBe(0);
  });

  it.each([[['--products', 'abc']], [['--products', '-5']], [['--products', '1.5']], [['--products']], [['--products=']], [['--products', '2000000']]])(
    'rejects %j naming --products',
    (argv) => {
      expect(() => parseCliArgs(argv)).toThrow(CliArgsError);
      expect(() => parseCliArgs(argv)).toThrow(/--products/);
    },
  );

  it('rejects unknown arguments', () => {
    expect(() => parseCliArgs(['--prodcts', '5'])).toThrow(/unknown argument "--prodcts"/);
  });
});
