import { defaultProductCount } from './index.ts';

interface CliArgs {
  products: number;
  reset: boolean;
  help: boolean;
}

export class CliArgsError extends Error {
  override name = 'CliArgsError';
}

export const usage = `Usage: npm run seed -- [--products N] [--reset]

  --products N   number of products to make (default ${defaultProductCount}; up to 1,000,000)
  --reset        empty the catalogue tables first, then seed again
  --help         show this text

Reads DATABASE_URL (PostgreSQL) or else uses PGlite in \${DATA_DIR:-./.data}/db;
images go to \${DATA_DIR:-./.data}/media/catalogue.`;

const maxProducts = 1_000_000;

/** Parses the seed command's arguments; anything unknown or malformed is a CliArgsError naming the flag. */
export function parseCliArgs(argv: string[]): CliArgs {
  const args: CliArgs = { products: defaultProductCount, reset: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--reset') args.reset = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--products' || arg.startsWith('--products=')) {
      const raw = arg === '--products' ? argv[++i] : arg.slice('--products='.length);
      if (raw === undefined || raw === '') throw new CliArgsError('--products needs a number, e.g. --products 100000');
      const value = raw.replace(/[_,]/g, '');
      if (!/^\d+$/.test(value) || Number(value) > maxProducts) {
        throw new CliArgsError(`--products must be a whole number from 0 to ${maxProducts.toLocaleString('en-US')}, got "${raw}"`);
      }
      args.products = Number(value);
    } else throw new CliArgsError(`unknown argument "${arg}"\n\n${usage}`);
  }
  return args;
}
